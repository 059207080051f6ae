import { POST as importRoute } from "@/app/api/import/scholarships/route";
import { POST as createRoute } from "@/app/api/scholarships/route";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/scholarships/[id]/route";
import { prisma } from "@/lib/db/client.server";
import { SCHOLARSHIP_COLUMNS } from "@/lib/import/columns";
import { csv } from "@/lib/import/export.server";
import { SCHOLARSHIP_CREATED_MEANWHILE } from "@/lib/import/run.server";
import { SCHOLARSHIP_CHANGED, SCHOLARSHIP_NOT_FOUND } from "@/lib/scholarships/commands.server";
import { SCHOLARSHIP_KEY_TAKEN } from "@/lib/scholarships/key";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createScholarship,
  createStudent,
  createSuperAdmin,
  createUniversity,
  daysFromToday,
  uniqueTag,
} from "../support/factories";
import { whenNoOtherImport } from "../support/imports";
import { rowLock, whileLocked } from "../support/interleave";
import { describeOnPostgres } from "../support/postgres-only";
import { signIn } from "../support/roles";

// The scholarship catalogue under admins writing at the same moment, through the route handlers:
// a live scholarship's provider and name stay unique (the partial unique index answers 409, as
// the check in front of it would), an edit based on a version another edit has replaced is
// refused, and an edit racing a delete or an archive loses nothing and never answers 500. A
// session of the test's own holds a row every writer needs, so all of them have read what they
// act on before any of them writes; the embedded database serves one transaction at a time and
// cannot show this, PostgreSQL can.

const tag = uniqueTag();
const provider = `Racing ${tag}`;
let admin: Agent;
let university: Awaited<ReturnType<typeof createUniversity>>;

beforeAll(async () => {
  admin = await signIn((await createSuperAdmin({ username: `srace_${tag}` })).username);
  university = await createUniversity({ name: `Race ${tag} University`, countryCode: "DE" });
});
afterAll(async () => {
  // The rows written through the API, then the factories' own.
  await prisma.scholarship.deleteMany({ where: { provider } });
  await cleanup();
});

const create = (json: unknown) => admin.call(createRoute, "/api/scholarships", { json });
const patch = (id: number, json: unknown) =>
  admin.call(patchRoute, `/api/scholarships/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const remove = (id: number) =>
  admin.call(deleteRoute, `/api/scholarships/${id}`, { method: "DELETE", params: { id: String(id) } });
const importFile = (file: string) =>
  whenNoOtherImport(() =>
    admin.call(importRoute, "/api/import/scholarships?fileName=race.csv&apply=true", {
      body: new TextEncoder().encode(file),
      headers: { "content-type": "text/csv" },
    }),
  );

/** The form's body of a scholarship of this file's provider and the test's university. */
const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Award ${tag}`,
  provider,
  description: "Written by the test.",
  amountMin: "1,000",
  amountMax: "",
  currency: "EUR",
  nationalities: "",
  levels: [],
  fields: [],
  minGrade: "",
  deadline: daysFromToday(40).toISOString().slice(0, 10),
  officialUrl: "https://www.example.org/award",
  universityId: String(university.id),
  programId: "",
  ...overrides,
});

/** The route handlers' answers (route() turns every error into one). */
function answersOf(outcomes: PromiseSettledResult<unknown>[]): Response[] {
  return outcomes.map((outcome) => {
    if (outcome.status === "rejected") throw outcome.reason;
    return outcome.value as Response;
  });
}

/** The one error shape of the API, with this status's message (and its field's, if any). */
const refusal = (message: string, field?: string) => ({
  error: message,
  ...(field ? { fieldErrors: { [field]: [message] } } : {}),
  requestId: expect.any(String),
});

/** This file's scholarships of the name, as stored, with their levels. */
async function stored(name: string) {
  const rows = await prisma.scholarship.findMany({
    where: { provider, name },
    select: {
      id: true,
      description: true,
      amountMin: true,
      archivedAt: true,
      version: true,
      levels: { select: { level: true } },
    },
  });
  return rows.map((row) => ({ ...row, amountMin: row.amountMin?.toFixed(2) ?? null }));
}

const auditsOf = (action: string, where: { entityId?: string; summary?: string }) =>
  prisma.auditEvent.findMany({ where: { action, ...where }, select: { before: true, after: true } });

describeOnPostgres("scholarships written at the same moment", () => {
  test("two creates of one provider and name: one 201, one 409 in the error shape, one row", async () => {
    const name = `Twin ${tag}`;
    // Both wait on the university (their owner, read FOR SHARE) until the test lets go, then insert.
    const answers = answersOf(
      await whileLocked(rowLock("universities", university.id), [
        () => create(body({ name, description: "First." })),
        () => create(body({ name, description: "Second." })),
      ]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(await refused.json()).toEqual(refusal(SCHOLARSHIP_KEY_TAKEN, "name"));
    const saved = (await answers.find((answer) => answer.status === 201)!.json()) as { id: number };

    const rows = await stored(name);
    expect(rows.map((row) => row.id)).toEqual([saved.id]);
    // The refused write left nothing behind: one row, one audit entry.
    expect(await auditsOf("scholarship.create", { summary: `${name} (${provider})` })).toHaveLength(1);
  });

  test("two edits from the same version: one saved, the other refused, the row is the winner's", async () => {
    const scholarship = await createScholarship({
      name: `Edited ${tag}`,
      provider,
      universityId: university.id,
    });
    const edits = [
      { description: "Tab one.", amountMin: "1111.00", levels: ["PhD"] },
      { description: "Tab two.", amountMin: "2222.00", levels: ["Master's"] },
    ];

    const answers = answersOf(
      await whileLocked(
        rowLock("scholarships", scholarship.id),
        edits.map(
          (edit) => () =>
            patch(scholarship.id, {
              ...body({ name: scholarship.name, ...edit }),
              version: scholarship.version,
            }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = edits[answers.findIndex((answer) => answer.status === 200)];
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(await refused.json()).toEqual(refusal(SCHOLARSHIP_CHANGED, "version"));

    expect(await stored(scholarship.name)).toEqual([
      {
        id: scholarship.id,
        ...winner,
        levels: winner.levels.map((name) => ({ level: name })),
        archivedAt: null,
        version: scholarship.version + 1,
      },
    ]);
    expect(await auditsOf("scholarship.update", { entityId: String(scholarship.id) })).toHaveLength(1);
  });

  describe("an edit racing a delete or an archive: both happen in one order, nothing lost, no 500", () => {
    /**
     * A scholarship (on a student's shortlist when DELETE should archive it rather than erase it),
     * with an edit and a DELETE of it at the same moment: `first` takes the row, the other waits.
     */
    async function race(shortlisted: boolean, first: "edit" | "delete") {
      const scholarship = await createScholarship({
        name: `Contested ${uniqueTag()}`,
        provider,
        universityId: university.id,
      });
      if (shortlisted) {
        const student = await createStudent();
        await prisma.shortlistScholarship.create({
          data: { userId: student.id, scholarshipId: scholarship.id },
        });
      }
      const edit = () =>
        patch(scholarship.id, {
          ...body({ name: scholarship.name, description: "The edit." }),
          version: scholarship.version,
        });
      const removal = () => remove(scholarship.id);
      const answers = answersOf(
        await whileLocked(
          rowLock("scholarships", scholarship.id),
          first === "edit" ? [edit, removal] : [removal, edit],
          { inOrder: true },
        ),
      );
      const [edited, removed] = first === "edit" ? answers : answers.reverse();
      return { scholarship, edited, removed };
    }

    test("archived, then edited: the archived row keeps the edit", async () => {
      const { scholarship, edited, removed } = await race(true, "delete");
      expect(removed.status).toBe(200);
      expect(await removed.json()).toEqual({ archived: true, shortlistsKept: 1 });
      expect(edited.status).toBe(200);
      expect(await stored(scholarship.name)).toEqual([
        expect.objectContaining({
          description: "The edit.",
          archivedAt: expect.any(Date),
          version: scholarship.version + 1,
        }),
      ]);
    });

    test("edited, then archived: the archive keeps the edit, and its log entry shows it", async () => {
      const { scholarship, edited, removed } = await race(true, "edit");
      expect(edited.status).toBe(200);
      expect(removed.status).toBe(200);
      expect(await stored(scholarship.name)).toEqual([
        expect.objectContaining({ description: "The edit.", archivedAt: expect.any(Date) }),
      ]);
      const [entry] = await auditsOf("scholarship.archive", { entityId: String(scholarship.id) });
      expect(entry.before).toMatchObject({ description: "The edit." });
    });

    test("deleted, then edited: the edit is told 404, not 500", async () => {
      const { scholarship, edited, removed } = await race(false, "delete");
      expect(removed.status).toBe(204);
      expect(edited.status).toBe(404);
      expect(await edited.json()).toEqual(refusal(SCHOLARSHIP_NOT_FOUND));
      expect(await stored(scholarship.name)).toEqual([]);
      expect(await auditsOf("scholarship.update", { entityId: String(scholarship.id) })).toEqual([]);
    });

    test("edited, then deleted: the deletion's log entry holds the edit", async () => {
      const { scholarship, edited, removed } = await race(false, "edit");
      expect(edited.status).toBe(200);
      expect(removed.status).toBe(204);
      expect(await stored(scholarship.name)).toEqual([]);
      const [entry] = await auditsOf("scholarship.delete", { entityId: String(scholarship.id) });
      expect(entry.before).toMatchObject({ description: "The edit." });
    });
  });

  describe("an import creating the scholarship a create adds at the same moment: one row, no 500", () => {
    const HEADER = SCHOLARSHIP_COLUMNS.map((column) => column.name);
    /** A file of the scholarship and one other row, which must not be imported without it. */
    const fileOf = (name: string) =>
      csv([
        HEADER,
        ...[name, `${name} companion`].map((rowName) =>
          HEADER.map(
            (column) =>
              ({
                provider,
                name: rowName,
                description: "Imported.",
                amountMin: "500",
                currency: "EUR",
                deadline: daysFromToday(40).toISOString().slice(0, 10),
                officialUrl: "https://www.example.org/imported",
                university: university.slug,
              })[column] ?? "",
          ),
        ),
      ]);
    const imports = () =>
      prisma.auditEvent.count({
        where: { action: "import.scholarships", summary: { startsWith: "race.csv" } },
      });

    test("the import's row is written, not committed, when the create comes: the create is told 409", async () => {
      const name = `Imported first ${tag}`;
      // The import's insert waits on the university (its foreign key check) with its key already in
      // the index; the create waits on the same row, then finds the key taken.
      const [imported, created] = answersOf(
        await whileLocked(
          rowLock("universities", university.id),
          [() => importFile(fileOf(name)), () => create(body({ name }))],
          { inOrder: true },
        ),
      );
      expect(imported.status).toBe(200);
      expect(await imported.json()).toMatchObject({ applied: true, counts: { created: 2 } });
      expect(created.status).toBe(409);
      expect(await created.json()).toEqual(refusal(SCHOLARSHIP_KEY_TAKEN, "name"));
      expect(await stored(name)).toEqual([expect.objectContaining({ description: "Imported." })]);
      expect(await auditsOf("scholarship.create", { summary: `${name} (${provider})` })).toEqual([]);
    });

    test("the create's row is written, not committed, when the import comes: nothing is imported, 409", async () => {
      const name = `Created first ${tag}`;
      // Another admin adds it: the test holds that admin's row, which the create's audit entry names
      // (its foreign key check), so the create waits with its key already in the index; the import,
      // which did not see it, waits on that key, then finds it taken.
      const colleague = await createSuperAdmin({ username: `srace2_${tag}` });
      const other = await signIn(colleague.username);
      const before = await imports();
      const [created, imported] = answersOf(
        await whileLocked(
          rowLock("users", colleague.id),
          [
            () => other.call(createRoute, "/api/scholarships", { json: body({ name }) }),
            () => importFile(fileOf(name)),
          ],
          { inOrder: true },
        ),
      );
      expect(created.status).toBe(201);
      expect(imported.status).toBe(409);
      expect(await imported.json()).toEqual(refusal(SCHOLARSHIP_CREATED_MEANWHILE));
      expect(await stored(name)).toEqual([expect.objectContaining({ description: "Written by the test." })]);
      expect(await stored(`${name} companion`)).toEqual([]);
      expect(await imports()).toBe(before);
    });

    test("an import updating a scholarship an admin is editing keeps the edit in the columns it lacks", async () => {
      const scholarship = await createScholarship({
        name: `Shared ${tag}`,
        provider,
        universityId: university.id,
      });
      const edit = {
        ...body({ name: scholarship.name, description: "The edit." }),
        version: scholarship.version,
      };
      // The file sets the amount only; its description and the rest are the stored ones.
      const file = csv([
        ["provider", "name", "officialUrl", "amountMin"],
        [provider, scholarship.name, edit.officialUrl, "777"],
      ]);
      // The edit takes the row first; the import, which read the scholarship before the edit was
      // saved, waits for it too and then writes.
      const [edited, imported] = answersOf(
        await whileLocked(
          rowLock("scholarships", scholarship.id),
          [() => patch(scholarship.id, edit), () => importFile(file)],
          { inOrder: true },
        ),
      );
      expect(edited.status).toBe(200);
      expect(imported.status).toBe(200);
      expect(await stored(scholarship.name)).toEqual([
        expect.objectContaining({
          description: "The edit.",
          amountMin: "777.00",
          version: scholarship.version + 2,
        }),
      ]);
      // Compared with the edit saved meanwhile, the file changes the amount alone.
      expect(await imported.json()).toMatchObject({
        applied: true,
        counts: { updated: 1 },
        changes: [{ outcome: "updated", fields: ["amountMin"] }],
      });
    });
  });
});
