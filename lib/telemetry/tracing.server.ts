import "server-only";
import { SpanKind, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { PrismaInstrumentation } from "@prisma/instrumentation";
import { REQUEST_ID_ATTRIBUTE, setRequestTagger } from "./request-id";

// Traces with OpenTelemetry, exported over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT. This
// module is imported only when that variable is set (instrumentation.ts), so a server without it
// loads none of the SDK. Once a tracer provider is registered, Next records its own spans: one per
// request (`GET /university/[slug]`, `POST /api/applications`: kind server, with http.method,
// http.route, http.status_code, error status for a 5xx, and the duration), with the render, the
// route handler and the proxy below it; Prisma's instrumentation adds the database's (each client
// call, and each SQL statement as prisma:engine:db_query / prisma:client:db_query). The exporter
// reads the OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout) itself.

/** How many traces' request ids are remembered for the spans that start after the id was made. */
const REMEMBERED_TRACES = 1000;

/**
 * Puts the request id on the server spans of its trace. A page request is two server spans in one
 * trace, Next's pass through proxy.ts (which makes the id) and then the render, which starts once
 * the first has ended; a route handler's id is made inside its span. So the id goes on the spans
 * of the trace still open when it is made, and on those that start later in the same trace.
 */
export class RequestIdProcessor implements SpanProcessor {
  private readonly open = new Map<string, Set<Span>>();
  private readonly ids = new Map<string, string>();

  onStart(span: Span): void {
    if (span.kind !== SpanKind.SERVER) return;
    const traceId = span.spanContext().traceId;
    const id = this.ids.get(traceId);
    if (id) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
    const spans = this.open.get(traceId) ?? new Set<Span>();
    spans.add(span);
    this.open.set(traceId, spans);
  }

  onEnd(span: ReadableSpan): void {
    if (span.kind !== SpanKind.SERVER) return;
    const traceId = span.spanContext().traceId;
    const spans = this.open.get(traceId);
    spans?.delete(span as Span);
    if (spans?.size === 0) this.open.delete(traceId);
  }

  /** Tags the trace of the active span (the request being served) with its request id. */
  tag(requestId: string): void {
    const active = trace.getActiveSpan();
    if (!active) return;
    active.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
    const traceId = active.spanContext().traceId;
    this.ids.delete(traceId);
    this.ids.set(traceId, requestId);
    if (this.ids.size > REMEMBERED_TRACES) this.ids.delete(this.ids.keys().next().value!);
    for (const span of this.open.get(traceId) ?? []) span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {
    this.open.clear();
    this.ids.clear();
  }
}

let provider: NodeTracerProvider | undefined;

/** Registers the tracer provider, the exporter and Prisma's instrumentation (once). */
export function startTracing(serviceName: string): void {
  if (provider) return;
  const requestIds = new RequestIdProcessor();
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [requestIds, new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({ tracerProvider: provider, instrumentations: [new PrismaInstrumentation()] });
  setRequestTagger((requestId) => requestIds.tag(requestId));
}

/** Sends the spans still buffered and stops tracing (the server is shutting down). */
export async function stopTracing(): Promise<void> {
  const current = provider;
  provider = undefined;
  setRequestTagger(undefined);
  await current?.shutdown();
}
