import { Writable } from 'node:stream';
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createLogger, wantsPrettyLogs } from '../logger';
import { runWithContext } from '../request-context';
import { currentTraceId, currentTraceParent } from './tracing';

test('a log line made inside a traced request carries its requestId and trace_id', async () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  try {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('logtest', 'info', false, sink);
    const span = trace.getTracer('test').startSpan('GET /things/:id');
    await context.with(trace.setSpan(context.active(), span), async () => {
      runWithContext({ requestId: 'req-1' }, () => logger.info('inside'));
      expect(currentTraceParent()).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    });
    span.end();
    expect(JSON.parse(lines[0]!)).toMatchObject({ service: 'logtest', requestId: 'req-1', trace_id: span.spanContext().traceId, msg: 'inside' });
    logger.info('outside');
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('trace_id');
    expect(currentTraceId()).toBeUndefined();
  } finally {
    trace.disable();
    context.disable();
    propagation.disable();
  }
});

test('pretty logs only for a developer at a terminal', () => {
  expect(wantsPrettyLogs({}, true)).toBe(true);
  expect(wantsPrettyLogs({ NODE_ENV: 'development' }, true)).toBe(true);
  expect(wantsPrettyLogs({ NODE_ENV: 'production' }, true)).toBe(false);
  expect(wantsPrettyLogs({ NODE_ENV: 'test' }, true)).toBe(false);
  expect(wantsPrettyLogs({}, false)).toBe(false);
});
