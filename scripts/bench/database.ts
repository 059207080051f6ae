// The bench's databases: never the demo or development one. On PostgreSQL, a database of the
// bench's own on DATABASE_URL's server (dropped and made again); without DATABASE_URL, an embedded
// database in a data directory of its own. Both get the demo catalogue (programs, rankings,
// accounts), so the pages have something to show and a student to sign in as.
import { Client } from "pg";
import { createPrismaClient } from "@/lib/db/client.server";
import { migrate } from "@/lib/db/migrate.server";
import { catalogueStatisticsStatement } from "@/lib/db/statistics";
import { seed } from "@/lib/db/seed/seed.server";

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops and creates database `name` on `serverUrl`'s server, migrates it and seeds the demo catalogue. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unusable database name ${name}`);
  if (new URL(serverUrl).pathname === `/${name}`)
    throw new Error("The bench will not drop DATABASE_URL's database");
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  await migrate(url);
  const prisma = createPrismaClient(url, { max: 2 });
  try {
    await seed(prisma, { demo: true });
  } finally {
    await prisma.$disconnect();
  }
  return url;
}

const NAME_WORDS = [
  "Technical",
  "State",
  "National",
  "Medical",
  "Open",
  "Polytechnic",
  "Metropolitan",
  "Pacific",
];
const PROGRAMS_PER_UNIVERSITY = 10;

/**
 * Adds synthetic universities until there are `universities` in all, each with 10 programs copied
 * from the demo catalogue's kinds (names, levels, fields, degrees), with spread tuition, the entry
 * requirements and visa sponsorship of a demo program picked alike (so that the fit filters meet
 * the demo catalogue's mix, not unknowns everywhere), and rankings on one in ten. One INSERT ... SELECT generate_series per table, then the seed's
 * VACUUM (ANALYZE) (lib/db/statistics.ts).
 */
export async function scaleTo(
  url: string,
  universities: number,
): Promise<{ universities: number; programs: number }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number; ranked: number }>(
      `SELECT count(*)::int AS n, coalesce(max("ranking"), 0)::int AS ranked FROM "universities"`,
    );
    const { n, ranked } = rows[0];
    if (universities > n) {
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO "universities" ("name", "slug", "countryId", "description", "ranking", "rankingSource", "rankingYear", "updatedAt")
         SELECT ($3::text[])[1 + g % cardinality($3::text[])] || ' University of Place ' || g,
                'synthetic-' || g,
                (countries.ids)[1 + (g * 7) % cardinality(countries.ids)],
                'A synthetic university for the bench.',
                CASE WHEN g % 10 = 0 THEN $2::int + g / 10 END,
                CASE WHEN g % 10 = 0 THEN 'Demo ranking' END,
                CASE WHEN g % 10 = 0 THEN 2026 END,
                now()
           FROM generate_series(1, $1::int) g,
                (SELECT array_agg("id" ORDER BY "id") AS ids FROM "countries") countries`,
        [universities - n, ranked, NAME_WORDS],
      );
      await client.query(
        `WITH kinds AS (
           SELECT array_agg(k."name" ORDER BY k."name", k."degree") AS names, array_agg(k."level" ORDER BY k."name", k."degree") AS levels,
                  array_agg(k."field" ORDER BY k."name", k."degree") AS fields, array_agg(k."degree" ORDER BY k."name", k."degree") AS degrees,
                  array_agg(k."duration" ORDER BY k."name", k."degree") AS durations, count(*)::int AS count
             FROM (SELECT DISTINCT ON ("name", "degree") "name", "level", "field", "degree", "duration" FROM "programs") k
         ),
         demo AS (
           SELECT array_agg("id" ORDER BY "id") AS ids, count(*)::int AS count FROM "programs"
         )
         INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree", "duration", "tuition", "deadline", "updatedAt",
                                 "minGrade", "minIelts", "minToefl", "minDuolingo", "minCambridge", "tuitionHome", "visaSponsorship")
         SELECT u."id", (kinds.names)[i], 'A synthetic program.', (kinds.levels)[i], (kinds.fields)[i], (kinds.degrees)[i],
                (kinds.durations)[i], ((u."id" * 7919 + k * 104729) % 60000)::numeric, now() + ((u."id" + k) % 300) * interval '1 day', now(),
                req."minGrade", req."minIelts", req."minToefl", req."minDuolingo", req."minCambridge",
                CASE WHEN req."tuitionHome" IS NOT NULL THEN ((u."id" * 7919 + k * 104729) % 60000)::numeric / 3 END, req."visaSponsorship"
           FROM "universities" u
          CROSS JOIN generate_series(1, $1::int) k
          CROSS JOIN kinds
          CROSS JOIN demo
          CROSS JOIN LATERAL (SELECT 1 + (u."id" * 31 + k * 17) % kinds.count AS i) pick
          JOIN "programs" req ON req."id" = (demo.ids)[1 + (u."id" * 13 + k * 7) % demo.count]
          WHERE u."slug" LIKE 'synthetic-%'`,
        [PROGRAMS_PER_UNIVERSITY],
      );
      await client.query("COMMIT");
      await client.query(catalogueStatisticsStatement({ vacuum: true }));
    }
    const counts = await client.query<{ universities: number; programs: number }>(
      `SELECT (SELECT count(*)::int FROM "universities") AS universities, (SELECT count(*)::int FROM "programs") AS programs`,
    );
    return counts.rows[0];
  } finally {
    await client.end();
  }
}
