import { strFromU8, unzipSync } from "fflate";
import { lockMailDelivery } from "../support/mail-delivery-lock";
import { freePort } from "../support/smtp-capture";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";

// Saved searches: saved with a name through the API (canonical filters, limits, validation),
// listed, changed and deleted by their owner only; the weekly alert job (what matched and changed
// since each search's last alert, once, never when nothing is new), its one-click unsubscribe,
// the data download and account deletion. The job's windows are moved to 2090 (the searches'
// alertedUntil and the test programs' updatedAt are set there), so no other test file's writes
// fall in them; the race tests, on PostgreSQL, use the same file so that no two runs of the job
// from different files overlap.

// The forms' actions refresh the Saved searches page, which needs Next's request store.
jest.mock("next/cache", () => ({ ...jest.requireActual("next/cache"), revalidatePath: () => undefined }));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BASE = new Date("2090-06-01T08:00:00.000Z");
const at = (days: number) => new Date(BASE.getTime() + days * DAY);

// lib/env.server reads SMTP_URL once, when first loaded: the app's modules are loaded after it is set.
let f: typeof import("../support/factories");
let prisma: typeof import("@/lib/db/client.server").prisma;
let job: typeof import("@/lib/saved-searches/alerts-job.server");
let signIn: typeof import("../support/roles").signIn;
let collection: typeof import("@/app/api/user/searches/route");
let item: typeof import("@/app/api/user/searches/[id]/route");
let Agent: typeof import("../support/agent").Agent;
let unlockMailDelivery: () => Promise<void>;
beforeAll(async () => {
  unlockMailDelivery = await lockMailDelivery();
  process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
  jest.resetModules();
  f = await import("../support/factories");
  ({ prisma } = await import("@/lib/db/client.server"));
  job = await import("@/lib/saved-searches/alerts-job.server");
  ({ signIn } = await import("../support/roles"));
  ({ Agent } = await import("../support/agent"));
  collection = await import("@/app/api/user/searches/route");
  item = await import("@/app/api/user/searches/[id]/route");
});
afterAll(async () => {
  await (await import("@/lib/mail/queue.server")).stopMailQueue();
  await f.cleanup();
  await unlockMailDelivery();
});

type Agent = InstanceType<typeof Agent>;
type Saved = { id: number; kind: string; name: string; query: string; path: string; alertsEnabled: boolean };

const save = (agent: Agent, json: unknown) => agent.call(collection.POST, "/api/user/searches", { json });
const list = async (agent: Agent) =>
  ((await (await agent.call(collection.GET, "/api/user/searches")).json()) as { items: Saved[] }).items;
const patch = (agent: Agent, id: number | string, json: unknown) =>
  agent.call(item.PATCH, `/api/user/searches/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const remove = (agent: Agent, id: number | string) =>
  agent.call(item.DELETE, `/api/user/searches/${id}`, { method: "DELETE", params: { id: String(id) } });

const queued = (email: string) =>
  prisma.$queryRaw<{ data: { subject: string; text: string; headers?: Record<string, string> } }[]>`
    SELECT data FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${email} ORDER BY created_on`;

/** A student signed in, with an API agent. */
async function student() {
  const user = await f.createStudent();
  return { user, agent: await signIn(user.username) };
}

/** A program of the test university, created and last changed at `when` (a moment of the job's windows). */
async function programAt(universityId: number, name: string, when: Date, spec: { degree?: string } = {}) {
  const program = await f.createProgram({ universityId, name, ...spec });
  await prisma.program.update({ where: { id: program.id }, data: { createdAt: when, updatedAt: when } });
  return program;
}

describe("the API", () => {
  test("signed out: 401 on every method", async () => {
    const visitor = new Agent();
    expect((await visitor.call(collection.GET, "/api/user/searches")).status).toBe(401);
    expect((await save(visitor, { kind: "programs", name: "x" })).status).toBe(401);
    expect((await patch(visitor, 1, { name: "y" })).status).toBe(401);
    expect((await remove(visitor, 1)).status).toBe(401);
  });

  test("saves the canonical filters with a name, lists them, and refuses the same search twice", async () => {
    const { agent } = await student();
    const response = await save(agent, {
      kind: "programs",
      query: "?sort=name&page=2&country=fr&q=%20marine%20",
      name: "  Marine in France ",
    });
    expect(response.status).toBe(201);
    const saved = (await response.json()) as Saved;
    expect(saved).toMatchObject({
      kind: "programs",
      name: "Marine in France",
      query: "country=FR&q=marine",
      path: "/programs?country=FR&q=marine",
      alertsEnabled: true,
    });
    expect(response.headers.get("location")).toBe(`/api/user/searches/${saved.id}`);
    expect(await list(agent)).toEqual([expect.objectContaining({ id: saved.id })]);

    // The same search written another way is the same saved search: a 409 naming it, nothing added.
    const again = await save(agent, { kind: "programs", query: "q=marine&country=FR", name: "Other" });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('You have already saved this search as "Marine in France".');
    expect(await list(agent)).toHaveLength(1);
  });

  test("validation: 400 in the error shape, field by field, and nothing saved", async () => {
    const { agent } = await student();
    for (const [body, field] of [
      [{ kind: "programs", name: "" }, "name"],
      [{ kind: "programs", name: "   " }, "name"],
      [{ kind: "programs", name: "x".repeat(81) }, "name"],
      [{ kind: "applications", name: "Not a search" }, "kind"],
      [{ kind: "programs", query: "country=Germany", name: "Bad" }, "query"],
      [{ kind: "universities", query: "cost=-5", name: "Bad" }, "query"],
      [{ kind: "programs", query: 5, name: "Bad" }, "query"],
    ] as const) {
      const response = await save(agent, body);
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer).toMatchObject({
        error: expect.any(String),
        fieldErrors: { [field]: expect.any(Array) },
      });
    }
    expect(
      (await save(agent, { kind: "programs", query: "country=Germany", name: "Bad" }).then((r) => r.json()))
        .error,
    ).toBe("country must be a two-letter country code or 'all'");
    expect((await patch(agent, 1, {})).status).toBe(400);
    expect((await patch(agent, "abc", { name: "x" })).status).toBe(400);
    expect(await list(agent)).toEqual([]);
  });

  test("at most 20 per student: the 21st is a 422 saying what to do", async () => {
    const { agent, user } = await student();
    await prisma.savedSearch.createMany({
      data: Array.from({ length: 20 }, (_, index) => ({
        userId: user.id,
        kind: "programs" as const,
        name: `Search ${index}`,
        query: `duration=${(index % 6) + 1}&q=limit${index}`,
        alertedUntil: new Date(),
      })),
    });
    const response = await save(agent, { kind: "universities", name: "One too many" });
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatch(/at most 20 saved searches\. Delete one/);
    expect(await list(agent)).toHaveLength(20);
  });

  test("rename, alert off and on, delete: the owner's only (another student's is a 404)", async () => {
    const owner = await student();
    const other = await student();
    const saved = (await (
      await save(owner.agent, { kind: "universities", query: "country=PT", name: "Portugal" })
    ).json()) as Saved;

    for (const response of [
      await patch(other.agent, saved.id, { name: "Mine now" }),
      await remove(other.agent, saved.id),
      await patch(owner.agent, 2_147_483_000, { name: "Nothing" }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await list(other.agent)).toEqual([]);

    const renamed = await patch(owner.agent, saved.id, { name: " Lisbon and Porto " });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "Lisbon and Porto", alertsEnabled: true });

    // Off, then on again: the next alert lists what changes from then on, not while it was off.
    expect(await (await patch(owner.agent, saved.id, { alertsEnabled: false })).json()).toMatchObject({
      alertsEnabled: false,
    });
    const before = Date.now();
    const on = (await (await patch(owner.agent, saved.id, { alertsEnabled: true })).json()) as Saved & {
      alertedUntil: string;
    };
    expect(Date.parse(on.alertedUntil)).toBeGreaterThanOrEqual(before - 1000);

    expect((await remove(owner.agent, saved.id)).status).toBe(204);
    expect(await list(owner.agent)).toEqual([]);
    expect((await remove(owner.agent, saved.id)).status).toBe(404);
  });
});

describe("the forms (server actions)", () => {
  test("posted without JavaScript: saved, then the Saved searches page; signed out, sign in first", async () => {
    const { saveSearchAction } = await import("@/lib/saved-searches/actions");
    const { agent } = await student();
    const form = {
      kind: "universities",
      query: "country=pt&q=Nowhere%20Forms&sort=name",
      name: "Portugal",
      alertsEnabled: "on",
    };
    const saved = await agent.act(saveSearchAction, form, { path: "/user/searches/new" });
    const [row] = await list(agent);
    expect(row).toMatchObject({
      kind: "universities",
      query: "country=PT&q=Nowhere+Forms",
      name: "Portugal",
      alertsEnabled: true,
    });
    expect(saved.redirect).toBe(`/user/searches?saved=${row.id}`);

    // The same search again: the form says so, naming the saved one.
    const again = await agent.act(
      saveSearchAction,
      { ...form, name: "Again" },
      { path: "/user/searches/new" },
    );
    expect(again.state).toMatchObject({
      status: 409,
      error: 'You have already saved this search as "Portugal".',
    });
    expect(again.state?.fieldErrors).toBeUndefined();

    const visitor = await new Agent().act(saveSearchAction, form, { path: "/user/searches/new" });
    expect(visitor.redirect).toMatch(/^\/auth\?callbackUrl=/);
    expect(new URL(visitor.redirect!, "http://localhost").searchParams.get("callbackUrl")).toBe(
      `/user/searches/new?${new URLSearchParams({ kind: "universities", query: form.query })}`,
    );
  });

  test("rename, alert and delete forms act on the student's own search only", async () => {
    const actions = await import("@/lib/saved-searches/actions");
    const owner = await student();
    const other = await student();
    const saved = (await (
      await save(owner.agent, { kind: "programs", query: "open=true", name: "Open" })
    ).json()) as Saved;
    const id = String(saved.id);

    expect((await other.agent.act(actions.deleteSearchAction, { id })).state).toMatchObject({ status: 404 });
    expect((await other.agent.act(actions.renameSearchAction, { id, name: "Taken" })).state).toMatchObject({
      status: 404,
    });
    expect((await owner.agent.act(actions.renameSearchAction, { id, name: "" })).state).toMatchObject({
      status: 400,
      fieldErrors: { name: ["Give the search a name"] },
    });
    expect(
      (await owner.agent.act(actions.renameSearchAction, { id, name: "Still open" })).state,
    ).toMatchObject({
      message: "The saved search was renamed.",
    });
    expect(
      (await owner.agent.act(actions.toggleSearchAlertAction, { id, alertsEnabled: "false" })).state,
    ).toMatchObject({
      message: "Alert e-mails for this search are off.",
    });
    expect(await list(owner.agent)).toEqual([
      expect.objectContaining({ name: "Still open", alertsEnabled: false }),
    ]);
    expect((await owner.agent.act(actions.deleteSearchAction, { id })).state).toMatchObject({
      message: "The saved search was deleted.",
    });
    expect(await list(owner.agent)).toEqual([]);
  });
});

describe("the alert job", () => {
  const tag = `Alerts${Date.now().toString(36)}`;
  let university: Awaited<ReturnType<typeof import("../support/factories").createUniversity>>;
  let alice: Awaited<ReturnType<typeof student>>;
  let programsSearch: Saved;
  let universitiesSearch: Saved;

  beforeAll(async () => {
    university = await f.createUniversity({ name: `${tag} University`, countryCode: "PT" });
    alice = await student();
    await prisma.user.update({ where: { id: alice.user.id }, data: { emailVerifiedAt: new Date() } });
    programsSearch = await (
      await save(alice.agent, { kind: "programs", query: `q=${tag}&degree=MSc`, name: "MSc watch" })
    ).json();
    universitiesSearch = await (
      await save(alice.agent, { kind: "universities", query: `q=${tag}&country=PT`, name: "Portugal watch" })
    ).json();
    await prisma.savedSearch.updateMany({ where: { userId: alice.user.id }, data: { alertedUntil: BASE } });
  });

  test("a new matching program: one e-mail listing it, per student, with a one-click unsubscribe", async () => {
    await programAt(university.id, `${tag} Marine Biology`, at(1), { degree: "MSc" });
    await programAt(university.id, `${tag} Marine Law`, at(1), { degree: "LLM" });

    expect(await job.sendSearchAlerts(at(3))).toEqual({ emails: 1, searches: 2, failed: 0 });
    const mails = await queued(alice.user.email);
    expect(mails).toHaveLength(1);
    const { subject, text, headers } = mails[0].data;
    expect(subject).toBe("New or changed results in 2 of your saved searches");
    expect(text).toContain(`Your saved search "MSc watch": 1 result.`);
    expect(text).toContain(`New: ${tag} Marine Biology (MSc), ${tag} University`);
    expect(text).not.toContain("Marine Law");
    // The university search lists the university: a program of it that meets the search changed.
    expect(text).toContain(`Your saved search "Portugal watch": 1 result.`);
    expect(text).toContain(`Changed: ${tag} University, Portugal`);
    expect(text).toContain(`Open the search: http://localhost:3000/programs?degree=MSc&q=${tag}`);
    expect(text).toContain("manage your saved searches: http://localhost:3000/user/searches");
    expect(headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(
        /^<http:\/\/localhost:3000\/api\/searches\/unsubscribe\?token=/,
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const ledger = await prisma.savedSearchAlert.findMany({
      where: { savedSearchId: programsSearch.id },
      select: { since: true, until: true, items: true },
    });
    expect(ledger).toEqual([{ since: BASE, until: new Date(at(3).getTime() - job.SETTLE_MS), items: 1 }]);
  });

  test("run again, or later with nothing new: no e-mail", async () => {
    expect(await job.sendSearchAlerts(at(3))).toEqual({ emails: 0, searches: 0, failed: 0 });
    expect(await job.sendSearchAlerts(at(10))).toEqual({ emails: 0, searches: 0, failed: 0 });
    expect(await queued(alice.user.email)).toHaveLength(1);
  });

  test("after a gap, everything since the last alert; a change too recent waits for the next run", async () => {
    await programAt(university.id, `${tag} Ocean Science`, at(12), { degree: "MSc" });
    // Changed minutes before the run: still settling, left for the next run.
    const late = await programAt(
      university.id,
      `${tag} Late Studies`,
      new Date(at(30).getTime() - 5 * 60_000),
      {
        degree: "MSc",
      },
    );
    expect(await job.sendSearchAlerts(at(30))).toMatchObject({ emails: 1, searches: 2 });
    const second = (await queued(alice.user.email))[1].data.text;
    expect(second).toContain(`New: ${tag} Ocean Science (MSc)`);
    expect(second).not.toContain("Late Studies");

    expect(await job.sendSearchAlerts(at(37))).toMatchObject({ emails: 1 });
    expect((await queued(alice.user.email))[2].data.text).toContain(`New: ${tag} Late Studies (MSc)`);
    expect(late.id).toBeGreaterThan(0);
  });

  test("each list stops at 10 with how many more, and the way to the search", async () => {
    for (let index = 0; index < 12; index++)
      await programAt(university.id, `${tag} Bulk ${index}`, at(40), { degree: "MSc" });
    expect(await job.sendSearchAlerts(at(42))).toMatchObject({ emails: 1 });
    const text = (await queued(alice.user.email))[3].data.text;
    expect(text).toContain(`Your saved search "MSc watch": 12 results.`);
    expect(text.match(/New: .* Bulk \d+ \(MSc\)/g)).toHaveLength(10);
    expect(text).toContain("And 2 more.");
  });

  test("the one-click unsubscribe turns that search's alert off (a GET does not); a bad token is a 404", async () => {
    const { POST, GET } = await import("@/app/api/searches/unsubscribe/route");
    const { searchAlertToken } = await import("@/lib/reminders/tokens.server");
    const mailClient = new Agent();
    const token = searchAlertToken([programsSearch.id]);
    const enabled = async (id: number) =>
      (await prisma.savedSearch.findUniqueOrThrow({ where: { id } })).alertsEnabled;

    for (const query of [
      "",
      `?token=${token}x`,
      `?token=${token.replace(/^\d+/, "2147483000")}`,
      "?token=abc",
    ]) {
      const response = await mailClient.call(POST, `/api/searches/unsubscribe${query}`, { method: "POST" });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
    const scanned = await mailClient.call(GET, `/api/searches/unsubscribe?token=${token}`);
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get("location")).toBe(`/searches/unsubscribe?token=${token}`);
    expect(await enabled(programsSearch.id)).toBe(true);

    const response = await mailClient.call(POST, `/api/searches/unsubscribe?token=${token}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect(await enabled(programsSearch.id)).toBe(false);
    expect(await enabled(universitiesSearch.id)).toBe(true);

    // Its matches no longer come; the other search's still do.
    await programAt(university.id, `${tag} Quiet Studies`, at(50), { degree: "MSc" });
    expect(await job.sendSearchAlerts(at(52))).toEqual({ emails: 1, searches: 1, failed: 0 });
    const text = (await queued(alice.user.email))[4].data.text;
    expect(text).toContain(`Your saved search "Portugal watch"`);
    expect(text).not.toContain("MSc watch");
  });

  test("the data download has the saved searches; deleting the account deletes them", async () => {
    const { GET: exportData } = await import("@/app/api/user/export/route");
    const { DELETE: deleteAccount } = await import("@/app/api/user/route");
    const response = await alice.agent.call(exportData, "/api/user/export");
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(files["data.json"]));
    expect(data.savedSearches).toEqual([
      expect.objectContaining({
        name: "MSc watch",
        kind: "programs",
        url: `http://localhost:3000/programs?degree=MSc&q=${tag}`,
        alertsEnabled: false,
        alertsSent: expect.arrayContaining([expect.objectContaining({ results: 1 })]),
      }),
      expect.objectContaining({ name: "Portugal watch", alertsEnabled: true }),
    ]);
    expect(strFromU8(files["index.html"])).toContain("Saved searches (2)");

    const deleted = await alice.agent.call(deleteAccount, "/api/user", {
      method: "DELETE",
      json: { currentPassword: f.TEST_PASSWORD },
    });
    expect(deleted.status).toBe(204);
    expect(await prisma.savedSearch.count({ where: { userId: alice.user.id } })).toBe(0);
    expect(await prisma.savedSearchAlert.count({ where: { savedSearchId: programsSearch.id } })).toBe(0);
  });
});

describeOnPostgres("overlapping runs", () => {
  const tag = `Race${Date.now().toString(36)}`;
  const RACE = new Date("2091-01-01T08:00:00.000Z");

  /** A student with one program search of `tag` whose window starts at RACE, and a match after it. */
  async function searchWithNews(label: string) {
    const { user } = await student();
    const search = await prisma.savedSearch.create({
      data: { userId: user.id, kind: "programs", name: label, query: `q=${tag}${label}`, alertedUntil: RACE },
    });
    const university = await f.createUniversity({ name: `${tag}${label} University` });
    await programAt(university.id, `${tag}${label} Studies`, new Date(RACE.getTime() + DAY));
    return { user, search };
  }

  test("two runs at once send one e-mail and record one window", async () => {
    const { user, search } = await searchWithNews("Twice");
    // Both runs read the list, then wait at the search's row until the test lets go.
    const session = await openSession();
    let results: Awaited<ReturnType<typeof job.sendSearchAlerts>>[];
    try {
      await session.query("BEGIN");
      await session.query(`SELECT 1 FROM "saved_searches" WHERE "id" = $1 FOR UPDATE`, [search.id]);
      const first = job.sendSearchAlerts(new Date(RACE.getTime() + 3 * DAY));
      const second = job.sendSearchAlerts(new Date(RACE.getTime() + 4 * DAY));
      await waitForLockWaiters(session, 2);
      await session.query("COMMIT");
      results = [await first, await second];
    } finally {
      await session.end();
    }
    expect(results.map((result) => result.emails).sort()).toEqual([0, 1]);
    expect(await queued(user.email)).toHaveLength(1);
    expect(await prisma.savedSearchAlert.count({ where: { savedSearchId: search.id } })).toBe(1);
  });

  test("an alert turned off while the run waits gets no e-mail", async () => {
    const { user, search } = await searchWithNews("Off");
    const session = await openSession();
    let result: Awaited<ReturnType<typeof job.sendSearchAlerts>>;
    try {
      await session.query("BEGIN");
      await session.query(`SELECT 1 FROM "saved_searches" WHERE "id" = $1 FOR UPDATE`, [search.id]);
      const run = job.sendSearchAlerts(new Date(RACE.getTime() + 3 * DAY));
      await waitForLockWaiters(session);
      await session.query(`UPDATE "saved_searches" SET "alertsEnabled" = false WHERE "id" = $1`, [search.id]);
      await session.query("COMMIT");
      result = await run;
    } finally {
      await session.end();
    }
    expect(result).toMatchObject({ emails: 0, failed: 0 });
    expect(await queued(user.email)).toHaveLength(0);
    expect(await prisma.savedSearchAlert.count({ where: { savedSearchId: search.id } })).toBe(0);
  });
});
