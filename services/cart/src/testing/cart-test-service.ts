import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { listen, makeEvent, type Runtime } from '@shop/platform';
import { createTestEnvironment, createTestRuntime, eventually, TestHttpClient, type TestEnvironment } from '@shop/platform/src/testing';
import type { EventEnvelope, EventPayload, EventType, Role } from '@shop/proto-contracts';
import { createCartService } from '../app';
import { StandInCatalog } from './stand-in-catalog';

/** A caller with an access token (as the gateway forwards it), talking to the cart service over HTTP. */
export class CartClient extends TestHttpClient {
  constructor(baseUrl: string, readonly userId: string, readonly token: string | undefined) {
    super(baseUrl, { token });
  }
}

export interface CartTestService {
  env: TestEnvironment;
  runtime: Runtime;
  catalog: StandInCatalog;
  url: string;
  /** A client logged in as a new user (or the given one). */
  client(userId?: string, role?: Role): CartClient;
  /** A client without a token. */
  anonymous(): CartClient;
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Publishes an event on the service's bus as another service would (the envelope is returned, to publish again). */
  publish<T extends EventType>(type: T, payload: EventPayload<T>, envelope?: EventEnvelope): Promise<EventEnvelope>;
  /** Resolves once `consumer` has processed the event id. */
  processed(consumer: string, eventId: string): Promise<void>;
  close(): Promise<void>;
}

let userCounter = 0;

/** The cart service built in-process on real infrastructure, with a stand-in catalog HTTP server. */
export async function startCartService(): Promise<CartTestService> {
  const catalog = new StandInCatalog();
  await catalog.start();
  const env = await createTestEnvironment();
  const runtime = await createTestRuntime(env, 'cart');
  const service = await createCartService(runtime, { catalogUrl: () => catalog.url });
  const server: Server = await listen(service.app, 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows = async <T>(query: SQL) => (await runtime.database.db.execute(query)).rows as T[];

  const tokenFor = (userId: string, role: Role) =>
    jwt.sign({ sub: userId, role, email: `${userId}@example.in`, name: `User ${userId}`, av: 0 }, env.keys.privateKey, {
      algorithm: 'RS256',
      issuer: 'shop-auth',
      expiresIn: '10m',
    });

  return {
    env,
    runtime,
    catalog,
    url,
    rows,
    client(userId, role = 'user') {
      userCounter += 1;
      const id = userId ?? `00000000-0000-4000-8000-${String(userCounter).padStart(12, '0')}`;
      return new CartClient(url, id, tokenFor(id, role));
    },
    anonymous: () => new CartClient(url, '', undefined),
    async publish(type, payload, envelope) {
      const event = envelope ?? makeEvent('test', type, payload);
      await runtime.bus.publish(event);
      return event;
    },
    async processed(consumer, eventId) {
      await eventually(async () => {
        const found = await rows(sql`select 1 from cart.processed_events where consumer = ${consumer} and event_id = ${eventId}`);
        if (found.length === 0) throw new Error(`event ${eventId} not processed by ${consumer} yet`);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.stop();
      await env.cleanup();
      await catalog.stop();
    },
  };
}
