// Tracing costs nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set: the server does not even import
// the SDK (lib/telemetry/tracing.server.ts, which imports every OpenTelemetry package).

const mockLoaded = jest.fn();
const mockStart = jest.fn();
jest.mock("@/lib/telemetry/tracing.server", () => {
  mockLoaded();
  return { startTracing: mockStart, stopTracing: jest.fn() };
});

const ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";
const before = process.env[ENDPOINT];

afterEach(() => {
  if (before === undefined) delete process.env[ENDPOINT];
  else process.env[ENDPOINT] = before;
  jest.resetModules();
  mockLoaded.mockClear();
  mockStart.mockClear();
});

test("without OTEL_EXPORTER_OTLP_ENDPOINT the tracing SDK is never imported", async () => {
  delete process.env[ENDPOINT];
  const node = await import("@/instrumentation-node");
  await node.startTracing();
  expect(mockLoaded).not.toHaveBeenCalled();
  expect(mockStart).not.toHaveBeenCalled();
});

test("with it, tracing starts when the server does", async () => {
  process.env[ENDPOINT] = "http://127.0.0.1:4318";
  const node = await import("@/instrumentation-node");
  await node.startTracing();
  expect(mockLoaded).toHaveBeenCalledTimes(1);
  expect(mockStart).toHaveBeenCalledTimes(1);
});
