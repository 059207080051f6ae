// First: UPLOADS_DIR must point at a temporary folder before the storage module reads it.
import { uploadsDir } from "../support/temp-uploads";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { POST as createUniversity } from "@/app/api/universities/route";
import { DELETE as deleteUniversity, PATCH as updateUniversity } from "@/app/api/universities/[id]/route";
import { GET as getBySlug } from "@/app/api/universities/by-slug/[slug]/route";
import { POST as upload } from "@/app/api/uploads/route";
import { GET as serveUpload } from "@/app/uploads/[key]/route";
import { prisma } from "@/lib/db/client.server";
import { RANKING_REQUIRED, RANKING_SOURCE_REQUIRED } from "@/lib/validation/university";
import { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createStudent,
  createUniversity as insertUniversity,
  remember,
  uniqueTag,
} from "../support/factories";
import { ROLES, signInEachRole, type RoleAgents, type RoleName } from "../support/roles";

// POST/PATCH/DELETE /api/universities and POST /api/uploads: who may call them, what
// they validate, that a refused write changes nothing, slugs, cascades, and stored files.

const tag = uniqueTag();
const png = new Uint8Array(readFileSync(join(__dirname, "../fixtures/images/campus-blue.png")));
const jpeg = new Uint8Array(readFileSync(join(__dirname, "../fixtures/images/campus-red.jpg")));
let roles: RoleAgents;
let admin: Agent;

beforeAll(async () => {
  roles = await signInEachRole(`uadm${tag}`);
  admin = roles.agents.super;
});

afterAll(async () => {
  await cleanup();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const body = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  slug: "ignored-by-the-server",
  country: "New Zealand",
  description: "A test university.",
  mainImage: null,
  images: [],
  ranking: null,
  ...extra,
});

/** POST /api/universities; a university it creates is registered for cleanup. */
async function post(agent: Agent, json: unknown) {
  const response = await agent.call(createUniversity, "/api/universities", { json });
  if (response.status === 201) remember("university", await response.clone().json());
  return response;
}
const patch = (agent: Agent, id: number | string, json: unknown) =>
  agent.call(updateUniversity, `/api/universities/${id}`, {
    method: "PATCH",
    json,
    params: { id: String(id) },
  });
const remove = (agent: Agent, id: number | string) =>
  agent.call(deleteUniversity, `/api/universities/${id}`, { method: "DELETE", params: { id: String(id) } });
const uploadBytes = (agent: Agent, bytes: Uint8Array, type = "image/png") =>
  agent.call(upload, "/api/uploads", { method: "POST", body: bytes, headers: { "content-type": type } });

const countTagged = () => prisma.university.count({ where: { name: { contains: tag } } });

describe("who may write", () => {
  const expected: Record<RoleName, [number, number, number, number]> = {
    // POST, PATCH, DELETE, upload
    anonymous: [401, 401, 401, 401],
    student: [403, 403, 403, 403],
    team: [201, 200, 204, 201],
    super: [201, 200, 204, 201],
  };

  test.each(ROLES)("%s", async (role) => {
    const agent = roles.agents[role];
    const target = await insertUniversity({ name: `Matrix ${role} ${tag}` });
    const [postStatus, patchStatus, deleteStatus, uploadStatus] = expected[role];

    const created = await post(agent, body(`Created by ${role} ${tag}`));
    expect(created.status).toBe(postStatus);
    expect((await patch(agent, target.id, body(`Renamed by ${role} ${tag}`))).status).toBe(patchStatus);
    expect((await uploadBytes(agent, png)).status).toBe(uploadStatus);
    expect((await remove(agent, target.id)).status).toBe(deleteStatus);

    const exists = await prisma.university.findUnique({ where: { id: target.id } });
    if (deleteStatus === 204) expect(exists).toBeNull();
    else expect(exists?.name).toBe(`Matrix ${role} ${tag}`); // neither renamed nor deleted
    if (postStatus !== 201) {
      expect(await prisma.university.count({ where: { name: `Created by ${role} ${tag}` } })).toBe(0);
      expect(await created.json()).toEqual({ requestId: expect.any(String), error: expect.any(String) });
    }
  });
});

describe("POST /api/universities", () => {
  test("creates the university: country sent by name or code, slug derived from the name", async () => {
    const response = await post(
      admin,
      body(`Kōtuku ${tag} University`, {
        ranking: 42,
        rankingSource: "QS",
        rankingYear: 2026,
        country: "new zealand",
      }),
    );
    expect(response.status).toBe(201);
    const university = await response.json();
    expect(university).toMatchObject({
      id: expect.any(Number),
      name: `Kōtuku ${tag} University`,
      slug: `kotuku-${tag}-university`,
      country: "New Zealand",
      countryCode: "NZ",
      description: "A test university.",
      ranking: 42,
      rankingSource: "QS",
      rankingYear: 2026,
      mainImage: null,
      images: [],
    });
    expect(response.headers.get("location")).toBe(`/api/universities/${university.id}`);

    const byCode = await (await post(admin, body(`Coded ${tag} College`, { country: "fr" }))).json();
    expect(byCode).toMatchObject({
      country: "France",
      countryCode: "FR",
      ranking: null,
      rankingSource: null,
      rankingYear: null,
    });
  });

  test("a taken slug gets the country code, then a number", async () => {
    const name = `Twin ${tag} Institute`;
    const slugs = [];
    for (const country of ["NZ", "NZ", "NZ", "FR"]) {
      const response = await post(admin, body(name, { country }));
      expect(response.status).toBe(201);
      slugs.push((await response.json()).slug);
    }
    const base = `twin-${tag}-institute`;
    expect(slugs).toEqual([base, `${base}-nz`, `${base}-nz-2`, `${base}-fr`]);
  });

  test("invalid input: 400 with the form's messages per field, and nothing is written", async () => {
    const before = await countTagged();
    const response = await post(admin, {
      name: " ",
      country: "",
      ranking: "1.5",
      images: ["data:image/png;base64,AAAA"],
    });
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error.fieldErrors).toMatchObject({
      name: ["University name is required"],
      country: ["Country is required"],
      ranking: ["Ranking must be a whole number"],
      "images.0": ["Upload the image again"],
    });
    expect(error.error).toBe("University name is required");
    expect(await countTagged()).toBe(before);
  });

  test("a ranking needs its source, and its year is from 1900 to next year: 400 on the field, nothing written", async () => {
    const before = await countTagged();
    const noSource = await post(admin, body(`Unsourced ${tag} University`, { ranking: 45 }));
    expect(noSource.status).toBe(400);
    expect((await noSource.json()).fieldErrors).toEqual({ rankingSource: [RANKING_SOURCE_REQUIRED] });

    const next = new Date().getUTCFullYear() + 1;
    const badYear = await post(
      admin,
      body(`Future ${tag} University`, { ranking: 45, rankingSource: "QS", rankingYear: next + 1 }),
    );
    expect(badYear.status).toBe(400);
    expect((await badYear.json()).fieldErrors).toEqual({
      rankingYear: [`Ranking year must be from 1900 to ${next}`],
    });

    const sourceOnly = await post(admin, body(`Sourced ${tag} University`, { rankingSource: "QS" }));
    expect(sourceOnly.status).toBe(400);
    expect((await sourceOnly.json()).fieldErrors).toEqual({ ranking: [RANKING_REQUIRED] });
    expect(await countTagged()).toBe(before);
  });

  test("an unknown country: 400 'Please select a valid country' on the country field", async () => {
    const before = await countTagged();
    for (const country of ["Atlantis", "XX"]) {
      const response = await post(admin, body(`Nowhere ${tag} University`, { country }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        requestId: expect.any(String),
        error: "Please select a valid country",
        fieldErrors: { country: ["Please select a valid country"] },
      });
    }
    expect(await countTagged()).toBe(before);
  });

  test("malformed JSON is a 400", async () => {
    const response = await admin.call(createUniversity, "/api/universities", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
  });
});

describe("PATCH /api/universities/{id}", () => {
  test("changes the fields; the slug follows a new name only", async () => {
    const created = await (await post(admin, body(`Harbour ${tag} College`))).json();
    const same = await patch(
      admin,
      created.id,
      body(`Harbour ${tag} College`, { ranking: "7", rankingSource: "THE", country: "AU" }),
    );
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({
      slug: created.slug,
      ranking: 7,
      rankingSource: "THE",
      rankingYear: null,
      country: "Australia",
    });

    const renamed = await (await patch(admin, created.id, body(`Harbour ${tag} University`))).json();
    expect(renamed).toMatchObject({ name: `Harbour ${tag} University`, slug: `harbour-${tag}-university` });

    // A client that kept the old slug is sent on to the current one, as the page's visitors are.
    const old = await admin.call(getBySlug, `/api/universities/by-slug/${created.slug}`, {
      params: { slug: created.slug },
    });
    expect(old.status).toBe(308);
    expect(old.headers.get("location")).toBe(`/api/universities/by-slug/${renamed.slug}`);
    const current = await admin.call(getBySlug, `/api/universities/by-slug/${renamed.slug}`, {
      params: { slug: renamed.slug },
    });
    expect((await current.json()).id).toBe(created.id);
    const unknown = await admin.call(getBySlug, `/api/universities/by-slug/no-such-${tag}-university`, {
      params: { slug: `no-such-${tag}-university` },
    });
    expect(unknown.status).toBe(404);
  });

  test("the website: set, kept when not sent, cleared when empty, refused when not an address", async () => {
    const created = await (
      await post(admin, body(`Web ${tag} College`, { webPage: "https://www.web.example.edu/" }))
    ).json();
    expect(created.webPage).toBe("https://www.web.example.edu/");

    const changed = await patch(
      admin,
      created.id,
      body(`Web ${tag} College`, { webPage: "http://web.example.org/" }),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).webPage).toBe("http://web.example.org/");

    const kept = await (await patch(admin, created.id, body(`Web ${tag} College`))).json();
    expect(kept.webPage).toBe("http://web.example.org/");

    const refused = await patch(
      admin,
      created.id,
      body(`Web ${tag} College`, { webPage: "javascript:alert(1)" }),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors.webPage).toEqual([
      "Enter the website as a full address, e.g. https://www.example.edu/",
    ]);
    const row = await prisma.university.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.webPage).toBe("http://web.example.org/");

    const cleared = await (
      await patch(admin, created.id, body(`Web ${tag} College`, { webPage: "" }))
    ).json();
    expect(cleared.webPage).toBeNull();
  });

  test("a new name whose slug is taken gets a suffix", async () => {
    await post(admin, body(`Taken ${tag} Academy`));
    const other = await (await post(admin, body(`Other ${tag} Academy`))).json();
    const renamed = await (await patch(admin, other.id, body(`Taken ${tag} Academy`))).json();
    expect(renamed.slug).toBe(`taken-${tag}-academy-nz`);
  });

  test("a refused change leaves the university as it was", async () => {
    const created = await (
      await post(admin, body(`Steady ${tag} School`, { ranking: 3, rankingSource: "QS" }))
    ).json();
    const response = await patch(admin, created.id, body(`Changed ${tag} School`, { country: "Atlantis" }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Please select a valid country");
    const row = await prisma.university.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ name: `Steady ${tag} School`, slug: created.slug, ranking: 3 });

    const invalid = await patch(admin, created.id, body(""));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fieldErrors.name).toEqual(["University name is required"]);
  });

  test("404 for an unknown id, 400 for a malformed one", async () => {
    const missing = await patch(admin, 2_147_483_000, body(`Ghost ${tag}`));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ requestId: expect.any(String), error: "University not found" });
    expect((await patch(admin, "abc", body(`Ghost ${tag}`))).status).toBe(400);
  });
});

describe("DELETE /api/universities/{id}", () => {
  test("removes a university nobody applied to, with its programs", async () => {
    const university = await insertUniversity({
      name: `Doomed ${tag} University`,
      programs: [
        { name: "Law", degree: "LLB" },
        { name: "History", degree: "BA" },
      ],
    });
    const programIds = university.programs.map((p) => p.id);

    const response = await remove(admin, university.id);
    expect(response.status).toBe(204);
    expect(await prisma.university.findUnique({ where: { id: university.id } })).toBeNull();
    expect(await prisma.program.count({ where: { id: { in: programIds } } })).toBe(0);
  });

  test("archives a university with applications, and its programs, keeping the applications", async () => {
    const university = await insertUniversity({
      name: `Applied ${tag} University`,
      programs: [
        { name: "Law", degree: "LLB" },
        { name: "History", degree: "BA" },
      ],
    });
    const student = await createStudent();
    const programIds = university.programs.map((p) => p.id);
    await createApplication({ userId: student.id, programId: programIds[0] });
    await createApplication({ userId: student.id, programId: programIds[1] });

    const response = await remove(admin, university.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ archived: true, applicationsKept: 2 });
    expect((await prisma.university.findUnique({ where: { id: university.id } }))?.archivedAt).toBeInstanceOf(
      Date,
    );
    expect(await prisma.program.count({ where: { id: { in: programIds }, archivedAt: { not: null } } })).toBe(
      2,
    );
    expect(await prisma.application.count({ where: { programId: { in: programIds } } })).toBe(2);
  });

  test("404 for an unknown id (also when deleted twice)", async () => {
    const university = await insertUniversity({ name: `Twice ${tag} University` });
    expect((await remove(admin, university.id)).status).toBe(204);
    const again = await remove(admin, university.id);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ requestId: expect.any(String), error: "University not found" });
  });
});

describe("POST /api/uploads and /uploads/{key}", () => {
  test("stores an image given as the raw body and serves it with its type, nosniff and a year's cache", async () => {
    const response = await uploadBytes(admin, png, "application/octet-stream");
    expect(response.status).toBe(201);
    const stored = await response.json();
    expect(stored).toEqual({
      url: `/uploads/${stored.key}`,
      key: expect.stringMatching(/^[a-f0-9]{32}\.png$/),
      contentType: "image/png",
      size: png.byteLength,
    });
    expect(new Uint8Array(readFileSync(join(uploadsDir, stored.key)))).toEqual(png);

    const served = await serveUpload(new Request(`http://localhost${stored.url}`), {
      params: Promise.resolve({ key: stored.key }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    const unknown = await serveUpload(new Request("http://localhost/uploads/x"), {
      params: Promise.resolve({ key: "0123456789abcdef0123456789abcdef.png" }),
    });
    expect(unknown.status).toBe(404);
    const traversal = await serveUpload(new Request("http://localhost/uploads/x"), {
      params: Promise.resolve({ key: "../../package.json" }),
    });
    expect(traversal.status).toBe(404);
  });

  test("accepts a multipart form with a file field (a JPEG stays a JPEG whatever its name)", async () => {
    const form = new FormData();
    form.set("file", new File([jpeg as BlobPart], "photo.png", { type: "image/png" }));
    const response = await admin.call(upload, "/api/uploads", { method: "POST", body: form });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      contentType: "image/jpeg",
      key: expect.stringMatching(/\.jpg$/),
    });
  });

  test("refuses what is not an image by its content, and files over 5 MB", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    const asSvg = await uploadBytes(admin, svg, "image/svg+xml");
    expect(asSvg.status).toBe(415);
    expect(await asSvg.json()).toEqual({
      requestId: expect.any(String),
      error: "Please upload only image files",
    });
    const textAsPng = await uploadBytes(admin, new TextEncoder().encode("hello"), "image/png");
    expect(textAsPng.status).toBe(415);
    const truncated = await uploadBytes(admin, png.subarray(0, 100));
    expect(truncated.status).toBe(415);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png.subarray(0, 40));
    const tooBig = await uploadBytes(admin, big);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      requestId: expect.any(String),
      error: "File size should not exceed 5MB",
    });
  });

  test("an update or delete keeps the files; each university records the uploads it uses", async () => {
    const url = async () => (await (await uploadBytes(admin, png)).json()).url as string;
    const [main, first, shared] = [await url(), await url(), await url()];
    const file = (u: string) => join(uploadsDir, u.replace("/uploads/", ""));
    const keyOf = (u: string) => u.replace("/uploads/", "");
    const usedBy = async (id: number) =>
      (await prisma.universityUpload.findMany({ where: { universityId: id }, select: { key: true } }))
        .map((row) => row.key)
        .sort();

    const created = await (
      await post(admin, body(`Gallery ${tag} University`, { mainImage: main, images: [first, shared] }))
    ).json();
    expect(created).toMatchObject({ mainImage: main, images: [first, shared] });
    expect(await usedBy(created.id)).toEqual([main, first, shared].map(keyOf).sort());
    const sharing = await (await post(admin, body(`Sharing ${tag} University`, { images: [shared] }))).json();
    expect(await usedBy(sharing.id)).toEqual([keyOf(shared)]);

    const updated = await patch(admin, created.id, body(`Gallery ${tag} University`, { mainImage: main }));
    expect(updated.status).toBe(200);
    expect(await usedBy(created.id)).toEqual([keyOf(main)]);
    expect((await remove(admin, created.id)).status).toBe(204);
    for (const u of [main, first, shared]) expect(existsSync(file(u))).toBe(true);
  });
});
