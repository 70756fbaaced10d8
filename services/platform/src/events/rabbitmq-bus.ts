import amqp from 'amqplib';
import { eventEnvelopeSchema, type EventEnvelope } from '@shop/proto-contracts';
import type { Logger } from '../logger';
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
  prefetch?: number;
  /** Reconnect delay cap. */
  maxReconnectDelayMs?: number;
}

const ATTEMPT_HEADER = 'x-attempt';

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

  async publish(event: EventEnvelope): Promise<void> {
    if (!this.publishChannel) await this.connect();
    const channel = this.publishChannel;
    if (!channel) throw new Error('RabbitMQ is not connected');
    const body = Buffer.from(JSON.stringify(event));
    await new Promise<void>((resolve, reject) => {
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
        },
        (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    });
  }

  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
    if (this.consumeChannel) await this.consume(this.consumeChannel, subscription);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const conn = this.connection;
    this.connection = undefined;
    this.publishChannel = undefined;
    this.consumeChannel = undefined;
    await conn?.close().catch(() => undefined);
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
      await sub.prefetch(this.opts.prefetch ?? 20);
      this.connection = conn;
      this.publishChannel = pub;
      this.consumeChannel = sub;
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
    const delay = Math.min(250 * 2 ** this.reconnectAttempt, this.opts.maxReconnectDelayMs ?? 5_000);
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
    await channel.consume(s.queue, async (msg) => {
      if (!msg) return;
      try {
        await s.handler(eventEnvelopeSchema.parse(JSON.parse(msg.content.toString('utf8'))));
      } catch (err) {
        this.opts.logger.warn({ err: String(err), queue: s.queue }, 'transient event handler failed; dropped');
      }
      channel.ack(msg);
    });
  }

  /** Test clean-up: removes this bus's exchanges and the queues it declared. */
  async deleteTopology(): Promise<void> {
    const conn = await amqp.connect(this.opts.url);
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

    await channel.consume(s.queue, async (msg) => {
      if (!msg) return;
      const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 0);
      let event: EventEnvelope;
      try {
        event = eventEnvelopeSchema.parse(JSON.parse(msg.content.toString('utf8')));
      } catch (err) {
        this.opts.logger.error({ err: String(err), queue: s.queue }, 'malformed event; dead-lettered');
        channel.nack(msg, false, false);
        return;
      }
      try {
        await s.handler(event);
        channel.ack(msg);
      } catch (err) {
        const next = attempt + 1;
        if (next < this.retry.maxAttempts) {
          this.opts.logger.warn({ err: String(err), queue: s.queue, eventId: event.id, attempt: next }, 'event handler failed; retrying');
          channel.sendToQueue(retryQueue, msg.content, {
            ...msg.properties,
            persistent: true,
            expiration: String(this.retry.delayMs(next)),
            headers: { ...(msg.properties.headers ?? {}), [ATTEMPT_HEADER]: next },
          });
          channel.ack(msg);
        } else {
          this.opts.logger.error({ err: String(err), queue: s.queue, eventId: event.id }, 'event dead-lettered');
          channel.nack(msg, false, false);
        }
      }
    });
  }
}
