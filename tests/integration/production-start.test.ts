import { createPrismaClient } from "@/lib/db/client.server";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate } from "@/lib/db/migrate.server";
import { isProductionStart, wantsDemoData } from "@/lib/db/seed/demo";
import { DEMO_ACCOUNTS, readDataset, seed } from "@/lib/db/seed/seed.server";
import { hashPassword } from "@/lib/auth/password.server";
import {
  NO_ADMIN_MESSAGE,
  demoAccountsWithPublishedPasswords,
  reportDemoPasswords,
  reportMissingAdmin,
  seedIfEmpty,
} from "@/lib/db/startup.server";
import { createAdmin } from "@/lib/users/create-admin.server";
import { DEMO_DATA_KEY } from "@/lib/settings/constants";
import { createScratchDatabase, type ScratchDatabase } from "../support/databases";

// What `npm start` (scripts/with-db.ts running `next start`) does to an empty database (here one
// whose first seed was cut short): the reference data, facts only (no generated programs, rankings
// or descriptions), no account at all (so no known password), and a hint to create the first admin.

let scratch: ScratchDatabase;
let prisma: PrismaClient;
const logged: string[] = [];
const log = (message: string) => logged.push(message);

beforeAll(async () => {
  scratch = await createScratchDatabase();
  await migrate(scratch.url);
  prisma = createPrismaClient(scratch.url, { max: 2 });
  // A first start killed during its seed: the next start seeds again.
  await seed(prisma, {
    log: (message) => {
      if (message === "countries done") throw new Error("killed");
    },
  }).catch(() => {});
  const production = isProductionStart(["next", "start", "-H", "127.0.0.1"], {});
  await seedIfEmpty(prisma, { demo: wantsDemoData({ production, env: {} }), log });
  await reportMissingAdmin(prisma, log);
}, 180_000);

afterAll(async () => {
  await prisma.$disconnect();
  await scratch.drop();
});

test("a production start seeds the reference data and creates no account", async () => {
  expect(await prisma.country.count()).toBe(250);
  expect(await prisma.university.count()).toBe(10_251);
  expect(await prisma.user.count()).toBe(0);
  expect(await prisma.application.count()).toBe(0);
  expect(logged.join("\n")).toMatch(/no demo accounts/);
});

test("a production seed holds facts only (websites and domains): no programs, rankings or descriptions, and no demo notice", async () => {
  expect(await prisma.program.count()).toBe(0);
  expect(await prisma.university.count({ where: { ranking: { not: null } } })).toBe(0);
  expect(await prisma.university.count({ where: { rankingSource: { not: null } } })).toBe(0);
  expect(await prisma.university.count({ where: { description: { not: null } } })).toBe(0);
  expect(await prisma.university.count({ where: { webPage: { not: null } } })).toBeGreaterThan(10_000);
  // The list's facts: websites and domains (every entry of the list has at least one domain).
  expect(await prisma.university.count({ where: { domains: { isEmpty: true } } })).toBe(0);
  expect(await prisma.setting.findUnique({ where: { key: DEMO_DATA_KEY } })).toBeNull();
  expect(logged.join("\n")).toMatch(/facts only/);
});

test("it prints how to create the first admin, until one exists", async () => {
  expect(logged).toContain(NO_ADMIN_MESSAGE);
  expect(NO_ADMIN_MESSAGE).toMatch(/npm run create-admin/);

  await createAdmin(prisma, {
    username: "firstadmin",
    email: "firstadmin@example.com",
    fullName: "First Admin",
    password: "a-long-unguessable-passphrase-2026",
    adminType: "super",
  });
  const later: string[] = [];
  await reportMissingAdmin(prisma, (message) => later.push(message));
  expect(later).toEqual([]);
});

test("a first start killed during its seed is seeded in full by the next one", async () => {
  expect(logged[0]).toBe("The last seed did not finish: seeding again.");
  expect(await prisma.university.count()).toBe(readDataset().length);
});

test("a second start finds the data and seeds nothing", async () => {
  const again: string[] = [];
  expect(await seedIfEmpty(prisma, { demo: false, log: (message) => again.push(message) })).toBeNull();
  expect(again).toEqual([]);
});

test("a demo account left from a development seed is named while it keeps its published password", async () => {
  const demoAdmin = DEMO_ACCOUNTS[0];
  const user = await prisma.user.create({
    data: {
      username: demoAdmin.username,
      email: "left-over-admin@example.com",
      fullName: demoAdmin.fullName,
      password: await hashPassword(demoAdmin.password),
      role: "admin",
      adminType: "super",
    },
  });
  const warnings: string[] = [];
  await reportDemoPasswords(prisma, (message) => warnings.push(message));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/WARNING: admin still has the demo password/);

  await prisma.user.update({
    where: { id: user.id },
    data: { password: await hashPassword("changed-2026-passphrase") },
  });
  expect(await demoAccountsWithPublishedPasswords(prisma)).toEqual([]);
});
