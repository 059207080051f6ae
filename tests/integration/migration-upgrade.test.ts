import { Client } from "pg";
import { createPrismaClient } from "@/lib/db/client.server";
import { decideByDate } from "@/lib/applications/dates";
import { countryTimeZone } from "@/lib/dates/country-zones";
import { migrateWith, readMigrations, type Migration } from "@/lib/db/migrate.server";
import { seed } from "@/lib/db/seed/seed.server";
import { generatePrograms } from "@/lib/db/seed/programs";
import { createScratchDatabase, SCRATCH_DATABASE_TIMEOUT, type ScratchDatabase } from "../support/databases";
import { findSchemaDrift } from "../support/schema-drift";

// The migrations after the first release, applied to a database that the earlier ones built and
// the seed filled, with rows those earlier versions allowed.

const STUDY_KEYS = "20261122000000_program_study_list_keys";
const LETTER_CASE = "20261122010000_case_insensitive_usernames";
const EMAIL_VERIFICATION = "20261123174000_email_verification";
const RANKING_SOURCE = "20261123180000_ranking_source";
const TOKEN_ADDRESSES = "20261126162000_token_addresses";
const STUDY_NAMES_ANY_CASE = "20261126162100_study_list_names_any_case";
const SOURCE_KEY = "20261126163000_university_source_key";
const UPLOADS = "20261126163100_uploads";
const PROGRAM_KEY = "20261126164000_program_key_and_live_university";
const APPLICATION_DATES = "20261126203000_application_decide_by_reply_by";
const OFFER_CONDITIONS = "20261126210000_offer_conditions";
const PROGRAM_TIME_ZONE = "20261126211000_program_time_zone";
const ADMIN_PERMISSIONS = "20261127064500_admin_permissions";
const REQUEST_COUNTS = "20261127150000_application_request_counts";
const REQUESTS_CLOSED = "20261128120000_requests_closed_with_application";
/** What the earlier seed wrote into every university's description. */
const LEGACY_DESCRIPTION =
  "Aalto University is a higher-education institution in Finland. " +
  "The programs listed here are sample data for demonstration; check the official website for current offerings.";

let scratch: ScratchDatabase;
let client: Client;
const migrations = readMigrations();

function upTo(name: string, { including }: { including: boolean }): Migration[] {
  const index = migrations.findIndex((m) => m.name === name);
  expect(index).toBeGreaterThan(0);
  return migrations.slice(0, including ? index + 1 : index);
}

beforeAll(async () => {
  scratch = await createScratchDatabase();
  client = new Client({ connectionString: scratch.url });
  await client.connect();
  await migrateWith(client, upTo(STUDY_KEYS, { including: false }));
  const prisma = createPrismaClient(scratch.url, { max: 2 });
  try {
    // Reference data only: today's demo seed writes rows in today's shape (e.g. the history's
    // actorName), which these older tables do not have yet. What the earlier seed added to every
    // deployment (generated programs, rankings, descriptions) is added here as it did.
    await seed(prisma, { demo: false });
  } finally {
    await prisma?.$disconnect();
  }
  const { rows: universities } = await client.query(
    `SELECT "id", "slug", "name" FROM "universities" ORDER BY "id" LIMIT 300`,
  );
  const programs = universities.flatMap((u) =>
    generatePrograms(u.slug, u.name, new Date()).map((p) => ({ ...p, universityId: u.id })),
  );
  await client.query(
    `INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree",
                             "duration", "tuition", "deadline", "updatedAt")
     SELECT *, now() FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                                 $7::int[], $8::numeric[], $9::timestamptz[])`,
    [
      programs.map((p) => p.universityId),
      programs.map((p) => p.name),
      programs.map((p) => p.description),
      programs.map((p) => p.level),
      programs.map((p) => p.field),
      programs.map((p) => p.degree),
      programs.map((p) => p.duration),
      programs.map((p) => p.tuition),
      programs.map((p) => p.deadline),
    ],
  );
  await client.query(
    `UPDATE "universities" SET "ranking" = "id", "description" = $1 WHERE "id" = ANY($2::int[])`,
    [LEGACY_DESCRIPTION, universities.slice(0, 20).map((u) => u.id)],
  );
}, 180_000);

afterAll(async () => {
  await client?.end();
  await scratch?.drop();
}, SCRATCH_DATABASE_TIMEOUT);

async function programsById() {
  const { rows } = await client.query(`SELECT "id", "level", "field" FROM "programs" ORDER BY "id"`);
  return rows;
}

test("study list keys: every program is kept, and the names programs used join the lists", async () => {
  // Before the keys, a level or field could be deleted from the lists while programs used it.
  const university = await client.query(`SELECT "id" FROM "universities" ORDER BY "id" LIMIT 1`);
  await client.query(
    `INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree",
                             "duration", "tuition", "deadline", "updatedAt")
     VALUES ($1, 'Legacy Diploma', 'Kept.', 'Diploma', 'Oceanography', 'BA', 2, 100, now(), now()),
            ($1, 'Legacy Foundation', 'Kept.', 'Foundation', 'Oceanography', 'BA', 1, 100, now(), now())`,
    [university.rows[0].id],
  );
  const before = await programsById();
  expect(before.length).toBeGreaterThan(1000);
  const lastLevel = await client.query(`SELECT max("position") AS "max" FROM "study_levels"`);

  const result = await migrateWith(client, upTo(STUDY_KEYS, { including: true }));
  expect(result.applied).toEqual([STUDY_KEYS]);

  expect(await programsById()).toEqual(before);
  const levels = await client.query(
    `SELECT "name", "position" FROM "study_levels" WHERE "position" > $1 ORDER BY "position"`,
    [lastLevel.rows[0].max],
  );
  expect(levels.rows.map((r) => r.name)).toEqual(["Diploma", "Foundation"]);
  const fields = await client.query(
    `SELECT count(*)::int AS "n" FROM "study_fields" WHERE "name" = 'Oceanography'`,
  );
  expect(fields.rows[0].n).toBe(1);

  // The keys now hold: a used level cannot go, an unknown one cannot be used, a rename follows.
  await expect(client.query(`DELETE FROM "study_levels" WHERE "name" = 'Diploma'`)).rejects.toThrow(
    /programs_level_fkey/,
  );
  await expect(
    client.query(`UPDATE "programs" SET "field" = 'Alchemy' WHERE "name" = 'Legacy Diploma'`),
  ).rejects.toThrow(/programs_field_fkey/);
  await client.query(`UPDATE "study_levels" SET "name" = 'Diploma (legacy)' WHERE "name" = 'Diploma'`);
  const renamed = await client.query(`SELECT "level" FROM "programs" WHERE "name" = 'Legacy Diploma'`);
  expect(renamed.rows[0].level).toBe("Diploma (legacy)");
});

test("case-insensitive accounts: case-variant duplicates stop the migration, named, until the operator resolves them", async () => {
  await client.query(
    `INSERT INTO "users" ("username", "email", "fullName") VALUES
       ('Twin', 'twin.one@example.com', 'Twin One'), ('twin', 'twin.two@example.com', 'Twin Two'),
       ('mail_a', 'Same@Example.com', 'Mail A'), ('mail_b', 'same@example.com', 'Mail B')`,
  );
  const twins = await client.query(
    `SELECT "id", "username" FROM "users" WHERE lower("username") = 'twin' ORDER BY "id"`,
  );
  const mails = await client.query(
    `SELECT "id" FROM "users" WHERE lower("email") = 'same@example.com' ORDER BY "id"`,
  );
  const [first, second] = twins.rows.map((r) => r.id);
  const [mailA, mailB] = mails.rows.map((r) => r.id);

  const failure = migrateWith(client, upTo(LETTER_CASE, { including: true }));
  await expect(failure).rejects.toThrow(
    `Migration ${LETTER_CASE} failed: Accounts differ only in letter case: ` +
      `username 'Twin' (id ${first}), 'twin' (id ${second}); ` +
      `email 'Same@Example.com' (id ${mailA}), 'same@example.com' (id ${mailB}).`,
  );
  const recorded = await client.query(`SELECT 1 FROM "_prisma_migrations" WHERE "migration_name" = $1`, [
    LETTER_CASE,
  ]);
  expect(recorded.rows).toHaveLength(0);
  const type = await client.query(
    `SELECT "data_type" FROM information_schema.columns WHERE "table_name" = 'users' AND "column_name" = 'username'`,
  );
  expect(type.rows[0].data_type).toBe("text");

  // What the operator does: rename (or merge and delete) all but one of each, then migrate again.
  await client.query(`UPDATE "users" SET "username" = 'twin2' WHERE "id" = $1`, [second]);
  await client.query(`UPDATE "users" SET "email" = 'same.b@example.com' WHERE "id" = $1`, [mailB]);
  const usersBefore = await client.query(`SELECT count(*)::int AS "n" FROM "users"`);
  expect((await migrateWith(client, upTo(LETTER_CASE, { including: true }))).applied).toEqual([LETTER_CASE]);
  expect((await client.query(`SELECT count(*)::int AS "n" FROM "users"`)).rows[0].n).toBe(
    usersBefore.rows[0].n,
  );
  const found = await client.query(`SELECT "id" FROM "users" WHERE "username" = 'TWIN'`);
  expect(found.rows).toEqual([{ id: first }]);
});

test("e-mail verification: accounts made by a Google sign-in count as verified, the others do not", async () => {
  await migrateWith(client, upTo(EMAIL_VERIFICATION, { including: false }));
  await client.query(
    `INSERT INTO "users" ("username", "email", "fullName", "password", "googleId") VALUES
       ('via_google', 'via.google@example.com', 'Via Google', NULL, 'g-via'),
       ('pw_linked', 'pw.linked@example.com', 'Password Linked', 'hash', 'g-linked'),
       ('pw_only', 'pw.only@example.com', 'Password Only', 'hash', NULL)`,
  );
  expect((await migrateWith(client, upTo(EMAIL_VERIFICATION, { including: true }))).applied).toEqual([
    EMAIL_VERIFICATION,
  ]);
  const { rows } = await client.query(
    `SELECT "username", "emailVerifiedAt" IS NOT NULL AS "verified" FROM "users"
     WHERE "username" IN ('via_google', 'pw_linked', 'pw_only') ORDER BY "username"`,
  );
  expect(rows).toEqual([
    { username: "pw_linked", verified: false },
    { username: "pw_only", verified: false },
    { username: "via_google", verified: true },
  ]);
});

test("ranking source: rankings the earlier seed stored keep their number with no source (so none is shown), and its database is marked a demo", async () => {
  const before = await client.query(
    `SELECT "id", "ranking" FROM "universities" WHERE "ranking" IS NOT NULL ORDER BY "id"`,
  );
  expect(before.rows).toHaveLength(20);

  const result = await migrateWith(client, upTo(RANKING_SOURCE, { including: true }));
  expect(result.applied).toContain(RANKING_SOURCE);

  const after = await client.query(
    `SELECT "id", "ranking", "rankingSource", "rankingYear" FROM "universities" WHERE "ranking" IS NOT NULL ORDER BY "id"`,
  );
  expect(after.rows).toEqual(before.rows.map((row) => ({ ...row, rankingSource: null, rankingYear: null })));
  const setting = await client.query(`SELECT "value" FROM "settings" WHERE "key" = 'demoData'`);
  expect(setting.rows).toEqual([{ value: "true" }]);
});

test("link addresses: the reset and verification links already sent keep working for the account's address", async () => {
  await client.query(
    `INSERT INTO "users" ("username", "email", "fullName", "resetToken", "resetTokenExpiry",
                          "emailVerifyToken", "emailVerifyExpiry")
     VALUES ('linked', 'Linked@Example.com', 'Linked', 'reset-hash', now(), 'verify-hash', now()),
            ('unlinked', 'unlinked@example.com', 'Unlinked', NULL, NULL, NULL, NULL)`,
  );
  expect((await migrateWith(client, upTo(TOKEN_ADDRESSES, { including: true }))).applied).toContain(
    TOKEN_ADDRESSES,
  );
  const { rows } = await client.query(
    `SELECT "username", "resetTokenAddress", "emailVerifyAddress" FROM "users"
      WHERE "username" IN ('linked', 'unlinked') ORDER BY "username"`,
  );
  expect(rows).toEqual([
    { username: "linked", resetTokenAddress: "Linked@Example.com", emailVerifyAddress: "Linked@Example.com" },
    { username: "unlinked", resetTokenAddress: null, emailVerifyAddress: null },
  ]);
});

test("study names in any case: case-variant values stop the migration, named, until the operator resolves them", async () => {
  const { rows } = await client.query(
    `INSERT INTO "study_levels" ("name", "position") VALUES ('Diploma', 90), ('DIPLOMA', 91) RETURNING "id"`,
  );
  const field = await client.query(
    `INSERT INTO "study_fields" ("name", "position") VALUES ('Optics', 90), ('optics', 91) RETURNING "id"`,
  );
  await expect(migrateWith(client, upTo(STUDY_NAMES_ANY_CASE, { including: true }))).rejects.toThrow(
    `Migration ${STUDY_NAMES_ANY_CASE} failed: Study levels or fields differ only in letter case: ` +
      `study level 'Diploma' (id ${rows[0].id}), 'DIPLOMA' (id ${rows[1].id}); ` +
      `study field 'Optics' (id ${field.rows[0].id}), 'optics' (id ${field.rows[1].id}).`,
  );
  await client.query(`DELETE FROM "study_levels" WHERE "id" = $1`, [rows[1].id]);
  await client.query(`DELETE FROM "study_fields" WHERE "id" = $1`, [field.rows[1].id]);
  expect((await migrateWith(client, upTo(STUDY_NAMES_ANY_CASE, { including: true }))).applied).toEqual([
    STUDY_NAMES_ANY_CASE,
  ]);
  await expect(
    client.query(`INSERT INTO "study_levels" ("name", "position") VALUES ('diploma', 92)`),
  ).rejects.toThrow(/study_levels_name_lower_key/);
});

test("source key: each university keeps the slug the seed gave it, also when renamed, and the seed counts as completed", async () => {
  await migrateWith(client, upTo(SOURCE_KEY, { including: false }));
  const {
    rows: [renamed],
  } = await client.query(`SELECT "id", "slug" FROM "universities" ORDER BY "id" LIMIT 1`);
  await client.query(`UPDATE "universities" SET "name" = 'Renamed', "slug" = 'renamed' WHERE "id" = $1`, [
    renamed.id,
  ]);
  await client.query(`INSERT INTO "university_slugs" ("slug", "universityId") VALUES ($1, $2)`, [
    renamed.slug,
    renamed.id,
  ]);

  // Seeded before the seed wrote its mark.
  await client.query(`DELETE FROM "settings" WHERE "key" = 'seedCompletedAt'`);

  expect((await migrateWith(client, upTo(SOURCE_KEY, { including: true }))).applied).toEqual([SOURCE_KEY]);

  const keys = await client.query(
    `SELECT count(*)::int AS "differ" FROM "universities" WHERE "sourceKey" IS DISTINCT FROM "slug"`,
  );
  expect(keys.rows).toEqual([{ differ: 1 }]);
  const key = await client.query(`SELECT "sourceKey" FROM "universities" WHERE "id" = $1`, [renamed.id]);
  expect(key.rows).toEqual([{ sourceKey: renamed.slug }]);
  const mark = await client.query(
    `SELECT count(*)::int AS "marks" FROM "settings" WHERE "key" = 'seedCompletedAt'`,
  );
  expect(mark.rows).toEqual([{ marks: 1 }]);
});

test("uploads: the stored images universities show are recorded as used by them", async () => {
  await migrateWith(client, upTo(UPLOADS, { including: false }));
  const [main, gallery, shared] = ["a", "b", "c"].map((digit) => `${digit.repeat(32)}.png`);
  const { rows } = await client.query(`SELECT "id" FROM "universities" ORDER BY "id" LIMIT 2`);
  await client.query(`UPDATE "universities" SET "mainImage" = $2, "images" = $3 WHERE "id" = $1`, [
    rows[0].id,
    `/uploads/${main}`,
    [`https://images.example.com/${gallery}`, `/uploads/${shared}`, "https://example.com/photo.jpg"],
  ]);
  await client.query(`UPDATE "universities" SET "images" = $2 WHERE "id" = $1`, [
    rows[1].id,
    [`/uploads/${shared}`],
  ]);

  expect((await migrateWith(client, upTo(UPLOADS, { including: true }))).applied).toEqual([UPLOADS]);

  const uploads = await client.query(`SELECT "key" FROM "uploads" ORDER BY "key"`);
  expect(uploads.rows).toEqual([main, gallery, shared].sort().map((key) => ({ key })));
  const used = await client.query(
    `SELECT "universityId", "key" FROM "university_uploads" ORDER BY "universityId", "key"`,
  );
  expect(used.rows).toEqual([
    ...[main, gallery, shared].sort().map((key) => ({ universityId: rows[0].id, key })),
    { universityId: rows[1].id, key: shared },
  ]);
});

test("program key: live programs sharing a key stop the migration, named; live programs under an archived university are archived with it", async () => {
  await migrateWith(client, upTo(PROGRAM_KEY, { including: false }));
  const { rows: universities } = await client.query<{ id: number }>(
    `SELECT DISTINCT "universityId" AS "id" FROM "programs" ORDER BY "universityId" LIMIT 2`,
  );
  const [withTwin, archived] = universities.map((u) => u.id);
  const { rows: twins } = await client.query<{ id: number; name: string; degree: string }>(
    `INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree", "duration",
                             "tuition", "deadline", "updatedAt")
     SELECT "universityId", "name", "description", "level", "field", "degree", "duration", "tuition", "deadline", now()
       FROM "programs" WHERE "universityId" = $1 ORDER BY "id" LIMIT 1
     RETURNING "id", "name", "degree"`,
    [withTwin],
  );
  const twin = twins[0];
  const { rows: originals } = await client.query<{ id: number }>(
    `SELECT "id" FROM "programs" WHERE "universityId" = $1 AND "name" = $2 AND "degree" = $3 AND "id" <> $4`,
    [withTwin, twin.name, twin.degree, twin.id],
  );
  await expect(migrateWith(client, upTo(PROGRAM_KEY, { including: true }))).rejects.toThrow(
    `university ${withTwin}, "${twin.name}" (${twin.degree}): programs ${originals[0].id}, ${twin.id}`,
  );

  // What the operator does: archive (or rename) the extra one, then migrate again.
  await client.query(`UPDATE "programs" SET "archivedAt" = now() WHERE "id" = $1`, [twin.id]);
  await client.query(`UPDATE "universities" SET "archivedAt" = now() WHERE "id" = $1`, [archived]);
  expect((await migrateWith(client, upTo(PROGRAM_KEY, { including: true }))).applied).toEqual([PROGRAM_KEY]);
  const { rows: left } = await client.query(
    `SELECT count(*)::int AS "n" FROM "programs" WHERE "universityId" = $1 AND "archivedAt" IS NULL`,
    [archived],
  );
  expect(left).toEqual([{ n: 0 }]);
});

test("application dates: each application is due 20 working days after it was submitted (a backlog from the upgrade); open offers keep their reply-by date", async () => {
  await migrateWith(client, upTo(APPLICATION_DATES, { including: false }));
  const { rows: users } = await client.query<{ id: number }>(
    `SELECT "id" FROM "users" ORDER BY "id" LIMIT 1`,
  );
  const { rows: programs } = await client.query<{ id: number }>(
    `SELECT "id" FROM "programs" ORDER BY "id" LIMIT 6`,
  );
  // A Friday night, a Saturday, across February's end and the year's end; two offers, one bare approval.
  const applications = [
    { submittedAt: "2027-03-05T23:30:00.000Z", status: "pending" },
    { submittedAt: "2027-03-06T08:00:00.000Z", status: "in-review" },
    { submittedAt: "2027-02-24T10:00:00.000Z", status: "approved", offers: ["2027-03-20", "2027-04-01"] },
    { submittedAt: "2027-12-29T10:00:00.000Z", status: "approved" },
    { submittedAt: "2027-01-04T10:00:00.000Z", status: "rejected", offers: ["2027-02-01"] },
    // Waiting since long before the upgrade: counted from the upgrade's day, not marked inactive at once.
    { submittedAt: "2020-01-06T10:00:00.000Z", status: "pending" },
  ];
  const ids: number[] = [];
  for (const [i, application] of applications.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "applications" ("userId", "programId", "status", "personalStatement", "academicHistory", "submittedAt")
       VALUES ($1, $2, $3, 'A statement.', '{}', $4) RETURNING "id"`,
      [users[0].id, programs[i].id, application.status, application.submittedAt],
    );
    ids.push(rows[0].id);
    for (const replyBy of application.offers ?? []) {
      await client.query(
        `INSERT INTO "application_events" ("applicationId", "toStatus", "transition", "data")
         VALUES ($1, 'approved', 'make-offer', $2)`,
        [rows[0].id, { offer: { conditions: [], replyBy } }],
      );
    }
  }

  expect((await migrateWith(client, upTo(APPLICATION_DATES, { including: true }))).applied).toEqual([
    APPLICATION_DATES,
  ]);
  const { rows } = await client.query<{ id: number; decideBy: string; replyBy: string | null }>(
    `SELECT "id", "decideBy"::text AS "decideBy", "replyBy"::text AS "replyBy"
       FROM "applications" WHERE "id" = ANY($1) ORDER BY "id"`,
    [ids],
  );
  const upgradedOn = new Date();
  expect(rows.map((row) => row.decideBy)).toEqual(
    applications.map((a) =>
      decideByDate(new Date(Math.max(new Date(a.submittedAt).getTime(), upgradedOn.getTime())), 20, "UTC"),
    ),
  );
  expect(rows.slice(0, 5).map((row) => row.decideBy)).toEqual([
    "2027-04-02",
    "2027-04-02",
    "2027-03-24",
    "2028-01-26",
    "2027-02-01",
  ]);
  // The latest offer's date, and only while the offer is open.
  expect(rows.map((row) => row.replyBy)).toEqual([null, null, "2027-04-01", null, null, null]);
});

test("offer conditions: each offer's conditions become rows in order, met where the place was confirmed since", async () => {
  await migrateWith(client, upTo(OFFER_CONDITIONS, { including: false }));
  const { rows: users } = await client.query<{ id: number; fullName: string }>(
    `SELECT "id", "fullName" FROM "users" ORDER BY "id" LIMIT 1`,
  );
  const { rows: programs } = await client.query<{ id: number }>(
    `SELECT "id" FROM "programs" ORDER BY "id" DESC LIMIT 4`,
  );
  const cases = [
    // Confirmed since the offer: met, by whoever confirmed it and when.
    { status: "place-confirmed", offers: [["IELTS 6.5", "Final transcript"]], confirmed: true },
    // Waiting: pending. Only the latest offer counts.
    { status: "conditions-pending", offers: [["An old condition"], ["Portfolio"]], confirmed: false },
    // A bare approval, and an offer whose data is not a list: no conditions.
    { status: "approved", offers: [[]], confirmed: false },
    { status: "approved", offers: ["not a list"], confirmed: false },
  ];
  const ids: number[] = [];
  for (const [i, { status, offers, confirmed }] of cases.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "applications" ("userId", "programId", "status", "personalStatement", "academicHistory", "decideBy")
       VALUES ($1, $2, $3, 'A statement.', '{}', '2027-04-02') RETURNING "id"`,
      [users[0].id, programs[i].id, status],
    );
    ids.push(rows[0].id);
    for (const conditions of offers) {
      await client.query(
        `INSERT INTO "application_events" ("applicationId", "toStatus", "transition", "data")
         VALUES ($1, 'approved', 'make-offer', $2)`,
        [rows[0].id, { offer: { conditions, replyBy: "2027-03-12" } }],
      );
    }
    if (confirmed) {
      await client.query(
        `INSERT INTO "application_events" ("applicationId", "toStatus", "transition", "actorId", "actorName", "createdAt")
         VALUES ($1, 'place-confirmed', 'confirm-conditions', $2, $3, '2027-03-01T10:00:00Z')`,
        [rows[0].id, users[0].id, users[0].fullName],
      );
    }
  }

  expect((await migrateWith(client, upTo(OFFER_CONDITIONS, { including: true }))).applied).toEqual([
    OFFER_CONDITIONS,
  ]);
  const { rows } = await client.query(
    `SELECT "applicationId", "position", "text", "status"::text, "changedByName", "changedAt"
       FROM "offer_conditions" WHERE "applicationId" = ANY($1) ORDER BY "applicationId", "position"`,
    [ids],
  );
  expect(rows).toEqual([
    {
      applicationId: ids[0],
      position: 0,
      text: "IELTS 6.5",
      status: "met",
      changedByName: users[0].fullName,
      changedAt: new Date("2027-03-01T10:00:00Z"),
    },
    {
      applicationId: ids[0],
      position: 1,
      text: "Final transcript",
      status: "met",
      changedByName: users[0].fullName,
      changedAt: new Date("2027-03-01T10:00:00Z"),
    },
    {
      applicationId: ids[1],
      position: 0,
      text: "Portfolio",
      status: "pending",
      changedByName: null,
      changedAt: null,
    },
  ]);
});

test("program time zone: a program gets its country's zone where the country keeps one clock, UTC elsewhere", async () => {
  await migrateWith(client, upTo(PROGRAM_TIME_ZONE, { including: false }));
  // A program at a university of countries with one clock and with several.
  await client.query(
    `INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree",
                             "duration", "tuition", "deadline", "updatedAt")
     SELECT DISTINCT ON (c."code") u."id", 'Zone Studies', 'Zones.', 'Master''s', 'Law', 'LLM', 1, 1000,
            '2090-03-15', now()
       FROM "universities" u JOIN "countries" c ON c."id" = u."countryId"
      WHERE c."code" IN ('DE', 'IN', 'US', 'AU') ORDER BY c."code", u."id"`,
  );
  const read = `SELECT p."id", c."code", p."deadline" FROM "programs" p
       JOIN "universities" u ON u."id" = p."universityId" JOIN "countries" c ON c."id" = u."countryId"
      ORDER BY p."id"`;
  const { rows: before } = await client.query<{ id: number; code: string; deadline: Date }>(read);
  expect((await migrateWith(client, upTo(PROGRAM_TIME_ZONE, { including: true }))).applied).toEqual([
    PROGRAM_TIME_ZONE,
  ]);
  const { rows } = await client.query<{ id: number; code: string; timeZone: string; deadline: Date }>(
    `SELECT p."id", c."code", p."timeZone", p."deadline" FROM "programs" p
       JOIN "universities" u ON u."id" = p."universityId" JOIN "countries" c ON c."id" = u."countryId"
      ORDER BY p."id"`,
  );
  expect(rows.map((row) => [row.code, row.timeZone])).toEqual(
    before.map((row) => [row.code, countryTimeZone(row.code)]),
  );
  const zoneOf = new Map(rows.map((row) => [row.code, row.timeZone]));
  expect(["DE", "IN", "US", "AU"].map((code) => zoneOf.get(code))).toEqual([
    "Europe/Berlin",
    "Asia/Calcutta",
    "UTC",
    "UTC",
  ]);
  // The stored day is untouched: only the moment it ends moves.
  expect(rows.map((row) => row.deadline)).toEqual(before.map((row) => row.deadline));
});

test("admin permissions: every team admin keeps what they could do; super admins and students get no grants", async () => {
  await migrateWith(client, upTo(ADMIN_PERMISSIONS, { including: false }));
  const { rows: made } = await client.query<{ id: number; username: string }>(
    `INSERT INTO "users" ("username", "email", "fullName", "role", "adminType", "isActive") VALUES
       ('perm_team', 'perm.team@example.com', 'Perm Team', 'admin', 'team', true),
       ('perm_team_off', 'perm.off@example.com', 'Perm Off', 'admin', 'team', false),
       ('perm_super', 'perm.super@example.com', 'Perm Super', 'admin', 'super', true),
       ('perm_student', 'perm.student@example.com', 'Perm Student', 'user', NULL, true)
     RETURNING "id", "username"`,
  );
  expect((await migrateWith(client, upTo(ADMIN_PERMISSIONS, { including: true }))).applied).toEqual([
    ADMIN_PERMISSIONS,
  ]);
  const { rows } = await client.query<{ username: string; permissions: string[] }>(
    `SELECT "username", "permissions"::text[] AS "permissions" FROM "users" WHERE "id" = ANY($1) ORDER BY "id"`,
    [made.map((row) => row.id)],
  );
  const all = ["make-decisions", "manage-catalogue", "export-data"];
  expect(rows).toEqual([
    { username: "perm_team", permissions: all },
    // Deactivated, and so still a team admin when reactivated.
    { username: "perm_team_off", permissions: all },
    { username: "perm_super", permissions: [] },
    { username: "perm_student", permissions: [] },
  ]);
  // Accounts made from now on start with none.
  const { rows: later } = await client.query<{ permissions: string[] }>(
    `INSERT INTO "users" ("username", "email", "fullName", "role", "adminType")
     VALUES ('perm_later', 'perm.later@example.com', 'Perm Later', 'admin', 'team')
     RETURNING "permissions"::text[] AS "permissions"`,
  );
  expect(later[0].permissions).toEqual([]);
});

test("request counts: each application counts its open and answered requests, and every later write of a request moves them", async () => {
  await migrateWith(client, upTo(REQUEST_COUNTS, { including: false }));
  const { rows: users } = await client.query<{ id: number }>(
    `INSERT INTO "users" ("username", "email", "fullName", "role")
     VALUES ('counts_student', 'counts.student@example.com', 'Counts Student', 'user') RETURNING "id"`,
  );
  const { rows: programs } = await client.query<{ id: number }>(
    `SELECT "id" FROM "programs" ORDER BY "id" DESC LIMIT 3`,
  );
  const ids: number[] = [];
  for (const program of programs) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "applications" ("userId", "programId", "status", "personalStatement", "academicHistory", "decideBy")
       VALUES ($1, $2, 'in-review', 'A statement.', '{}', '2027-03-01') RETURNING "id"`,
      [users[0].id, program.id],
    );
    ids.push(rows[0].id);
  }
  const ask = async (applicationId: number, status: string) =>
    (
      await client.query<{ id: number }>(
        `INSERT INTO "document_requests" ("applicationId", "message", "status", "requestedByName")
         VALUES ($1, 'Send your transcript.', $2, 'The team') RETURNING "id"`,
        [applicationId, status],
      )
    ).rows[0].id;
  const [first, , answered] = [
    await ask(ids[0], "open"),
    await ask(ids[0], "open"),
    await ask(ids[0], "answered"),
    await ask(ids[0], "closed"),
    await ask(ids[1], "closed"),
  ];
  const counts = async () =>
    (
      await client.query<{ open: number; answered: number }>(
        `SELECT "openRequests" AS "open", "answeredRequests" AS "answered"
           FROM "applications" WHERE "id" = ANY($1) ORDER BY "id"`,
        [ids],
      )
    ).rows.map((row) => [row.open, row.answered]);

  expect((await migrateWith(client, upTo(REQUEST_COUNTS, { including: true }))).applied).toEqual([
    REQUEST_COUNTS,
  ]);
  expect(await counts()).toEqual([
    [2, 1],
    [0, 0],
    [0, 0],
  ]);
  await client.query(`UPDATE "document_requests" SET "status" = 'answered' WHERE "id" = $1`, [first]);
  await client.query(`DELETE FROM "document_requests" WHERE "id" = $1`, [answered]);
  await ask(ids[2], "open");
  expect(await counts()).toEqual([
    [1, 1],
    [0, 0],
    [1, 0],
  ]);
});

test("requests closed with their application: those left open or answered on a closed application close as its move would have closed them", async () => {
  await migrateWith(client, upTo(REQUESTS_CLOSED, { including: false }));
  const { rows: users } = await client.query<{ id: number }>(
    `INSERT INTO "users" ("username", "email", "fullName", "role")
     VALUES ('closing_student', 'closing.student@example.com', 'Closing Student', 'user') RETURNING "id"`,
  );
  const studentId = users[0].id;
  const { rows: programs } = await client.query<{ id: number }>(
    `SELECT "id" FROM "programs" ORDER BY "id" DESC LIMIT 3 OFFSET 3`,
  );
  const apply = async (programId: number, status: string) =>
    (
      await client.query<{ id: number }>(
        `INSERT INTO "applications" ("userId", "programId", "status", "personalStatement", "academicHistory", "decideBy")
         VALUES ($1, $2, $3, 'A statement.', '{}', '2027-03-01') RETURNING "id"`,
        [studentId, programId, status],
      )
    ).rows[0].id;
  const [withdrawn, declined, open] = [
    await apply(programs[0].id, "withdrawn"),
    await apply(programs[1].id, "offer-declined"),
    await apply(programs[2].id, "in-review"),
  ];
  // The moves that closed them: the student's withdrawal, the jobs' decline by default (nobody).
  await client.query(
    `INSERT INTO "application_events" ("applicationId", "actorId", "actorName", "fromStatus", "toStatus", "transition", "createdAt")
     VALUES ($1, $3, 'Closing Student', 'pending', 'in-review', 'start-review', '2027-01-02T09:00:00Z'),
            ($1, $3, 'Closing Student', 'in-review', 'withdrawn', 'withdraw', '2027-01-05T10:00:00Z'),
            ($2, NULL, NULL, 'approved', 'offer-declined', 'decline-by-default', '2027-01-06T01:00:00Z')`,
    [withdrawn, declined, studentId],
  );
  const ask = async (applicationId: number, status: string) =>
    (
      await client.query<{ id: number }>(
        `INSERT INTO "document_requests" ("applicationId", "message", "status", "requestedByName", "closedAt", "closedByName")
         VALUES ($1, 'Send your transcript.', $2::"DocumentRequestStatus", 'The team',
                 CASE WHEN $2::text = 'closed' THEN '2027-01-03T08:00:00Z'::timestamp END,
                 CASE WHEN $2::text = 'closed' THEN 'The team' END) RETURNING "id"`,
        [applicationId, status],
      )
    ).rows[0].id;
  const ids = [
    await ask(withdrawn, "open"),
    await ask(withdrawn, "answered"),
    await ask(withdrawn, "closed"),
    await ask(declined, "open"),
    await ask(open, "open"),
  ];

  expect((await migrateWith(client, upTo(REQUESTS_CLOSED, { including: true }))).applied).toEqual([
    REQUESTS_CLOSED,
  ]);
  const { rows } = await client.query(
    `SELECT "status", "closedAt"::text AS "closedAt", "closedById", "closedByName", "closedWith"::text AS "closedWith"
       FROM "document_requests" WHERE "id" = ANY($1) ORDER BY "id"`,
    [ids],
  );
  const withdrawal = {
    status: "closed",
    closedAt: "2027-01-05 10:00:00",
    closedById: studentId,
    closedByName: "Closing Student",
    closedWith: "withdrawn",
  };
  expect(rows).toEqual([
    withdrawal,
    withdrawal,
    // Closed by the team before: kept as it was.
    {
      status: "closed",
      closedAt: "2027-01-03 08:00:00",
      closedById: null,
      closedByName: "The team",
      closedWith: null,
    },
    {
      status: "closed",
      closedAt: "2027-01-06 01:00:00",
      closedById: null,
      closedByName: null,
      closedWith: "offer-declined",
    },
    // The open application's request waits as before.
    { status: "open", closedAt: null, closedById: null, closedByName: null, closedWith: null },
  ]);
  const { rows: counts } = await client.query(
    `SELECT "openRequests" AS "open", "answeredRequests" AS "answered" FROM "applications"
      WHERE "id" = ANY($1) ORDER BY "id"`,
    [[withdrawn, declined, open]],
  );
  expect(counts).toEqual([
    { open: 0, answered: 0 },
    { open: 0, answered: 0 },
    { open: 1, answered: 0 },
  ]);
});

test("after every migration, the upgraded database matches schema.prisma", async () => {
  await migrateWith(client, migrations);
  expect(await findSchemaDrift(client)).toEqual([]);
});
