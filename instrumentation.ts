import type { Instrumentation } from "next";

// Runs once when the server starts. The Node-only work lives in its own module so that the Edge
// build of this file never sees it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const node = await import("./instrumentation-node");
  await node.checkEnvironment();
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    await node.startTracing();
    node.startBackgroundWork();
    node.openCacheStore();
    await node.handleShutdown();
  }
}

// A page (or action) that failed on the server: one log line with the request id proxy.ts gave
// it, and the database breaker opened if the database was the cause (instrumentation-node.ts).
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const node = await import("./instrumentation-node");
  node.reportRequestError(error, request, context);
};
