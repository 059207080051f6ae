// How the npm scripts run tsx (package.json): a test that runs a script as a process of its own
// runs it the same way (scripts/server-only-outside-next.cjs says why).
export const TSX_SCRIPT_FLAGS = ["--require", "./scripts/server-only-outside-next.cjs"];
