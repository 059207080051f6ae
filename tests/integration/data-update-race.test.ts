import { createPrismaClient } from "@/lib/db/client.server";
import { prisma } from "@/lib/db/client.server";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { updateFromDataset } from "@/lib/import/data-update.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";
import { testOnPostgres } from "../support/postgres-only";

// npm run data:update reads every university at its start and writes websites later in the same
// run: an admin's edit committed in between keeps what the admin wrote. Two sessions interleave
// only on PostgreSQL (the embedded database holds other connections while a transaction runs).

const tag = uniqueTag();
const actor = { id: null, fullName: "Command line" };

let script: PrismaClient;

beforeAll(() => {
  script = createPrismaClient(process.env.DATABASE_URL!, { max: 1 });
});

afterAll(async () => {
  await script.$disconnect();
  await cleanup();
});

/**
 * The script's database, where `between` runs (on another connection) right after the run has
 * read the stored universities and before it writes anything.
 */
function pausedAfterRead(between: () => Promise<void>): PrismaClient {
  return new Proxy(script, {
    get(target, property, receiver) {
      if (property !== "$transaction") return Reflect.get(target, property, receiver);
      return (work: (tx: unknown) => Promise<unknown>, options: unknown) =>
        target.$transaction(
          (tx) =>
            work(
              new Proxy(tx, {
                get(txTarget, name, txReceiver) {
                  const model = Reflect.get(txTarget, name, txReceiver);
                  if (name !== "university") return model;
                  return new Proxy(model, {
                    get(modelTarget, method, modelReceiver) {
                      const call = Reflect.get(modelTarget, method, modelReceiver);
                      if (method !== "findMany") return call;
                      return async (...args: unknown[]) => {
                        const rows = await call.apply(modelTarget, args);
                        await between();
                        return rows;
                      };
                    },
                  });
                },
              }),
            ),
          options as never,
        );
    },
  });
}

testOnPostgres("an admin's edit committed during the run keeps the admin's website", async () => {
  const university = await createUniversity({ name: `Racing ${tag}` });
  await prisma.university.update({
    where: { id: university.id },
    data: { webPage: `http://racing-${tag}.example.edu/` },
  });
  const adminsPage = `https://admin-${tag}.example.edu/`;
  const data = [
    {
      name: `Racing ${tag}`,
      alpha_two_code: "NZ",
      web_pages: [`https://list-${tag}.example.edu/`],
      domains: [`racing-${tag}.example.edu`],
    },
  ];

  const summary = await updateFromDataset(
    pausedAfterRead(async () => {
      await prisma.university.update({
        where: { id: university.id },
        data: { webPage: adminsPage, editedAt: new Date() },
      });
    }),
    actor,
    { data, fileName: "list.json", apply: true },
  );

  const stored = await prisma.university.findUniqueOrThrow({ where: { id: university.id } });
  expect(stored.webPage).toBe(adminsPage);
  expect(summary.updated).toEqual([]);
  expect(summary.keptEdited.map((row) => row.slug)).toEqual([university.slug]);
});
