import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { GET as getRates, POST as postRates } from "@/app/api/rates/route";
import { GET as getCurrency, PUT as putCurrency } from "@/app/api/user/currency/route";
import { GET as getUser } from "@/app/api/user/route";
import { prisma } from "@/lib/db/client.server";
import { DISPLAY_CURRENCY_COOKIE } from "@/lib/money/currencies";
import { loadRatesAction } from "@/lib/rates/actions";
import { loadRates } from "@/lib/rates/commands.server";
import { latestRates, listLatestRates } from "@/lib/rates/queries.server";
import { RATES_FILE_MISSING } from "@/lib/rates/csv";
import { setDisplayCurrencyAction } from "@/lib/users/actions";
import { Agent } from "../support/agent";
import { cleanup } from "../support/factories";
import { signInEachRole, type RoleAgents } from "../support/roles";
import { TSX_SCRIPT_FLAGS } from "../support/scripts";

// Exchange rates: a good file is saved whole with an audit entry, the latest day per currency is
// what pages use, a bad line is named and changes nothing (module, API, admin form, command
// line), only super admins reach them; the student's display currency is saved with its cookie.

const CURRENCIES = ["CHF", "SEK", "NOK"];
const actor = { id: null, fullName: "Rates test" };
const bytes = (text: string) => new TextEncoder().encode(text);
const ours = () =>
  prisma.exchangeRate.findMany({
    where: { currency: { in: CURRENCIES } },
    orderBy: [{ currency: "asc" }, { rateDate: "asc" }],
    select: { currency: true, rateDate: true, rate: true },
  });
const snapshot = async () =>
  (await ours()).map((r) => `${r.currency} ${r.rateDate.toISOString().slice(0, 10)} ${r.rate.toFixed(10)}`);

let roles: RoleAgents;
let workDir: string;

beforeAll(async () => {
  roles = await signInEachRole(`rates_${Math.random().toString(36).slice(2, 8)}`);
  workDir = mkdtempSync(join(tmpdir(), "rates-"));
});

afterAll(async () => {
  await prisma.exchangeRate.deleteMany({ where: { currency: { in: CURRENCIES } } });
  await cleanup();
  rmSync(workDir, { recursive: true, force: true });
});

beforeEach(() => prisma.exchangeRate.deleteMany({ where: { currency: { in: CURRENCIES } } }));

describe("loading a rates file", () => {
  test("saves every line in one go, keeps history and audits it", async () => {
    const loaded = await loadRates(prisma, actor, {
      name: "rates.csv",
      bytes: bytes("currency,rate,date\nCHF,0.88,2026-10-01\nCHF,0.8812,2026-11-01\n\nsek,10.5,2026-11-01\n"),
    });
    expect(loaded).toEqual({ saved: 3, currencies: ["CHF", "SEK"], programs: 0 });
    expect(await snapshot()).toEqual([
      "CHF 2026-10-01 0.8800000000",
      "CHF 2026-11-01 0.8812000000",
      "SEK 2026-11-01 10.5000000000",
    ]);
    const latest = await latestRates();
    expect(latest.CHF).toEqual({ rate: "0.8812000000", date: "2026-11-01" });
    expect((await listLatestRates()).filter((r) => r.currency === "CHF")).toHaveLength(1);
    const entry = await prisma.auditEvent.findFirst({
      where: { action: "exchangeRates.load", actorName: "Rates test" },
      orderBy: { id: "desc" },
    });
    expect(entry?.summary).toBe("3 exchange rates of 2 currencies (2026-10-01 to 2026-11-01) from rates.csv");
  });

  test("replaces a day's rate loaded again", async () => {
    await loadRates(prisma, actor, {
      name: "a.csv",
      bytes: bytes("currency,rate,date\nNOK,11,2026-11-01\n"),
    });
    await loadRates(prisma, actor, {
      name: "b.csv",
      bytes: bytes("date,currency,rate\n2026-11-01,NOK,11.2\n"),
    });
    expect(await snapshot()).toEqual(["NOK 2026-11-01 11.2000000000"]);
  });

  test("a bad line is named and nothing changes", async () => {
    await loadRates(prisma, actor, {
      name: "a.csv",
      bytes: bytes("currency,rate,date\nCHF,0.88,2026-10-01\n"),
    });
    const before = await snapshot();
    const audits = await prisma.auditEvent.count({ where: { action: "exchangeRates.load" } });
    await expect(
      loadRates(prisma, actor, {
        name: "bad.csv",
        bytes: bytes("currency,rate,date\nCHF,0.9,2026-11-01\nSEK,ten,2026-11-01\n"),
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^Line 3: the rate "ten"/) });
    expect(await snapshot()).toEqual(before);
    expect(await prisma.auditEvent.count({ where: { action: "exchangeRates.load" } })).toBe(audits);
  });

  test("the command line loads a good file and refuses a bad one, naming its line", async () => {
    const run = promisify(execFile);
    const script = (file: string) =>
      run(
        join(process.cwd(), "node_modules", ".bin", "tsx"),
        [...TSX_SCRIPT_FLAGS, "scripts/rates-update.ts", file],
        {
          cwd: process.cwd(),
          env: process.env,
        },
      ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    const good = join(workDir, "good.csv");
    writeFileSync(good, "currency,rate,date\nCHF,0.88,2026-11-01\nSEK,10.5,2026-11-01\n");
    const ok = await script(good);
    expect("code" in ok ? ok.code : 0).toBe(0);
    expect(ok.stdout).toContain("Saved 2 exchange rates of CHF, SEK.");
    const bad = join(workDir, "bad.csv");
    writeFileSync(bad, "currency,rate,date\nNOK,11,2026-11-01\nXYZ,1,2026-11-01\n");
    const refused = await script(bad);
    expect("code" in refused ? refused.code : 0).toBe(1);
    expect(refused.stderr).toContain('Line 3: "XYZ" is not an ISO 4217 currency code');
    expect(await snapshot()).toEqual(["CHF 2026-11-01 0.8800000000", "SEK 2026-11-01 10.5000000000"]);
  }, 60_000);
});

describe("who may load and read rates", () => {
  const file = "currency,rate,date\nCHF,0.9,2026-11-01\n";

  test.each([
    ["anonymous", 401],
    ["student", 403],
    ["team", 403],
  ] as const)("%s: %i, nothing saved", async (role, status) => {
    const agent = roles.agents[role];
    expect((await agent.call(getRates, "/api/rates")).status).toBe(status);
    expect((await agent.call(postRates, "/api/rates", { body: file })).status).toBe(status);
    const form = new FormData();
    form.append("file", new File([file], "rates.csv", { type: "text/csv" }));
    const acted = await agent.act(loadRatesAction, form, { path: "/admin/rates" });
    expect(acted.state?.status ?? acted.redirect).toBeTruthy();
    expect(await snapshot()).toEqual([]);
  });

  test("a super admin loads through the API and the page's form, and reads the latest rates", async () => {
    const agent = roles.agents.super;
    const posted = await agent.call(postRates, "/api/rates", { body: file });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual({ saved: 1, currencies: ["CHF"], programs: 0 });
    const bad = await agent.call(postRates, "/api/rates", {
      body: "currency,rate,date\nCHF,-1,2026-11-02\n",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^Line 2: /);

    const form = new FormData();
    form.append(
      "file",
      new File(["currency,rate,date\nSEK,10.4,2026-11-01\n"], "sek.csv", { type: "text/csv" }),
    );
    const acted = await agent.act(loadRatesAction, form, { path: "/admin/rates" });
    expect(acted.state).toMatchObject({ message: "Saved 1 exchange rate of SEK." });
    const empty = await agent.act(loadRatesAction, {}, { path: "/admin/rates" });
    expect(empty.state).toMatchObject({ status: 400, error: RATES_FILE_MISSING });

    const listed = await agent.call(getRates, "/api/rates");
    const { rates } = (await listed.json()) as { rates: { currency: string; rate: string; date: string }[] };
    expect(rates.filter((r) => CURRENCIES.includes(r.currency))).toEqual([
      { currency: "CHF", rate: "0.9000000000", date: "2026-11-01" },
      { currency: "SEK", rate: "10.4000000000", date: "2026-11-01" },
    ]);
  });
});

describe("the student's display currency", () => {
  test("is saved on the account and in the cookie; another browser gets it from GET /api/user", async () => {
    const student = roles.agents.student;
    const refused = await student.call(putCurrency, "/api/user/currency", {
      method: "PUT",
      json: { currency: "EURO" },
    });
    expect(refused.status).toBe(400);
    const put = await student.call(putCurrency, "/api/user/currency", {
      method: "PUT",
      json: { currency: "eur" },
    });
    expect(await put.json()).toEqual({ currency: "EUR" });
    expect(student.cookies.get(DISPLAY_CURRENCY_COOKIE)).toBe("EUR");
    expect(await (await student.call(getCurrency, "/api/user/currency")).json()).toEqual({ currency: "EUR" });

    const acted = await student.act(setDisplayCurrencyAction, { currency: "GBP" }, { path: "/user/profile" });
    expect(acted.state?.error).toBeUndefined();
    expect(student.cookies.get(DISPLAY_CURRENCY_COOKIE)).toBe("GBP");
    const stored = await prisma.user.findUniqueOrThrow({
      where: { id: roles.ids.student },
      select: { displayCurrency: true },
    });
    expect(stored.displayCurrency).toBe("GBP");

    // A browser without the cookie (signed in elsewhere) gets it with the header's GET /api/user.
    student.cookies.delete(DISPLAY_CURRENCY_COOKIE);
    expect((await student.call(getUser, "/api/user")).status).toBe(200);
    expect(student.cookies.get(DISPLAY_CURRENCY_COOKIE)).toBe("GBP");

    const cleared = await student.act(setDisplayCurrencyAction, { currency: "" }, { path: "/user/profile" });
    expect(cleared.state?.error).toBeUndefined();
    expect(student.cookies.has(DISPLAY_CURRENCY_COOKIE)).toBe(false);
    expect(await (await student.call(getCurrency, "/api/user/currency")).json()).toEqual({ currency: null });

    expect(
      (
        await new Agent().call(putCurrency, "/api/user/currency", {
          method: "PUT",
          json: { currency: "EUR" },
        })
      ).status,
    ).toBe(401);
  });
});
