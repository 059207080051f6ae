// Runs once when the server starts: parsing the environment here makes a production server
// with a missing AUTH_SECRET or DATABASE_URL stop at start-up, naming the variable.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    await import("@/lib/env");
  }
}
