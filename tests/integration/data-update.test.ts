import { prisma } from "@/lib/db/client.server";
import { updateFromDataset } from "@/lib/import/data-update.server";
import { cleanup, createUniversity, remember, uniqueTag } from "../support/factories";

// npm run data:update: a newer edition of the university list adds new institutions
// and updates the websites of rows no admin edited, matched by domain or by name and country;
// rows an admin edited keep what the admin wrote; running it twice changes nothing the second time.

const tag = uniqueTag();
const actor = { id: null, fullName: "Command line" };

afterAll(cleanup);

test("adds, updates unedited websites, keeps edited ones, and is idempotent", async () => {
  const plain = await createUniversity({ name: `Plain ${tag}` });
  await prisma.university.update({
    where: { id: plain.id },
    data: { webPage: `http://plain-${tag}.example.edu/` },
  });
  const edited = await createUniversity({ name: `Edited ${tag}` });
  await prisma.university.update({
    where: { id: edited.id },
    data: { webPage: `https://edited-${tag}.example.edu/`, editedAt: new Date() },
  });
  const byName = await createUniversity({ name: `Named ${tag}` });

  const data = [
    // Matched by its domain; the list moved it to https.
    {
      name: `Plain ${tag}`,
      alpha_two_code: "NZ",
      web_pages: [`https://plain-${tag}.example.edu/`],
      domains: [`plain-${tag}.example.edu`],
    },
    // An admin's row: the list's new website is not applied.
    {
      name: `Edited ${tag}`,
      alpha_two_code: "NZ",
      web_pages: [`https://www.edited-${tag}.example.org/`],
      domains: [`edited-${tag}.example.edu`],
    },
    // No website stored: matched by name and country.
    {
      name: `named ${tag}`,
      alpha_two_code: "NZ",
      web_pages: [`https://named-${tag}.example.edu/`],
      domains: [],
    },
    {
      name: `Brand New ${tag}`,
      alpha_two_code: "nz",
      web_pages: [`https://new-${tag}.example.edu/`],
      domains: [`new-${tag}.example.edu`],
    },
    { name: `Nowhere ${tag}`, alpha_two_code: "QQ", web_pages: [], domains: [] },
    { nonsense: true },
  ];

  const dry = await updateFromDataset(prisma, actor, { data, fileName: "list.json", apply: false });
  const summary = await updateFromDataset(prisma, actor, { data, fileName: "list.json", apply: true });
  expect(summary).toEqual(dry);
  const newSlug = `brand-new-${tag}`;
  expect(summary).toEqual({
    added: [{ slug: newSlug, name: `Brand New ${tag}`, country: "NZ" }],
    updated: [
      { slug: plain.slug, from: `http://plain-${tag}.example.edu/`, to: `https://plain-${tag}.example.edu/` },
      { slug: byName.slug, from: null, to: `https://named-${tag}.example.edu/` },
    ],
    // Domains are the list's facts (no form edits them): an admin's row gets them too.
    domainsUpdated: [
      { slug: plain.slug, from: [], to: [`plain-${tag}.example.edu`] },
      { slug: edited.slug, from: [], to: [`edited-${tag}.example.edu`] },
    ],
    keptEdited: [
      {
        slug: edited.slug,
        stored: `https://edited-${tag}.example.edu/`,
        list: `https://www.edited-${tag}.example.org/`,
      },
    ],
    skipped: [
      { index: 4, name: `Nowhere ${tag}`, reason: "unknown country code QQ" },
      { index: 5, name: "", reason: "not a university entry (name, alpha_two_code, web_pages)" },
    ],
    unchanged: 0,
  });

  const added = remember(
    "university",
    await prisma.university.findUniqueOrThrow({ where: { slug: newSlug } }),
  );
  expect(added).toMatchObject({
    name: `Brand New ${tag}`,
    webPage: `https://new-${tag}.example.edu/`,
    domains: [`new-${tag}.example.edu`],
    editedAt: null,
  });
  expect((await prisma.university.findUniqueOrThrow({ where: { id: edited.id } })).webPage).toBe(
    `https://edited-${tag}.example.edu/`,
  );
  expect((await prisma.university.findUniqueOrThrow({ where: { id: plain.id } })).webPage).toBe(
    `https://plain-${tag}.example.edu/`,
  );
  expect(
    await prisma.auditEvent.findFirst({ where: { action: "import.universities", entityId: "list.json" } }),
  ).toMatchObject({
    actorId: null,
    actorName: "Command line",
  });

  const again = await updateFromDataset(prisma, actor, { data, fileName: "list.json", apply: true });
  expect((await prisma.university.findUniqueOrThrow({ where: { id: edited.id } })).domains).toEqual([
    `edited-${tag}.example.edu`,
  ]);
  expect(again).toMatchObject({ added: [], updated: [], domainsUpdated: [], unchanged: 3 });
});

test("an admin's edit through the form marks the row as edited", async () => {
  const { updateUniversity } = await import("@/lib/universities/commands.server");
  const university = await createUniversity({ name: `Form ${tag}` });
  expect(university.editedAt).toBeNull();
  await updateUniversity(actor, university.id, {
    name: university.name,
    country: "NZ",
    description: null,
    mainImage: null,
    images: [],
    ranking: null,
    rankingSource: null,
    rankingYear: null,
  });
  expect(
    (await prisma.university.findUniqueOrThrow({ where: { id: university.id } })).editedAt,
  ).not.toBeNull();
});
