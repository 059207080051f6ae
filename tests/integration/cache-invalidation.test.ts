import { PATCH as patchSettings } from "@/app/api/settings/route";
import { POST as addStudyLevel } from "@/app/api/settings/study-levels/route";
import { POST as createUniversity } from "@/app/api/universities/route";
import { DELETE as deleteUniversity, PATCH as updateUniversity } from "@/app/api/universities/[id]/route";
import { POST as createProgram } from "@/app/api/programs/route";
import { DELETE as deleteProgram, PATCH as updateProgram } from "@/app/api/programs/[id]/route";
import { POST as importUniversities } from "@/app/api/import/universities/route";
import { cacheStore } from "@/lib/cache/store";
import { prisma } from "@/lib/db/client.server";
import { Agent } from "../support/agent";
import { cleanup, createUniversity as insertUniversity, remember, uniqueTag } from "../support/factories";
import { programFormBody } from "../support/program-body";
import { signInEachRole } from "../support/roles";
import { universityFormBody } from "../support/university-body";
import { whenNoOtherImport } from "../support/imports";

// Every admin write expires exactly the cache tags of what it changed (lib/cache/tags.server.ts),
// so the public pages show it on the next request, and leaves every other page cached.

const tag = uniqueTag();
let admin: Agent;

beforeAll(async () => {
  admin = (await signInEachRole(`cache${tag}`)).agents.super;
});

afterAll(async () => {
  await cleanup();
});

const TAGS = ["settings", "study-lists", "university-lists", "university-pages"] as const;

/** Runs `write` and answers which of `tags` it expired. */
async function expiredBy(tags: readonly string[], write: () => Promise<Response>) {
  const before = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2));
  const response = await write();
  expect(response.status).toBeLessThan(300);
  const expired: string[] = [];
  for (const name of tags) if ((await cacheStore().tagsExpiredAt([name])) > before) expired.push(name);
  return expired;
}

const universityBody = (name: string) => universityFormBody(name);

test("creating a university expires the lists and whatever its address showed before", async () => {
  const name = `Cache Created ${tag}`;
  let slug = "";
  const expired = await expiredBy(TAGS, async () => {
    const response = await admin.call(createUniversity, "/api/universities", {
      json: universityBody(name),
    });
    const created = remember("university", await response.clone().json());
    slug = created.slug;
    return response;
  });
  expect(slug).not.toBe("");
  expect(expired).toContain("university-lists");
  expect(expired).not.toContain("settings");
  expect(expired).not.toContain("university-pages");
  expect(await cacheStore().tagsExpiredAt([`university:${slug}`])).toBeGreaterThan(0);
});

test("editing a university expires its page (old and new address) and the lists, not the others", async () => {
  const [edited, other] = await Promise.all([insertUniversity(), insertUniversity()]);
  const newName = `Cache Renamed ${tag}`;
  const expired = await expiredBy([...TAGS, `university:${edited.slug}`, `university:${other.slug}`], () =>
    admin.call(updateUniversity, `/api/universities/${edited.id}`, {
      method: "PATCH",
      params: { id: String(edited.id) },
      json: universityBody(newName),
    }),
  );
  expect(expired.sort()).toEqual(["university-lists", `university:${edited.slug}`].sort());
  const renamed = await prisma.university.findUniqueOrThrow({ where: { id: edited.id } });
  expect(renamed.slug).not.toBe(edited.slug);
  expect(await cacheStore().tagsExpiredAt([`university:${renamed.slug}`])).toBeGreaterThan(0);
});

test("deleting a university expires its page and the lists", async () => {
  const university = await insertUniversity();
  const expired = await expiredBy([...TAGS, `university:${university.slug}`], () =>
    admin.call(deleteUniversity, `/api/universities/${university.id}`, {
      method: "DELETE",
      params: { id: String(university.id) },
    }),
  );
  expect(expired.sort()).toEqual(["university-lists", `university:${university.slug}`].sort());
});

test("a program's writes expire its university's page and the lists; a move, both universities'", async () => {
  const [first, second, bystander] = await Promise.all([
    insertUniversity(),
    insertUniversity(),
    insertUniversity(),
  ]);
  const watched = [...TAGS, ...[first, second, bystander].map(({ slug }) => `university:${slug}`)];
  let programId = 0;
  const created = await expiredBy(watched, async () => {
    const response = await admin.call(createProgram, "/api/programs", {
      json: programFormBody(first.id, `Cache Program ${tag}`),
    });
    programId = remember("program", await response.clone().json()).id;
    return response;
  });
  expect(created.sort()).toEqual(["university-lists", `university:${first.slug}`].sort());

  const moved = await expiredBy(watched, () =>
    admin.call(updateProgram, `/api/programs/${programId}`, {
      method: "PATCH",
      params: { id: String(programId) },
      json: programFormBody(second.id, `Cache Program ${tag}`),
    }),
  );
  expect(moved.sort()).toEqual(
    ["university-lists", `university:${first.slug}`, `university:${second.slug}`].sort(),
  );

  const deleted = await expiredBy(watched, () =>
    admin.call(deleteProgram, `/api/programs/${programId}`, {
      method: "DELETE",
      params: { id: String(programId) },
    }),
  );
  expect(deleted.sort()).toEqual(["university-lists", `university:${second.slug}`].sort());
});

test("saving the platform name expires the settings every page shows, and nothing else", async () => {
  // The current name is saved again: other suites running beside this one read it in their e-mails.
  const current = (await prisma.setting.findUnique({ where: { key: "platformName" } }))?.value ?? "UniSearch";
  const expired = await expiredBy(TAGS, () =>
    admin.call(patchSettings, "/api/settings", { method: "PATCH", json: { platformName: current } }),
  );
  expect(expired).toEqual(["settings"]);
});

test("adding a study level expires the program search's filter choices, and nothing else", async () => {
  const name = `Cache Level ${tag}`;
  const expired = await expiredBy(TAGS, () =>
    admin.call(addStudyLevel, "/api/settings/study-levels", { json: { name } }),
  );
  await prisma.studyLevel.deleteMany({ where: { name } });
  expect(expired).toEqual(["study-lists"]);
});

test("an applied import expires every list and every university page", async () => {
  const rows = [
    { name: `Cache Imported ${tag}`, country: "NZ", webPage: `https://cache-${tag}.example.ac.nz` },
  ];
  const expired = await expiredBy(TAGS, async () => {
    const response = await whenNoOtherImport(() =>
      admin.call(importUniversities, "/api/import/universities?fileName=universities.json&apply=true", {
        body: JSON.stringify(rows),
        headers: { "content-type": "application/json" },
      }),
    );
    for (const row of await prisma.university.findMany({ where: { name: rows[0].name } }))
      remember("university", row);
    return response;
  });
  expect(expired.sort()).toEqual(["university-lists", "university-pages"]);
});
