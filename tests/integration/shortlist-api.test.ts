import { DELETE as remove, GET as list, POST as save } from "@/app/api/shortlist/route";
import { prisma } from "@/lib/db/client.server";
import { DELETE as deleteAccount } from "@/app/api/user/route";
import { Agent } from "../support/agent";
import { cleanup, createStudent, createUniversity, TEST_PASSWORD, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

const tag = uniqueTag();
const DAY = 86_400_000;
let alice: Agent;
let bob: Agent;
let aliceId: number;
let university: Awaited<ReturnType<typeof createUniversity>>;
let soon: number;
let later: number;
let archived: number;

type Entry = { type: string; id: number; name: string; deadline: string | null; archived: boolean };
const getList = async (agent: Agent) =>
  ((await (await agent.call(list, "/api/shortlist")).json()) as { items: Entry[] }).items;
const post = (agent: Agent, items: unknown) => agent.call(save, "/api/shortlist", { json: { items } });

beforeAll(async () => {
  university = await createUniversity({
    name: `Shortlist ${tag} University`,
    programs: [
      { name: `Later ${tag}`, deadline: new Date(Date.now() + 60 * DAY) },
      { name: `Soon ${tag}`, deadline: new Date(Date.now() + 5 * DAY) },
      { name: `Archived ${tag}` },
    ],
  });
  [later, soon, archived] = university.programs.map((p) => p.id);
  await prisma.program.update({ where: { id: archived }, data: { archivedAt: new Date() } });
  const a = await createStudent({ username: `${tag}_alice`, email: `${tag}.alice@example.com` });
  const b = await createStudent({ username: `${tag}_bob`, email: `${tag}.bob@example.com` });
  aliceId = a.id;
  alice = await signIn(a.username);
  bob = await signIn(b.username);
});

afterAll(cleanup);

test("signed out: 401 on every method (the Save control then keeps the list in the browser)", async () => {
  const visitor = new Agent();
  expect((await visitor.call(list, "/api/shortlist")).status).toBe(401);
  expect((await post(visitor, [{ type: "program", id: soon }])).status).toBe(401);
  expect(
    (await visitor.call(remove, `/api/shortlist?type=program&id=${soon}`, { method: "DELETE" })).status,
  ).toBe(401);
});

test("validation: a bad body or query is a 400 in the error shape", async () => {
  for (const items of [[], [{ type: "course", id: 1 }], [{ type: "program", id: "x" }], "program"]) {
    const response = await post(alice, items);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  }
  expect((await alice.call(remove, "/api/shortlist?type=program", { method: "DELETE" })).status).toBe(400);
});

test("merge on sign-in: the browser's list is saved once, sorted by deadline; unknown and archived items are skipped", async () => {
  // The first save, then the visitor's browser list (with a duplicate and one saved already).
  expect((await post(alice, [{ type: "program", id: later }])).status).toBe(200);
  const response = await post(alice, [
    { type: "program", id: later },
    { type: "program", id: soon },
    { type: "program", id: soon },
    { type: "university", id: university.id },
    { type: "program", id: archived },
    { type: "program", id: 2_147_483_000 },
  ]);
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.skipped).toEqual([
    { type: "program", id: archived },
    { type: "program", id: 2_147_483_000 },
  ]);
  expect(body.items.map((e: Entry) => `${e.type}:${e.id}`)).toEqual([
    // The university's next deadline is the soon program's; on the same deadline, by name.
    `university:${university.id}`,
    `program:${soon}`,
    `program:${later}`,
  ]);
  expect(await prisma.shortlistProgram.count({ where: { userId: aliceId } })).toBe(2);
});

test("an item archived after it was saved stays, marked as no longer offered", async () => {
  await prisma.program.update({ where: { id: later }, data: { archivedAt: new Date() } });
  try {
    const entry = (await getList(alice)).find((e) => e.id === later && e.type === "program");
    expect(entry).toMatchObject({ archived: true, name: `Later ${tag}` });
  } finally {
    await prisma.program.update({ where: { id: later }, data: { archivedAt: null } });
  }
});

test("other users' items: each student sees and removes only their own", async () => {
  expect(await getList(bob)).toEqual([]);
  const response = await bob.call(remove, `/api/shortlist?type=program&id=${soon}`, { method: "DELETE" });
  expect(response.status).toBe(204);
  expect((await getList(alice)).some((e) => e.id === soon)).toBe(true);

  expect(
    (await alice.call(remove, `/api/shortlist?type=program&id=${soon}`, { method: "DELETE" })).status,
  ).toBe(204);
  expect((await getList(alice)).some((e) => e.type === "program" && e.id === soon)).toBe(false);
});

test("deleting one's account (DELETE /api/user) removes its shortlist", async () => {
  const carol = await createStudent({ username: `${tag}_carol`, email: `${tag}.carol@example.com` });
  const agent = await signIn(carol.username);
  await post(agent, [
    { type: "program", id: soon },
    { type: "university", id: university.id },
  ]);
  expect(await prisma.shortlistProgram.count({ where: { userId: carol.id } })).toBe(1);
  const deleted = await agent.call(deleteAccount, "/api/user", {
    method: "DELETE",
    json: { currentPassword: TEST_PASSWORD },
  });
  expect(deleted.status).toBeLessThan(300);
  expect(await prisma.shortlistProgram.count({ where: { userId: carol.id } })).toBe(0);
  expect(await prisma.shortlistUniversity.count({ where: { userId: carol.id } })).toBe(0);
});
