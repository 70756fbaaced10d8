import type { EventEnvelope } from '@shop/proto-contracts';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface Subscription {
  /** Durable queue name, one per consuming service and purpose, e.g. `cart.order-events`. */
  queue: string;
  /** Event types (routing keys) this queue receives. */
  types: string[];
  handler: EventHandler;
  /**
   * A per-process queue that lives only while this process is connected (RabbitMQ: exclusive,
   * auto-deleted, no retries or dead letters), for notifications such as cache purges that every
   * replica must see and that are worthless once the process is gone. The queue name must then be
   * unique to the process.
   */
  transient?: boolean;
}

/**
 * Two transports behind one interface: RabbitMQ (distributed) and in-process (embedded).
 * publish() resolves only once the event is safely accepted (a broker confirm for RabbitMQ);
 * a handler that throws is retried with backoff and finally parked on a dead-letter queue.
 */
export interface EventBus {
  readonly kind: 'rabbitmq' | 'in-process';
  publish(event: EventEnvelope): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  isReady(): boolean;
  /** The broker connection as /readyz reports it (informational: the outbox covers an outage). */
  state(): 'connected' | 'reconnecting' | 'closed';
  close(): Promise<void>;
}

export interface RetryPolicy {
  maxAttempts: number;
  /** Delay before the attempt number `attempt` (1 = first retry). */
  delayMs(attempt: number): number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  delayMs: (attempt) => Math.min(200 * 2 ** (attempt - 1), 10_000),
};
