/**
 * OpenTelemetry tracing. Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then the SDK is loaded
 * (lazily, so a process without tracing pays nothing but @opentelemetry/api's no-op calls), HTTP
 * servers and clients (node:http) and fetch (undici) are instrumented, and spans are exported over
 * OTLP/HTTP. Import this module, and call startTracing, before anything that loads node:http
 * (each service's src/tracing.ts, imported first by its main.ts).
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';

let shutdownHook: (() => Promise<void>) | undefined;

export const tracer = () => trace.getTracer('shopkart');

/**
 * Starts exporting traces as `serviceName` when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter
 * posts to `<endpoint>/v1/traces`). Answers whether tracing is on.
 */
export function startTracing(serviceName: string, env: Record<string, string | undefined> = process.env): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || shutdownHook) return Boolean(shutdownHook);
  const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks') as typeof import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  const { BatchSpanProcessor, TracerProvider } = require('@opentelemetry/sdk-trace') as typeof import('@opentelemetry/sdk-trace');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');

  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY) || 2000,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const quiet = new Set(['/healthz', '/readyz', '/metrics']);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes would bury the requests that matter.
        ignoreIncomingRequestHook: (req) => quiet.has((req.url ?? '').split('?')[0]!),
        ignoreOutgoingRequestHook: (req) => quiet.has(String(req.path ?? '').split('?')[0]!),
      }),
      new UndiciInstrumentation({ ignoreRequestHook: (req) => quiet.has(req.path.split('?')[0]!) }),
    ],
  });
  shutdownHook = () => provider.shutdown();
  return true;
}

/** Sends the spans still buffered (call before the process exits). */
export async function shutdownTracing(): Promise<void> {
  await shutdownHook?.().catch(() => undefined);
}

/** The trace id of the active span, for log lines (undefined when tracing is off). */
export function currentTraceId(): string | undefined {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && trace.isSpanContextValid(ctx) ? ctx.traceId : undefined;
}

/** The active span's W3C `traceparent`, to store with an outbox row (undefined when tracing is off). */
export function currentTraceParent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** W3C trace-context headers of the active span, for an outgoing message. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

function contextFrom(carrier: Record<string, unknown> | undefined): Context {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(carrier ?? {})) if (typeof v === 'string') headers[k] = v;
  return propagation.extract(context.active(), headers);
}

async function inSpan<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await context.with(trace.setSpan(context.active(), span), fn);
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: String((err as Error)?.message ?? err) });
    throw err;
  } finally {
    span.end();
  }
}

/** Publishes an outbox event as a PRODUCER span continuing the trace of the request that wrote it. */
export function tracePublish<T>(traceParent: string | undefined, eventType: string, destination: string, fn: () => Promise<T>): Promise<T> {
  const parent = contextFrom(traceParent ? { traceparent: traceParent } : undefined);
  const span = tracer().startSpan(`publish ${eventType}`, { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'rabbitmq', 'messaging.destination.name': destination, 'messaging.message.type': eventType } }, parent);
  return context.with(parent, () => inSpan(span, fn));
}

/** Handles a message as a CONSUMER span whose parent comes from the message's headers. */
export function traceConsume<T>(headers: Record<string, unknown> | undefined, eventType: string, queue: string, fn: () => Promise<T>): Promise<T> {
  const parent = contextFrom(headers);
  const span = tracer().startSpan(`process ${eventType}`, { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'rabbitmq', 'messaging.destination.name': queue, 'messaging.message.type': eventType } }, parent);
  return context.with(parent, () => inSpan(span, fn));
}

/** Names the active server span after the route pattern (`POST /api/v1/order/new`). */
export function serverSpanNamer(): (method: string, route: string) => void {
  const span = trace.getActiveSpan();
  return (method, route) => {
    if (!span) return;
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
  };
}
