// Preloaded by every npm script that runs tsx (`tsx --require ./scripts/server-only-outside-next.cjs`)
// and by the integration tests' global setup. Server modules import "server-only", which throws
// unless the react-server condition is set; that condition would also give the whole process
// React's server build, which cannot render HTML, and e-mails are rendered with react-dom/server
// (lib/mail/render.server.tsx). So scripts run without it, and this file stands in an empty
// module for "server-only" before anything imports it.
const resolved = require.resolve("server-only");
require.cache[resolved] = { id: resolved, filename: resolved, loaded: true, exports: {} };
