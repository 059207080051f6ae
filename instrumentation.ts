// Runs once when the server starts. The Node-only check lives in its own module so that the
// Edge build of this file never sees it.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs")
    await (await import("./instrumentation-node")).checkEnvironment();
}
