import { createPrismaClient } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate } from "@/lib/db/migrate";
import { readDataset, seed } from "@/lib/db/seed";
import { seedIfEmpty } from "@/lib/db/startup";
import { createScratchDatabase, SCRATCH_DATABASE_TIMEOUT, type ScratchDatabase } from "../support/databases";

// A seed cut short (a first start killed midway) is completed by the next start, and seeding again
// finds each university of the list by its source key, also after an admin renamed it.

let scratch: ScratchDatabase;
let prisma: PrismaClient;
const DATASET_SIZE = readDataset().length;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  await migrate(scratch.url);
  prisma = createPrismaClient(scratch.url, { max: 2 });
}, SCRATCH_DATABASE_TIMEOUT);

afterAll(async () => {
  await prisma?.$disconnect();
  await scratch?.drop();
}, SCRATCH_DATABASE_TIMEOUT);

test("a first seed killed after the universities is completed by the next start", async () => {
  const killed = new Error("killed midway");
  await expect(
    seed(prisma, {
      log: (message) => {
        if (message === "universities done") throw killed;
      },
    }),
  ).rejects.toBe(killed);
  expect(await prisma.country.count()).toBeGreaterThan(0);

  const logged: string[] = [];
  const summary = await seedIfEmpty(prisma, { demo: false, log: (message) => logged.push(message) });
  expect(summary).not.toBeNull();
  expect(logged[0]).toBe("The last seed did not finish: seeding again.");
  expect(await prisma.university.count()).toBe(DATASET_SIZE);
  expect(await seedIfEmpty(prisma, { demo: false, log: () => {} })).toBeNull();
}, 180_000);

test("seeding again after an admin renamed a university of the list adds no second one", async () => {
  const original = await prisma.university.findUniqueOrThrow({
    where: { slug: "massachusetts-institute-of-technology" },
  });
  // What a rename through the admin form does: a new name and slug, the old slug kept.
  await prisma.university.update({
    where: { id: original.id },
    data: { name: "MIT", slug: "mit", editedAt: new Date() },
  });
  await prisma.universitySlug.create({ data: { slug: original.slug, universityId: original.id } });

  await seed(prisma, { demo: false });

  expect(await prisma.university.count()).toBe(DATASET_SIZE);
  expect(await prisma.university.count({ where: { name: original.name } })).toBe(0);
  expect(await prisma.university.findUniqueOrThrow({ where: { id: original.id } })).toMatchObject({
    name: "MIT",
    slug: "mit",
  });
}, 180_000);
