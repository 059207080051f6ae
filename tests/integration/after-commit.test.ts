import { POST as createProgram } from "@/app/api/programs/route";
import { POST as addStudyLevel } from "@/app/api/settings/study-levels/route";
import { POST as createUniversity } from "@/app/api/universities/route";
import { PATCH as updateUniversity } from "@/app/api/universities/[id]/route";
import { prisma } from "@/lib/db/client.server";
import type { Agent } from "../support/agent";
import { dropStore, useFreshMemoryStore } from "../support/cache";
import { cleanup, createUniversity as insertUniversity, remember, uniqueTag } from "../support/factories";
import { programFormBody } from "../support/program-body";
import { signInEachRole } from "../support/roles";
import { universityFormBody } from "../support/university-body";

// Work after a write's commit (expiring cached pages) is best effort: when it fails, the write is
// still saved, so the answer is the write's success. An error answer would make the client retry,
// and the retry would create a second row.

const tag = uniqueTag();
let admin: Agent;

beforeAll(async () => {
  admin = (await signInEachRole(`ac${tag}`)).agents.super;
});

beforeEach(() => {
  const store = useFreshMemoryStore();
  store.expireTags = () => Promise.reject(new Error("the cache store is unreachable"));
});

afterEach(dropStore);

afterAll(cleanup);

test("a program created while the cache cannot be expired answers 201 with the saved row", async () => {
  const university = await insertUniversity();
  const name = `After Commit ${tag} Program`;
  const response = await admin.call(createProgram, "/api/programs", {
    json: programFormBody(university.id, name),
  });
  expect(response.status).toBe(201);
  const program = remember("program", await response.json());
  expect(program.name).toBe(name);
  expect(await prisma.program.count({ where: { name } })).toBe(1);
});

test("a university created or edited while the cache cannot be expired answers with the row", async () => {
  const name = `After Commit ${tag} University`;
  const body = universityFormBody(name);
  const created = await admin.call(createUniversity, "/api/universities", { json: body });
  expect(created.status).toBe(201);
  const university = remember("university", await created.json());
  expect(university.name).toBe(name);
  expect(await prisma.university.count({ where: { name } })).toBe(1);

  const renamed = `${name} Renamed`;
  const updated = await admin.call(updateUniversity, `/api/universities/${university.id}`, {
    method: "PATCH",
    params: { id: String(university.id) },
    json: { ...body, name: renamed },
  });
  expect(updated.status).toBe(200);
  expect((await updated.json()).name).toBe(renamed);
});

test("a study level added while the cache cannot be expired answers 201", async () => {
  const name = `AC${tag}`;
  const response = await admin.call(addStudyLevel, "/api/settings/study-levels", { json: { name } });
  expect(response.status).toBe(201);
  remember("studyLevel", await response.json());
  expect(await prisma.studyLevel.count({ where: { name } })).toBe(1);
});
