import { context, SpanKind, trace } from "@opentelemetry/api";
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-node";
import { RequestIdProcessor } from "@/lib/telemetry/tracing.server";
import { REQUEST_ID_ATTRIBUTE, setRequestTagger, tagRequest } from "@/lib/telemetry/request-id";

// The request id on a request's spans. A page is two server spans in one trace: Next's pass through
// proxy.ts, which makes the id, then the render, which starts after the first has ended.

const exporter = new InMemorySpanExporter();
const requestIds = new RequestIdProcessor();
const provider = new NodeTracerProvider({ spanProcessors: [requestIds, new SimpleSpanProcessor(exporter)] });

beforeAll(() => {
  provider.register();
  setRequestTagger((id) => requestIds.tag(id));
});

afterAll(async () => {
  setRequestTagger(undefined);
  await provider.shutdown();
  trace.disable();
  context.disable();
});

const tracer = () => trace.getTracer("test");
const attributeOf = (name: string) =>
  exporter.getFinishedSpans().find((span) => span.name === name)?.attributes[REQUEST_ID_ATTRIBUTE];

test("the id made in the first pass goes on it, and on the render that starts later in the trace", () => {
  const first = tracer().startSpan("GET (proxy pass)", { kind: SpanKind.SERVER });
  const traceContext = trace.setSpan(context.active(), first);
  context.with(traceContext, () => {
    const proxySpan = tracer().startSpan("middleware GET");
    context.with(trace.setSpan(context.active(), proxySpan), () => tagRequest("req-1"));
    proxySpan.end();
  });
  first.end();
  const render = tracer().startSpan("GET /university/[slug]", { kind: SpanKind.SERVER }, traceContext);
  render.end();

  expect(attributeOf("GET (proxy pass)")).toBe("req-1");
  expect(attributeOf("middleware GET")).toBe("req-1");
  expect(attributeOf("GET /university/[slug]")).toBe("req-1");
});

test("a route handler's id, made inside its span, goes on the open server span of its trace only", () => {
  const other = tracer().startSpan("GET /other", { kind: SpanKind.SERVER });
  const root = tracer().startSpan("POST /api/applications", { kind: SpanKind.SERVER });
  context.with(trace.setSpan(context.active(), root), () => {
    const handler = tracer().startSpan("executing api route (app) /api/applications");
    context.with(trace.setSpan(context.active(), handler), () => tagRequest("req-2"));
    handler.end();
  });
  root.end();
  other.end();

  expect(attributeOf("POST /api/applications")).toBe("req-2");
  expect(attributeOf("executing api route (app) /api/applications")).toBe("req-2");
  expect(attributeOf("GET /other")).toBeUndefined();
});

test("tracing off: tagging does nothing", () => {
  setRequestTagger(undefined);
  expect(() => tagRequest("req-3")).not.toThrow();
  setRequestTagger((id) => requestIds.tag(id));
});
