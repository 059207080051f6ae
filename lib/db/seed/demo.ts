// Whether a database gets the demo data: generated programs, tuition, deadlines, descriptions and
// rankings, and the demo accounts, whose passwords are printed in the README. Made only where
// someone asked for them: in development (`npm run dev`, `npm run db:seed`), or anywhere with
// DEMO_DATA=1 (the end-to-end server). A production start, or `npm run db:seed` in production,
// seeds facts only. DEMO_DATA=0 turns them off in development too. The demo seed records the
// choice in the database, which the pages read (docs/decisions/0009-demo-mode-in-the-database.md).

export const DEMO_DATA_VARIABLE = "DEMO_DATA";

type Environment = Record<string, string | undefined>;

/** `next start`, or any command run with NODE_ENV=production, serves production. */
export function isProductionStart(command: readonly string[], env: Environment): boolean {
  const [program, subcommand] = command;
  const isNextStart = /(^|[\\/])next(\.cmd)?$/.test(program ?? "") && subcommand === "start";
  return isNextStart || env.NODE_ENV === "production";
}

/** True when the seed should also write the generated catalogue, the demo accounts and their applications. */
export function wantsDemoData(options: { production: boolean; env: Environment; noDemo?: boolean }): boolean {
  if (options.noDemo) return false;
  const flag = options.env[DEMO_DATA_VARIABLE]?.trim().toLowerCase();
  if (!flag) return !options.production;
  if (["1", "true", "yes"].includes(flag)) return true;
  if (["0", "false", "no"].includes(flag)) return false;
  throw new Error(`${DEMO_DATA_VARIABLE} must be 1 (seed the demo data) or 0 (do not); got "${flag}".`);
}
