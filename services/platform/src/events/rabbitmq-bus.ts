import amqp from 'amqplib';
import { eventEnvelopeSchema, type EventEnvelope } from '@shop/proto-contracts';
import { isDatabaseUnavailable } from '../db';
import type { Logger } from '../logger';
import { GOODBYE_MS, settleOrCut } from '../shutdown';
import { traceHeaders } from '../telemetry/tracing';
import { countFailedDelivery, handleDelivery } from './bus-telemetry';
import { defaultRetryPolicy, type EventBus, type RetryPolicy, type Subscription } from './event-bus';

type Connection = Awaited<ReturnType<typeof amqp.connect>>;
type ConfirmChannel = Awaited<ReturnType<Connection['createConfirmChannel']>>;
type Channel = Awaited<ReturnType<Connection['createChannel']>>;

export interface RabbitBusOptions {
  url: string;
  logger: Logger;
  /** Prefix of the exchange and every queue name (tests use a unique one). */
  namespace?: string;
  retry?: RetryPolicy;
  /** Unacknowledged messages each consumer holds at once (handlers run concurrently up to this). */
  prefetch?: number;
  /** How long a publish waits for the broker's confirm before it counts as failed. */
  publishTimeoutMs?: number;
  /** Reconnect delay cap. */
  maxReconnectDelayMs?: number;
}

const ATTEMPT_HEADER = 'x-attempt';
/** Delay before a message whose handler found the database out of reach is tried again. */
const UNAVAILABLE_RETRY_MS = 1_000;

type Message = NonNullable<Parameters<Parameters<Channel['consume']>[1]>[0]>;

/**
 * RabbitMQ transport: a durable topic exchange, persistent messages with publisher confirms,
 * one durable queue per subscription with manual acks. A failing handler's message goes to
 * `<queue>.retry` with a growing per-message TTL (it dead-letters back to `<queue>`), and after the
 * last attempt to `<queue>.dlq`. The connection is re-established with backoff and subscriptions
 * are re-declared, so a broker restart loses nothing (unpublished events wait in the outbox).
 */
export class RabbitBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  private connection?: Connection;
  private publishChannel?: ConfirmChannel;
  private consumeChannel?: Channel;
  private readonly subscriptions: Subscription[] = [];
  private connecting?: Promise<void>;
  private closed = false;
  private reconnectTimer?: NodeJS.Timeout;
  private reconnectAttempt = 0;
  private readonly exchange: string;
  private readonly dlx: string;
  private readonly retry: RetryPolicy;
  /** Consumers of the current consume channel (cancelled first on close). */
  private consumerTags: string[] = [];
  /** Handlers running now: close() lets them finish and settle their message. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly opts: RabbitBusOptions) {
    this.exchange = `${opts.namespace ?? ''}shop.events`;
    this.dlx = `${this.exchange}.dlx`;
    this.retry = opts.retry ?? defaultRetryPolicy;
  }

  /** Connects once; on failure keeps retrying in the background (start-up does not need the broker). */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (err) {
      this.opts.logger.warn({ err: String(err) }, 'RabbitMQ not reachable yet; will keep retrying');
      this.scheduleReconnect();
    }
  }

  isReady(): boolean {
    return Boolean(this.publishChannel) && !this.closed;
  }

  /**
   * Publishes with a broker confirm. Fails (never hangs, never throws past the caller) when the
   * broker is gone: the outbox keeps the event and tries again.
   */
  async publish(event: EventEnvelope): Promise<void> {
    if (!this.publishChannel) await this.connect();
    const channel = this.publishChannel;
    if (!channel) throw new Error('RabbitMQ is not connected');
    const body = Buffer.from(JSON.stringify(event));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('RabbitMQ publish not confirmed in time')), this.opts.publishTimeoutMs ?? 10_000);
    });
    const confirmed = new Promise<void>((resolve, reject) => {
      // publish() itself throws on a channel that closed a moment ago ("Channel closed").
      channel.publish(
        this.exchange,
        event.type,
        body,
        {
          persistent: true,
          messageId: event.id,
          type: event.type,
          contentType: 'application/json',
          correlationId: event.correlationId,
          timestamp: Math.floor(Date.now() / 1000),
          headers: traceHeaders(),
        },
        (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    });
    try {
      await Promise.race([confirmed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
    const channel = this.consumeChannel;
    if (!channel) return; // declared on (re)connect
    try {
      await this.consume(channel, subscription);
    } catch (err) {
      // The connection went away meanwhile; the next connection declares every subscription.
      this.opts.logger.warn({ err: String(err), queue: subscription.queue }, 'subscription not declared yet; will be on reconnect');
    }
  }

  /** What /readyz reports (never a reason to be unready: the outbox covers an outage). */
  state(): 'connected' | 'reconnecting' | 'closed' {
    if (this.closed) return 'closed';
    return this.publishChannel ? 'connected' : 'reconnecting';
  }

  /**
   * Stops consuming (no new deliveries), lets the handlers that are running finish and settle their
   * message (bounded by drainMs: a handler still running then is cut off and its message
   * redelivered, which idempotent handlers allow), then closes the connection. The broker gets
   * GOODBYE_MS to confirm the cancels and again to answer the close; a broker that stopped
   * answering (no reset, no refusal: its address is gone) has its connection cut instead of holding
   * the stop (decision 0079). Unsettled messages are then redelivered by the broker.
   */
  async close(drainMs = 5_000): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const channel = this.consumeChannel;
    const tags = this.consumerTags.splice(0);
    const cancels = async () => {
      if (channel) for (const tag of tags) await channel.cancel(tag).catch(() => undefined);
    };
    // Unconfirmed cancels are harmless: a delivery that still arrives is not handled (see consume)
    // and goes back to the queue when the channel closes.
    await settleOrCut(cancels(), GOODBYE_MS, () => undefined);
    await settleOrCut(Promise.allSettled([...this.inFlight]), drainMs, () => undefined);
    const conn = this.connection;
    const channels = [this.consumeChannel, this.publishChannel];
    this.connection = undefined;
    this.publishChannel = undefined;
    this.consumeChannel = undefined;
    // Channels first: closing the connection alone dropped acks still queued on a channel (the
    // broker then delivered those messages again).
    const goodbye = async () => {
      for (const ch of channels) await ch?.close().catch(() => undefined);
      await conn?.close().catch(() => undefined);
    };
    const answered = await settleOrCut(goodbye(), GOODBYE_MS, () => socketOf(conn)?.destroy());
    if (!answered) this.opts.logger.warn({ waitedMs: GOODBYE_MS }, 'RabbitMQ did not answer the close; connection cut');
  }

  private connect(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Event bus is closed'));
    this.connecting ??= this.doConnect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async doConnect(): Promise<void> {
    const conn = await amqp.connect(this.opts.url);
    try {
      conn.on('error', (err) => this.opts.logger.warn({ err: String(err) }, 'RabbitMQ connection error'));
      conn.on('close', () => this.onConnectionLost(conn));
      const pub = await conn.createConfirmChannel();
      pub.on('error', () => undefined);
      await pub.assertExchange(this.exchange, 'topic', { durable: true });
      await pub.assertExchange(this.dlx, 'direct', { durable: true });
      const sub = await conn.createChannel();
      sub.on('error', () => undefined);
      await sub.prefetch(this.opts.prefetch ?? 50);
      this.connection = conn;
      this.publishChannel = pub;
      this.consumeChannel = sub;
      this.consumerTags = [];
      for (const s of this.subscriptions) await this.consume(sub, s);
      this.reconnectAttempt = 0;
      this.opts.logger.info('RabbitMQ connected');
    } catch (err) {
      await conn.close().catch(() => undefined);
      throw err;
    }
  }

  private onConnectionLost(conn: Connection) {
    if (this.connection !== conn && this.connection !== undefined) return;
    this.connection = undefined;
    this.publishChannel = undefined;
    this.consumeChannel = undefined;
    if (this.closed) return;
    this.opts.logger.warn('RabbitMQ connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer) return;
    // Capped at 1 s: trying a broker that is down costs a refused connection, and a broker that is
    // back should be used at once (its backlog of outbox events is waiting).
    const delay = Math.min(250 * 2 ** this.reconnectAttempt, this.opts.maxReconnectDelayMs ?? 1_000);
    this.reconnectAttempt += 1;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = undefined;
      try {
        await this.connect();
      } catch {
        this.scheduleReconnect();
      }
    }, delay);
    this.reconnectTimer.unref();
  }

  /** A process-local queue: gone with the connection; a failing handler's message is dropped (logged). */
  private async consumeTransient(channel: Channel, s: Subscription) {
    await channel.assertQueue(s.queue, { exclusive: true, autoDelete: true, durable: false });
    for (const type of s.types) await channel.bindQueue(s.queue, this.exchange, type);
    const { consumerTag } = await channel.consume(s.queue, async (msg) => {
      // Closing: left unacknowledged, back to the queue with the channel.
      if (!msg || this.closed) return;
      try {
        await s.handler(eventEnvelopeSchema.parse(JSON.parse(msg.content.toString('utf8'))));
      } catch (err) {
        this.opts.logger.warn({ err: String(err), queue: s.queue }, 'transient event handler failed; dropped');
      }
      this.settle(() => channel.ack(msg));
    });
    this.consumerTags.push(consumerTag);
  }

  /** Messages waiting in each durable subscription's queue, retry queue and dead-letter queue (metrics). */
  async queueDepths(): Promise<Array<{ queue: string; kind: 'main' | 'retry' | 'dead_letter'; messages: number }>> {
    const conn = this.connection;
    if (!conn) return [];
    // Its own channel: checkQueue on a missing queue closes the channel it runs on.
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    const depths: Array<{ queue: string; kind: 'main' | 'retry' | 'dead_letter'; messages: number }> = [];
    try {
      for (const sub of this.subscriptions.filter((x) => !x.transient)) {
        const q = `${this.opts.namespace ?? ''}${sub.queue}`;
        for (const [name, kind] of [[q, 'main'], [`${q}.retry`, 'retry'], [`${q}.dlq`, 'dead_letter']] as const) {
          const { messageCount } = await ch.checkQueue(name);
          depths.push({ queue: sub.queue, kind, messages: messageCount });
        }
      }
    } finally {
      await ch.close().catch(() => undefined);
    }
    return depths;
  }

  /** Test clean-up: removes this bus's exchanges and the queues it declared (through `url`, when the bus reached the broker through something now gone). */
  async deleteTopology(url = this.opts.url): Promise<void> {
    const conn = await amqp.connect(url);
    try {
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      // Transient queues belong to their connection and go with it.
      for (const sub of this.subscriptions.filter((s) => !s.transient)) {
        const q = `${this.opts.namespace ?? ''}${sub.queue}`;
        for (const name of [q, `${q}.retry`, `${q}.dlq`]) await ch.deleteQueue(name).catch(() => undefined);
      }
      await ch.deleteExchange(this.exchange).catch(() => undefined);
      await ch.deleteExchange(this.dlx).catch(() => undefined);
    } finally {
      await conn.close().catch(() => undefined);
    }
  }

  private async consume(channel: Channel, sub: Subscription) {
    const s = { ...sub, queue: `${this.opts.namespace ?? ''}${sub.queue}` };
    if (s.transient) return this.consumeTransient(channel, s);
    const retryQueue = `${s.queue}.retry`;
    const deadQueue = `${s.queue}.dlq`;
    await channel.assertQueue(s.queue, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': this.dlx, 'x-dead-letter-routing-key': s.queue },
    });
    await channel.assertQueue(retryQueue, {
      durable: true,
      arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': s.queue },
    });
    await channel.assertQueue(deadQueue, { durable: true });
    await channel.bindQueue(deadQueue, this.dlx, s.queue);
    for (const type of s.types) await channel.bindQueue(s.queue, this.exchange, type);

    const { consumerTag } = await channel.consume(s.queue, (msg) => {
      // Closing: left unacknowledged, back to the queue with the channel (another process handles it).
      if (!msg || this.closed) return;
      const running = this.handle(channel, s.queue, s.handler, msg).finally(() => this.inFlight.delete(running));
      this.inFlight.add(running);
    });
    this.consumerTags.push(consumerTag);
  }

  /**
   * Runs a handler on one message and settles it: ack on success; on failure a copy goes to
   * `<queue>.retry` (attempt counted) or, after the last attempt, to the dead-letter queue. A
   * failure because the database is out of reach does not count as an attempt: the work is
   * idempotent and simply waits for the database. Never rejects: a channel that closed meanwhile
   * (broker stopped) leaves the message unacknowledged, and the broker delivers it again.
   */
  private async handle(channel: Channel, queue: string, handler: Subscription['handler'], msg: Message): Promise<void> {
    const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 0);
    // Metrics name the subscription's own queue (its service), not the namespaced one.
    const subscriptionQueue = queue.slice((this.opts.namespace ?? '').length);
    let event: EventEnvelope;
    try {
      event = eventEnvelopeSchema.parse(JSON.parse(msg.content.toString('utf8')));
    } catch (err) {
      this.opts.logger.error({ err: String(err), queue }, 'malformed event; dead-lettered');
      countFailedDelivery(subscriptionQueue, String(msg.properties.type ?? 'unknown'), 'malformed');
      this.settle(() => channel.nack(msg, false, false));
      return;
    }
    try {
      await handleDelivery({ queue: subscriptionQueue, event, headers: msg.properties.headers }, handler);
      this.settle(() => channel.ack(msg));
      return;
    } catch (err) {
      const unavailable = isDatabaseUnavailable(err);
      const next = unavailable ? attempt : attempt + 1;
      countFailedDelivery(subscriptionQueue, event.type, next < this.retry.maxAttempts ? 'retried' : 'dead_lettered');
      if (next < this.retry.maxAttempts) {
        this.opts.logger.warn({ err: String(err), queue, eventId: event.id, attempt: next }, unavailable ? 'database unavailable; event will be retried' : 'event handler failed; retrying');
        this.settle(() => {
          channel.sendToQueue(`${queue}.retry`, msg.content, {
            ...msg.properties,
            persistent: true,
            expiration: String(unavailable ? UNAVAILABLE_RETRY_MS : this.retry.delayMs(next)),
            headers: { ...(msg.properties.headers ?? {}), [ATTEMPT_HEADER]: next },
          });
          channel.ack(msg);
        });
      } else {
        this.opts.logger.error({ err: String(err), queue, eventId: event.id }, 'event dead-lettered');
        this.settle(() => channel.nack(msg, false, false));
      }
    }
  }

  /** Acks/nacks on a channel that may have closed under us (the broker then redelivers). */
  private settle(action: () => void) {
    try {
      action();
    } catch (err) {
      this.opts.logger.warn({ err: String(err) }, 'message not settled (channel closed); the broker will deliver it again');
    }
  }
}

/** The TCP (or TLS) socket under an amqplib connection, to cut a connection whose broker stopped answering. */
function socketOf(conn: Connection | undefined): { destroy(): void } | undefined {
  return (conn as unknown as { connection?: { stream?: { destroy(): void } } } | undefined)?.connection?.stream;
}
