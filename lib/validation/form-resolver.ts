import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

// The one way client forms validate with the server's zod schemas. Zod 4 probes for eval
// (`Function("")`) before its first object parse, to decide whether to compile parsers; our
// Content-Security-Policy refuses eval in production (lib/http/security-headers.js), so in the
// browser that probe would be reported as a violation. Forms parse without the compiled fast path.
// Set here rather than for every page: pages without a form do not load zod at all.
if (typeof window !== "undefined") z.config({ jitless: true });

export { zodResolver };
