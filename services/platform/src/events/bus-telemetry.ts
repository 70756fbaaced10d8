import type { EventEnvelope } from '@shop/proto-contracts';
import { eventMetrics } from '../telemetry/metrics';
import { traceConsume } from '../telemetry/tracing';
import type { EventHandler } from './event-bus';

/**
 * Metrics and tracing around event delivery, shared by both buses so their own code only gains a
 * call or two. A queue is named `<service>.<purpose>`, which gives the consuming service's label.
 */
export interface Delivery {
  /** The subscription's queue name, without the bus namespace. */
  queue: string;
  event: EventEnvelope;
  /** Message headers (W3C trace context from the publisher). */
  headers?: Record<string, unknown>;
}

export const serviceOfQueue = (queue: string) => queue.split('.')[0] ?? queue;

/** Runs the handler inside a consumer span continuing the publisher's trace; counts a success. */
export async function handleDelivery(delivery: Delivery, handler: EventHandler): Promise<void> {
  const { queue, event } = delivery;
  await traceConsume(delivery.headers, event.type, queue, () => handler(event));
  eventMetrics.consumed.inc({ service: serviceOfQueue(queue), queue, type: event.type });
}

export function countFailedDelivery(queue: string, type: string, outcome: 'retried' | 'dead_lettered' | 'malformed') {
  eventMetrics.failed.inc({ service: serviceOfQueue(queue), queue, type, outcome });
}
