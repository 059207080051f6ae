import { defineConfig } from "prisma/config";

// The CLI only needs a URL for commands that talk to a database; `prisma generate` does not.
// Migrations are applied by our own runner (scripts/db-migrate.ts), see DEVELOPERS.md.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/placeholder" },
});
