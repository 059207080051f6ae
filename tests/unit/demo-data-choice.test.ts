import { isProductionStart, wantsDemoData } from "@/lib/db/seed/demo";

// Who gets the demo data (generated programs and rankings, README passwords): development, or
// whoever sets DEMO_DATA=1. The rest get facts only.

test("`next start` is a production start, whatever NODE_ENV says; `next dev` is not", () => {
  expect(isProductionStart(["next", "start", "-H", "127.0.0.1"], {})).toBe(true);
  expect(isProductionStart(["/app/node_modules/.bin/next", "start"], { NODE_ENV: "development" })).toBe(true);
  expect(isProductionStart(["next", "dev", "-H", "127.0.0.1"], {})).toBe(false);
  expect(isProductionStart(["node", "server.js"], { NODE_ENV: "production" })).toBe(true);
  expect(isProductionStart(["node", "server.js"], {})).toBe(false);
});

test("a production start seeds no demo data unless DEMO_DATA asks for it", () => {
  const production = isProductionStart(["next", "start"], {});
  expect(wantsDemoData({ production, env: {} })).toBe(false);
  expect(wantsDemoData({ production, env: { DEMO_DATA: "" } })).toBe(false);
  expect(wantsDemoData({ production, env: { DEMO_DATA: "0" } })).toBe(false);
  expect(wantsDemoData({ production, env: { DEMO_DATA: "1" } })).toBe(true);
  expect(wantsDemoData({ production, env: { DEMO_DATA: "true" } })).toBe(true);
});

test("development keeps the demo data, unless turned off", () => {
  const production = isProductionStart(["next", "dev"], {});
  expect(wantsDemoData({ production, env: {} })).toBe(true);
  expect(wantsDemoData({ production, env: { DEMO_DATA: "0" } })).toBe(false);
  expect(wantsDemoData({ production, env: {}, noDemo: true })).toBe(false);
  expect(wantsDemoData({ production, env: { DEMO_DATA: "1" }, noDemo: true })).toBe(false);
});

test("an unclear DEMO_DATA is refused, naming it", () => {
  expect(() => wantsDemoData({ production: true, env: { DEMO_DATA: "maybe" } })).toThrow(
    /DEMO_DATA must be 1/,
  );
});
