import { z } from "zod";

// Runs in the browser before the app hydrates. Zod 4 probes for eval (`Function("")`) before its
// first object parse to decide whether to compile parsers; our Content-Security-Policy refuses
// eval in production (lib/http/security-headers.js), so the probe would be reported as a
// violation on every page that validates a form or a URL. Parse without the compiled fast path.
z.config({ jitless: true });
