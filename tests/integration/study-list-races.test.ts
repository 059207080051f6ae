import { POST as addField } from "@/app/api/settings/study-fields/route";
import { POST as addLevel } from "@/app/api/settings/study-levels/route";
import { prisma } from "@/lib/db/client.server";
import { cleanup, createSuperAdmin, remember, uniqueTag } from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";
import { signIn } from "../support/roles";
import type { Agent } from "../support/agent";

// Study levels and fields are unique whatever the letter case, and each new one goes to the end of
// its list: adds sent at the same moment make one value each, at distinct positions.

afterAll(cleanup);

const LISTS = [
  { list: "study-levels", add: addLevel, kind: "studyLevel", table: "study_levels" },
  { list: "study-fields", add: addField, kind: "studyField", table: "study_fields" },
] as const;

describeOnPostgres.each(LISTS)("adding to $list at the same moment", ({ list, add, kind, table }) => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await signIn((await createSuperAdmin()).username);
  });

  test("one value per name in any letter case, each at a position of its own", async () => {
    const tag = uniqueTag();
    const names = [`Race ${tag}`, `RACE ${tag}`, `race ${tag}`, `Other ${tag}`];
    // Every add has passed its checks and waits to write while this session holds the table;
    // then all go at once.
    const session = await openSession();
    let responses: Response[];
    try {
      await session.query("BEGIN");
      await session.query(`LOCK TABLE "${table}" IN SHARE MODE`);
      const sending = Promise.all(
        names.map((name) => agent.call(add, `/api/settings/${list}`, { json: { name } })),
      );
      await waitForLockWaiters(session, names.length);
      await session.query("COMMIT");
      responses = await sending;
    } finally {
      await session.end();
    }
    const bodies = await Promise.all(responses.map((response) => response.json()));
    for (const [i, body] of bodies.entries()) if (responses[i].status === 201) remember(kind, body);

    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    for (const [i, body] of bodies.entries())
      if (responses[i].status === 409)
        expect(body.error).toMatch(/^Study (level|field) "race .*" already exists\.$/i);
    const rows = await prisma.$queryRawUnsafe<{ name: string; position: number }[]>(
      `SELECT "name", "position" FROM "${table}" WHERE "name" LIKE $1`,
      `% ${tag}`,
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.position)).size).toBe(2);
  });
});
