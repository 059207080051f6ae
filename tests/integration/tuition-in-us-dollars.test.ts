import { prisma } from "@/lib/db/client.server";
import { convert, type Rates } from "@/lib/money/convert";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { searchPrograms } from "@/lib/programs/search.server";
import { loadRates } from "@/lib/rates/commands.server";
import { latestRates } from "@/lib/rates/queries.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";
import { whileUncommitted } from "../support/interleave";
import { describeOnPostgres } from "../support/postgres-only";

// The searches compare money in US dollars: the university search's cost limit, its lowest-tuition
// sort and each university's "from $X per year", and the program search's maximum tuition and
// tuition sort read each program's tuition converted at its currency's latest rate (`tuitionUsd`,
// kept by the database), never its own figure as if it were dollars. A currency without a rate
// has no figure: under no cost limit, and last in the sorts.

const CURRENCIES = ["PLN", "CZK", "ISK"];
const actor = { id: null, fullName: "Tuition in dollars test" };
const tag = uniqueTag();
const bytes = (text: string) => new TextEncoder().encode(text);
const load = (lines: string) =>
  loadRates(prisma, actor, { name: "rates.csv", bytes: bytes(`currency,rate,date\n${lines}\n`) });

let zloty: Awaited<ReturnType<typeof createUniversity>>;
let dollar: Awaited<ReturnType<typeof createUniversity>>;
let krona: Awaited<ReturnType<typeof createUniversity>>;

async function inCurrency(programId: number, currency: string) {
  await prisma.program.update({ where: { id: programId }, data: { currency } });
}

async function figureOf(programId: number): Promise<string | null> {
  const program = await prisma.program.findUniqueOrThrow({
    where: { id: programId },
    select: { tuitionUsd: true },
  });
  return program.tuitionUsd === null ? null : program.tuitionUsd.toFixed(2);
}

/**
 * The test's rates removed and its programs as made: 40,000 zloty, $11,000, 1,000 kronur, their
 * figures worked out again (a write of the column has the database do it).
 */
async function reset() {
  await prisma.exchangeRate.deleteMany({ where: { currency: { in: CURRENCIES } } });
  if (!zloty) return;
  await prisma.program.deleteMany({ where: { universityId: zloty.id, id: { not: zloty.programs[0].id } } });
  await prisma.program.update({
    where: { id: zloty.programs[0].id },
    data: { tuition: 40_000, currency: "PLN" },
  });
  await prisma.program.update({
    where: { id: krona.programs[0].id },
    data: { tuition: 1_000, currency: "ISK" },
  });
  await prisma.program.updateMany({ where: { universityId: dollar.id }, data: { tuition: 11_000 } });
  await prisma.program.updateMany({
    where: { name: { startsWith: `Dollars ${tag}` } },
    data: { tuitionUsd: null },
  });
}

beforeAll(async () => {
  await reset();
  const make = (name: string, tuition: number) =>
    createUniversity({
      name: `Dollars ${tag} ${name}`,
      programs: [{ name: `Dollars ${tag} ${name} MSc`, tuition }],
    });
  zloty = await make("Zloty", 40_000);
  dollar = await make("Dollar", 11_000);
  krona = await make("Krona", 1_000);
  await reset();
});

afterEach(reset);

afterAll(async () => {
  await cleanup();
  await prisma.exchangeRate.deleteMany({ where: { currency: { in: CURRENCIES } } });
});

const universityNames = async (filters: { cost?: number }, countryCode?: string) => {
  const criteria = {
    ...toSearchCriteria({ q: `Dollars ${tag}`, ...filters }),
    ...(countryCode ? { countryCode } : {}),
  };
  const page = await searchUniversities(criteria, { sort: "tuition", limit: 20, offset: 0 });
  return page.items.map((u) => [u.name.replace(`Dollars ${tag} `, ""), u.minTuition]);
};

const programNames = async (cost?: number) => {
  const page = await searchPrograms(toProgramCriteria({ q: `Dollars ${tag}`, cost }, new Date()), {
    sort: "tuition",
    limit: 20,
    offset: 0,
    rates: await latestRates(),
  });
  return page.items.map((p) => p.name.replace(`Dollars ${tag} `, "").replace(" MSc", ""));
};

test("the database converts as convert() does, rounding half away from zero to the cent", async () => {
  await load("PLN,3.9871234567,2026-10-01\nCZK,2,2026-10-01");
  const rates: Rates = await latestRates();
  // A fixed pseudo-random sample from a cent to the largest tuition, and every odd cent at a rate
  // of 2, each exactly half a cent.
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const amounts = ["0.00", "0.01", "99999999.99", "12345.67"];
  for (let i = 0; i < 200; i++)
    amounts.push((Math.floor(random() * 10 ** (2 + Math.ceil(random() * 8))) / 100).toFixed(2));
  for (const currency of ["PLN", "CZK"]) {
    const rows = await prisma.$queryRaw<{ amount: string; usd: string }[]>`
      SELECT a::text AS "amount", ("in_us_dollars"(a, ${currency})::numeric(30, 2))::text AS "usd"
        FROM unnest(${amounts}::numeric[]) AS a`;
    expect(rows.map((row) => row.usd)).toEqual(
      amounts.map((amount) => convert(amount, currency, "USD", rates)!.amount),
    );
  }
  expect(amounts.filter((amount) => Number(amount) > 100_000).length).toBeGreaterThan(50);
  const odd = ["0.01", "0.03", "0.05", "2.47", "99999999.99"];
  const [{ usd }] = await prisma.$queryRaw<{ usd: string[] }[]>`
    SELECT array_agg(("in_us_dollars"(a, 'CZK')::numeric(30, 2))::text ORDER BY o) AS "usd"
      FROM unnest(${odd}::numeric[]) WITH ORDINALITY AS t(a, o)`;
  expect(usd).toEqual(["0.01", "0.02", "0.03", "1.24", "50000000.00"]);
});

test("a program's figure follows its tuition, its currency and the latest rate", async () => {
  const program = zloty.programs[0].id;
  expect(await figureOf(program)).toBeNull();
  // Loading a rate works out the figures of the programs in that currency, and says how many.
  expect((await load("PLN,4,2026-10-01")).programs).toBe(1);
  expect(await figureOf(program)).toBe("10000.00");
  // A later day's rate is the latest; an older day's changes nothing.
  expect((await load("PLN,5,2026-11-01")).programs).toBe(1);
  expect(await figureOf(program)).toBe("8000.00");
  expect((await load("PLN,3,2026-09-01")).programs).toBe(0);
  expect(await figureOf(program)).toBe("8000.00");
  await prisma.program.update({ where: { id: program }, data: { tuition: 45_000 } });
  expect(await figureOf(program)).toBe("9000.00");
  // A currency without a rate has no figure; dollars are their own.
  await inCurrency(program, "CZK");
  expect(await figureOf(program)).toBeNull();
  await inCurrency(program, "USD");
  expect(await figureOf(program)).toBe("45000.00");
  // The university keeps its live programs' lowest figure.
  const stored = await prisma.university.findUniqueOrThrow({
    where: { id: zloty.id },
    select: { minTuitionUsd: true },
  });
  expect(stored.minTuitionUsd?.toFixed(2)).toBe("45000.00");
});

test("the university search's cost limit, tuition sort and lowest tuition are in dollars", async () => {
  await load("PLN,4,2026-10-01");
  // 40,000 zloty is $10,000: under a $10,500 limit, where 1,000 kronur without a rate is not.
  expect(await universityNames({ cost: 10_500 })).toEqual([["Zloty", "10000.00"]]);
  expect(await universityNames({ cost: 10_500 }, "NZ")).toEqual([["Zloty", "10000.00"]]);
  // By lowest tuition: the cheapest first, the one whose tuition has no figure last.
  const sorted = [
    ["Zloty", "10000.00"],
    ["Dollar", "11000.00"],
    ["Krona", null],
  ];
  expect(await universityNames({})).toEqual(sorted);
  expect(await universityNames({}, "NZ")).toEqual(sorted);
  // A rate for the krona places it: 1,000 at 100 a dollar is $10.
  expect((await load("ISK,100,2026-10-01")).programs).toBe(1);
  expect(await universityNames({ cost: 1_000 })).toEqual([["Krona", "10.00"]]);
  expect((await universityNames({})).map(([name]) => name)).toEqual(["Krona", "Zloty", "Dollar"]);
});

test("the program search's maximum tuition and tuition sort are in dollars", async () => {
  await load("PLN,4,2026-10-01");
  expect(await programNames(10_500)).toEqual(["Zloty"]);
  expect(await programNames()).toEqual(["Zloty", "Dollar", "Krona"]);
  await load("PLN,2,2026-11-01");
  expect(await programNames(10_500)).toEqual([]);
  expect(await programNames()).toEqual(["Dollar", "Zloty", "Krona"]);
});

describeOnPostgres("a program written while rates load", () => {
  test("a load waits for a program added at the old rate and works its figure out again", async () => {
    await load("PLN,4,2026-10-01");
    // Added in a transaction still open when the load starts: the load's rewrite of the figures
    // cannot see it, so the load must wait for its commit.
    const name = `Dollars ${tag} Zloty MA`;
    const outcome = await whileUncommitted(
      [
        {
          sql: `INSERT INTO "programs" ("universityId", "name", "description", "level", "field", "degree",
                                        "duration", "tuition", "currency", "deadline", "updatedAt")
                VALUES ($1, $2, 'Added during a load.', 'Master''s', 'Business', 'MA', 2, 48000, 'PLN',
                        now() + interval '90 days', now())`,
          values: [zloty.id, name],
        },
      ],
      () => load("PLN,6,2026-11-01"),
    );
    expect(outcome.status).toBe("fulfilled");
    const added = await prisma.program.findFirstOrThrow({ where: { name }, select: { id: true } });
    expect(await figureOf(added.id)).toBe("8000.00");
    expect(await figureOf(zloty.programs[0].id)).toBe("6666.67");
  });

  test("a program written during a load waits for it and reads the new rate", async () => {
    await load("PLN,4,2026-10-01");
    const outcome = await whileUncommitted(
      [
        { sql: "SELECT pg_advisory_xact_lock(7496052, 0)" },
        {
          sql: `INSERT INTO "exchange_rates" ("currency", "rateDate", "rate") VALUES ('PLN', '2026-11-01', 8)`,
        },
      ],
      () => prisma.program.update({ where: { id: zloty.programs[0].id }, data: { tuition: 48_000 } }),
    );
    expect(outcome.status).toBe("fulfilled");
    expect(await figureOf(zloty.programs[0].id)).toBe("6000.00");
  });
});
