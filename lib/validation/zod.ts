import { z } from "zod";

// Zod, as every module of the app imports it (eslint.config.mjs forbids "zod" elsewhere). Zod 4
// probes for eval (`Function("")`) before its first object parse, to decide whether to compile
// parsers; our Content-Security-Policy refuses eval in production (lib/http/security-headers.js),
// so in the browser that probe would be reported as a violation. There, it parses without the
// compiled fast path; the server keeps it. Only pages that validate something load it.
if (typeof window !== "undefined") z.config({ jitless: true });

export * from "zod";
