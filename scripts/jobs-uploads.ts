// npm run jobs:uploads: deletes the uploaded files no university has used for a day (uploads
// never saved, images removed from a university, those of deleted universities), then exits.
// Safe to run as often as you like (daily from cron or a platform scheduler) and alongside the
// app: lib/storage/uploads.server.ts explains why a university write and this job never cross.
import "./load-env";
import { createPrismaClient } from "@/lib/db/client.server";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { sweepUnusedUploads } from "@/lib/storage/uploads.server";

withDatabaseUrl(async (url) => {
  const prisma = createPrismaClient(url, { max: 1 });
  try {
    const { deleted, failed } = await sweepUnusedUploads(prisma);
    console.log(
      `Uploads: ${deleted} unused files deleted` + (failed ? `, ${failed} failed (retried next run).` : "."),
    );
    if (failed) process.exitCode = 1;
  } finally {
    await prisma.$disconnect();
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
