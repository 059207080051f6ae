// Jest's global setup and teardown run in plain Node, outside the module sandbox where
// jest.config.mjs maps "server-only" to an empty module. Register that empty module here, before
// any lib/ module that imports "server-only" is loaded (import this first).
const resolved = require.resolve("server-only");
require.cache[resolved] = { id: resolved, filename: resolved, loaded: true, exports: {} } as NodeJS.Module;
