import { stringify } from "csv-stringify/sync";
import { GET as getProgram, PATCH as patchRoute } from "@/app/api/programs/[id]/route";
import { GET as exportPrograms } from "@/app/api/programs/export.csv/route";
import { POST as createRoute } from "@/app/api/programs/route";
import { prisma } from "@/lib/db/client.server";
import { PROGRAM_COLUMNS } from "@/lib/import/columns";
import { CURRENCY_INVALID } from "@/lib/money/currencies";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";
import { signInEachRole, type RoleAgents } from "../support/roles";
import { runImportWhenFree } from "../support/imports";

// A program's currency: through POST/PATCH /api/programs (USD when left out, kept on an edit that
// leaves it out, an unknown code refused), and through a CSV export and import of the same rows.

const tag = uniqueTag();
let roles: RoleAgents;
let university: Awaited<ReturnType<typeof createUniversity>>;
const deadline = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10) + "T00:00:00.000Z";

const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Currency ${tag}`,
  universityId: university.id,
  level: "Master's",
  field: "Business",
  degree: "MSc",
  duration: 2,
  tuition: "12000.00",
  deadline,
  description: "Money.",
  ...overrides,
});

beforeAll(async () => {
  roles = await signInEachRole(`cur${tag}`);
  university = await createUniversity({ name: `Currency ${tag} University` });
});

afterAll(cleanup);

test("the API stores the currency, defaults to USD, keeps it on an edit without it, refuses a bad code", async () => {
  const admin = roles.agents.super;
  const refused = await admin.call(createRoute, "/api/programs", { json: body({ currency: "EURO" }) });
  expect(refused.status).toBe(400);
  expect((await refused.json()).fieldErrors).toEqual({ currency: [CURRENCY_INVALID] });

  const plain = await admin.call(createRoute, "/api/programs", { json: body({ name: `Plain ${tag}` }) });
  expect(plain.status).toBe(201);
  expect((await plain.json()).currency).toBe("USD");

  const created = await admin.call(createRoute, "/api/programs", { json: body({ currency: "eur" }) });
  expect(created.status).toBe(201);
  const program = await created.json();
  expect(program.currency).toBe("EUR");

  const params = { id: String(program.id) };
  const edited = await admin.call(patchRoute, `/api/programs/${program.id}`, {
    method: "PATCH",
    json: body({ tuition: "13000", version: program.version }),
    params,
  });
  expect(edited.status).toBe(200);
  expect((await edited.json()).currency).toBe("EUR");
  const moved = await admin.call(patchRoute, `/api/programs/${program.id}`, {
    method: "PATCH",
    json: body({ tuition: "13000", currency: "GBP", version: program.version + 1 }),
    params,
  });
  expect((await moved.json()).currency).toBe("GBP");
  expect(
    (await (await admin.call(getProgram, `/api/programs/${program.id}`, { params })).json()).currency,
  ).toBe("GBP");
});

test("CSV: the export carries the currency and importing it back changes nothing; a new code updates", async () => {
  const admin = roles.agents.super;
  const actor = { id: roles.ids.super, fullName: "Role super" };
  const exported = await (await admin.call(exportPrograms, `/api/programs/export.csv?q=${tag}`)).text();
  const header = exported.split("\r\n")[0].split(",");
  expect(header).toEqual(PROGRAM_COLUMNS.map((column) => column.name));
  expect(exported).toContain(",13000.00,GBP,");

  const again = await runImportWhenFree(prisma, actor, {
    type: "programs",
    fileName: "again.csv",
    bytes: new TextEncoder().encode(exported),
    apply: true,
  });
  expect(again.counts).toMatchObject({ unchanged: 2, updated: 0, created: 0, rejected: 0 });

  const changed = exported.replace(",13000.00,GBP,", ",13000.00,JPY,");
  const report = await runImportWhenFree(prisma, actor, {
    type: "programs",
    fileName: "changed.csv",
    bytes: new TextEncoder().encode(changed),
    apply: true,
  });
  expect(report.counts).toMatchObject({ updated: 1, unchanged: 1 });
  const stored = await prisma.program.findFirstOrThrow({
    where: { name: `Currency ${tag}` },
    select: { currency: true },
  });
  expect(stored.currency).toBe("JPY");

  // Without the column, an existing program keeps its currency and a new one is USD.
  const columns = PROGRAM_COLUMNS.map((c) => c.name).filter((name) => name !== "currency");
  const row = (name: string) =>
    columns.map(
      (column) =>
        ({
          university: university.slug,
          name,
          degree: "MSc",
          level: "Master's",
          field: "Business",
          duration: "2",
          tuition: "13000.00",
          deadline,
          description: "Money.",
        })[column] ?? "",
    );
  const withoutColumn = stringify([columns, row(`Currency ${tag}`), row(`New ${tag}`)]);
  const third = await runImportWhenFree(prisma, actor, {
    type: "programs",
    fileName: "no-currency.csv",
    bytes: new TextEncoder().encode(withoutColumn),
    apply: true,
  });
  expect(third.counts.rejected).toBe(0);
  const rows = await prisma.program.findMany({
    where: { universityId: university.id, name: { in: [`Currency ${tag}`, `New ${tag}`] } },
    orderBy: { name: "asc" },
    select: { name: true, currency: true },
  });
  expect(rows).toEqual([
    { name: `Currency ${tag}`, currency: "JPY" },
    { name: `New ${tag}`, currency: "USD" },
  ]);
  const bad = await runImportWhenFree(prisma, actor, {
    type: "programs",
    fileName: "bad.csv",
    bytes: new TextEncoder().encode(changed.replace(",JPY,", ",YEN,")),
    apply: false,
  });
  expect(bad.counts.rejected).toBe(1);
});
