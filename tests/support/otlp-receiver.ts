import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// An OTLP/HTTP trace receiver in the test's process, standing in for a collector: it takes what
// the app's exporter posts to /v1/traces (JSON, the exporter's default encoding) and keeps the
// spans, flattened, for the test to read.

export type AttributeValue = string | number | boolean;

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  durationMs: number;
}

export const SPAN_KIND_SERVER = 2;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: OtlpAttribute[];
  status?: { code?: number };
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

function valueOf(value: OtlpValue): AttributeValue {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue ?? "";
}

function attributesOf(list: OtlpAttribute[] = []): Record<string, AttributeValue> {
  return Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));
}

/** The spans of one export request. */
export function decodeTraceExport(body: OtlpExport): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)["service.name"] ?? "");
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? "",
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        statusCode: span.status?.code ?? 0,
        durationMs: Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6,
      })),
    );
  });
}

export interface OtlpReceiver {
  /** The endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT (the exporter appends /v1/traces). */
  url: string;
  spans: ReceivedSpan[];
  /** Resolves with the first span `predicate` accepts, once it has arrived. */
  waitForSpan(predicate: (span: ReceivedSpan) => boolean, timeoutMs?: number): Promise<ReceivedSpan>;
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      if (!String(request.headers["content-type"]).startsWith("application/json")) {
        response.writeHead(415).end();
        return;
      }
      spans.push(...decodeTraceExport(JSON.parse(text) as OtlpExport));
      for (const wake of waiters) wake();
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    waitForSpan(predicate, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = spans.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no such span in ${timeoutMs} ms; received: ${spans.map((s) => s.name).join(", ")}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
