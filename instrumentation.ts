// Runs once when the server starts. The Node-only work lives in its own module so that the Edge
// build of this file never sees it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const node = await import("./instrumentation-node");
  await node.checkEnvironment();
  if (process.env.NEXT_PHASE !== "phase-production-build") node.startBackgroundWork();
}
