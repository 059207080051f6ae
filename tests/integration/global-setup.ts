import "../../scripts/server-only-outside-next.cjs";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { startEmbeddedDatabase } from "../../lib/db/embedded.server";
import { migrate } from "../../lib/db/migrate.server";
import { createPrismaClient } from "../../lib/db/client.server";
import { seed } from "../../lib/db/seed/seed.server";
import { newMailDeliveryLock } from "../support/mail-delivery-lock";

// A database of its own for this run: a fresh database on the PostgreSQL server of DATABASE_URL
// (dropped afterwards), or a fresh in-memory embedded database. Migrated and seeded once; each
// test creates the rows it changes.

declare global {
  var __integrationDatabase: { stop(): Promise<void> } | undefined;
}

export default async function globalSetup() {
  const serverUrl = process.env.DATABASE_URL;
  let url: string;
  if (serverUrl) {
    const name = `unisearch_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    globalThis.__integrationDatabase = {
      async stop() {
        const client = new Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
    };
  } else {
    const database = await startEmbeddedDatabase();
    url = database.url;
    globalThis.__integrationDatabase = database;
  }
  process.env.DATABASE_URL = url;
  // The test Agent sends X-Forwarded-For as one proxy in front of the app would.
  process.env.TRUSTED_PROXIES ??= "1";
  process.env.INTEGRATION_SERVER_URL = serverUrl ?? "";
  process.env.MAIL_DELIVERY_LOCK = newMailDeliveryLock();

  await migrate(url);
  const prisma = createPrismaClient(url, { max: 2 });
  try {
    await seed(prisma, { demo: true });
  } finally {
    await prisma.$disconnect();
  }
}
