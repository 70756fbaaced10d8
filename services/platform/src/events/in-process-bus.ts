import type { EventEnvelope } from '@shop/proto-contracts';
import { isDatabaseUnavailable } from '../db';
import type { Logger } from '../logger';
import { countFailedDelivery, handleDelivery } from './bus-telemetry';
import { defaultRetryPolicy, type EventBus, type RetryPolicy, type Subscription } from './event-bus';

/**
 * Embedded mode's bus: delivery is asynchronous (never inside the publisher's call stack), each
 * subscription gets its own copy, failures retry with backoff and end on an in-memory dead-letter list.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  readonly deadLetters: Array<{ queue: string; event: EventEnvelope; error: string }> = [];
  private readonly subscriptions: Subscription[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly logger: Logger,
    private readonly retry: RetryPolicy = defaultRetryPolicy,
  ) {}

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('Event bus is closed');
    for (const sub of this.subscriptions) {
      if (sub.types.includes(event.type)) this.deliver(sub, event, 0, 0);
    }
  }

  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
  }

  isReady(): boolean {
    return !this.closed;
  }

  state(): 'connected' | 'closed' {
    return this.closed ? 'closed' : 'connected';
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private deliver(sub: Subscription, event: EventEnvelope, attempt: number, delay: number) {
    const timer = setTimeout(async () => {
      this.timers.delete(timer);
      if (this.closed) return;
      try {
        await handleDelivery({ queue: sub.queue, event }, sub.handler);
      } catch (err) {
        // The database out of reach is not the event's fault: wait for it without using up attempts.
        if (isDatabaseUnavailable(err)) {
          this.logger.warn({ err: String(err), queue: sub.queue, eventId: event.id }, 'database unavailable; event will be retried');
          this.deliver(sub, event, attempt, 1_000);
          return;
        }
        const next = attempt + 1;
        countFailedDelivery(sub.queue, event.type, next < this.retry.maxAttempts ? 'retried' : 'dead_lettered');
        if (next < this.retry.maxAttempts) {
          this.logger.warn({ err, queue: sub.queue, eventId: event.id, attempt: next }, 'event handler failed; retrying');
          this.deliver(sub, event, next, this.retry.delayMs(next));
        } else {
          this.logger.error({ err, queue: sub.queue, eventId: event.id }, 'event dead-lettered');
          this.deadLetters.push({ queue: sub.queue, event, error: String(err) });
        }
      }
    }, delay);
    this.timers.add(timer);
  }
}
