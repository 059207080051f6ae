// Parsing the environment at start-up makes a production server with a missing AUTH_SECRET or
// DATABASE_URL stop at once, naming the variable, instead of failing on its first request.
// (Next only logs errors thrown from register(), so the process is ended explicitly.)
export async function checkEnvironment() {
  try {
    await import("@/lib/env");
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
