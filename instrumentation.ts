// Runs once when the server starts. Parsing the environment here makes a production server with
// a missing AUTH_SECRET or DATABASE_URL stop at start-up, naming the variable, instead of failing
// on its first request. (Next only logs errors thrown here, so the process is ended explicitly.)
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    await import("@/lib/env");
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
