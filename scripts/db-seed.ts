// npm run db:seed: fills DATABASE_URL, or the embedded database, with the reference data (facts
// only) and the demo data (generated programs, rankings, descriptions, demo accounts): the latter
// in development unless --no-demo (or DEMO_DATA=0); in production only with DEMO_DATA=1. Safe to
// run again.
import "./load-env";
import { createPrismaClient } from "@/lib/db/client.server";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { migrate } from "@/lib/db/migrate.server";
import { seed } from "@/lib/db/seed/seed.server";
import { wantsDemoData } from "@/lib/db/seed/demo";

const demo = wantsDemoData({
  production: process.env.NODE_ENV === "production",
  env: process.env,
  noDemo: process.argv.includes("--no-demo"),
});

withDatabaseUrl(async (url, mode) => {
  await migrate(url);
  const prisma = createPrismaClient(url, { max: 2 });
  const started = Date.now();
  try {
    const summary = await seed(prisma, { demo, log: (m) => console.log(`  ${m}`) });
    console.log(`Seeded the ${mode} database in ${((Date.now() - started) / 1000).toFixed(1)} s:`, summary);
  } finally {
    await prisma.$disconnect();
  }
}).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
