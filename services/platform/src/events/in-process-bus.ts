import type { EventEnvelope } from '@shop/proto-contracts';
import { isDatabaseUnavailable } from '../db';
import type { Logger } from '../logger';
import { countFailedDelivery, handleDelivery } from './bus-telemetry';
import { defaultRetryPolicy, type EventBus, type RetryPolicy, type Subscription } from './event-bus';

interface InFlightDelivery {
  queue: string;
  event: EventEnvelope;
  done?: () => void;
}

/**
 * Embedded mode's bus: delivery is asynchronous (never inside the publisher's call stack), each
 * subscription gets its own copy, failures retry with backoff and end on an in-memory dead-letter list.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  readonly deadLetters: Array<{ queue: string; event: EventEnvelope; error: string }> = [];
  private readonly subscriptions: Subscription[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Deliveries not yet handled (waiting, running or retrying), for a backup's recording. */
  private readonly inFlight = new Set<InFlightDelivery>();
  private readonly recordings = new Set<InFlightDelivery[]>();
  private closed = false;

  constructor(
    private readonly logger: Logger,
    private readonly retry: RetryPolicy = defaultRetryPolicy,
  ) {}

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('Event bus is closed');
    for (const sub of this.subscriptions) {
      if (sub.types.includes(event.type)) this.deliver(sub, event, 0, 0, this.track(sub, event));
    }
  }

  /**
   * Starts recording deliveries for a backup (decision 0101): `stop()` answers every delivery that
   * was not yet handled when the recording started, and every one begun until `stop()`. An event
   * the database shows as published may still be on its way to a consumer; a restore hands these
   * to `redeliver`, and consumers drop the ones they had handled (processed-event ids).
   */
  recordDeliveries(): { stop(): Array<{ queue: string; event: EventEnvelope }> } {
    const recording = [...this.inFlight];
    this.recordings.add(recording);
    return {
      stop: () => {
        this.recordings.delete(recording);
        return recording.map(({ queue, event }) => ({ queue, event }));
      },
    };
  }

  /** Delivers an event again to the subscription of `queue` (none: nothing); resolves once handled or dead-lettered. */
  redeliver(queue: string, event: EventEnvelope): Promise<void> {
    const sub = this.subscriptions.find((s) => s.queue === queue);
    if (!sub || this.closed) return Promise.resolve();
    const delivery = this.track(sub, event);
    const done = new Promise<void>((resolve) => (delivery.done = resolve));
    this.deliver(sub, event, 0, 0, delivery);
    return done;
  }

  private track(sub: Subscription, event: EventEnvelope): InFlightDelivery {
    const delivery: InFlightDelivery = { queue: sub.queue, event };
    this.inFlight.add(delivery);
    for (const recording of this.recordings) recording.push(delivery);
    return delivery;
  }

  private settle(delivery: InFlightDelivery) {
    this.inFlight.delete(delivery);
    delivery.done?.();
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

  private deliver(sub: Subscription, event: EventEnvelope, attempt: number, delay: number, delivery: InFlightDelivery) {
    const timer = setTimeout(async () => {
      this.timers.delete(timer);
      if (this.closed) return;
      try {
        await handleDelivery({ queue: sub.queue, event }, sub.handler);
        this.settle(delivery);
      } catch (err) {
        // The database out of reach is not the event's fault: wait for it without using up attempts.
        if (isDatabaseUnavailable(err)) {
          this.logger.warn({ err: String(err), queue: sub.queue, eventId: event.id }, 'database unavailable; event will be retried');
          this.deliver(sub, event, attempt, 1_000, delivery);
          return;
        }
        const next = attempt + 1;
        countFailedDelivery(sub.queue, event.type, next < this.retry.maxAttempts ? 'retried' : 'dead_lettered');
        if (next < this.retry.maxAttempts) {
          this.logger.warn({ err, queue: sub.queue, eventId: event.id, attempt: next }, 'event handler failed; retrying');
          this.deliver(sub, event, next, this.retry.delayMs(next), delivery);
        } else {
          this.logger.error({ err, queue: sub.queue, eventId: event.id }, 'event dead-lettered');
          this.deadLetters.push({ queue: sub.queue, event, error: String(err) });
          this.settle(delivery);
        }
      }
    }, delay);
    this.timers.add(timer);
  }
}
