import { loadEnvConfig } from "@next/env";

// The scripts read .env files the way Next.js does, so DATABASE_URL in .env means the same to
// `npm run db:seed` as to the app.
loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production");
