import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { TEST_INTERNAL_TOKEN } from '@shop/platform/src/testing';

/** A product as the catalog's REST API answers it (money in rupees). */
export interface RestProduct {
  _id: string;
  id: string;
  name: string;
  price: number;
  oldPrice: number;
  discount: number;
  image: string[];
  thumbnail: string | null;
  category: string;
  size: string[];
  colors: string[];
  stock: number;
  stockDetail: Record<string, number>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let codeCounter = 0;

/**
 * A stand-in for the catalog service's HTTP API (`GET /api/v1/product/:id` and the internal
 * `POST /internal/v1/products/lookup`, the exact JSON of the catalog's contract) serving the
 * products a test defines. It can be taken down and brought back
 * on the same port, to test the cart while the catalog is unreachable.
 */
export class StandInCatalog {
  readonly products = new Map<string, RestProduct>();
  /** How many requests arrived, of either route (a cart read must not ask the catalog). */
  requests = 0;
  /** The ids of each internal look-up, in the order they arrived. */
  readonly lookups: string[][] = [];
  /** Look-ups whose caller closed the connection before the answer was sent. */
  abandonedLookups = 0;
  private held?: { arrived: () => void; released: Promise<void> };
  private server?: Server;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const app = express();
    app.get('/api/v1/product/:id', (req, res) => {
      this.requests += 1;
      if (!UUID.test(req.params.id)) return void res.status(400).json({ success: false, message: 'Invalid product ID' });
      const product = this.products.get(req.params.id.toLowerCase());
      if (!product) return void res.status(404).json({ success: false, message: 'Product not found' });
      res.json({ success: true, product });
    });
    app.post('/internal/v1/products/lookup', express.json(), async (req, res) => {
      this.requests += 1;
      if (req.header('authorization') !== `Bearer ${TEST_INTERNAL_TOKEN}`) return void res.status(401).json({ success: false, message: 'A valid internal token is required' });
      const ids = (req.body as { ids?: unknown })?.ids;
      if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string' && UUID.test(id))) {
        return void res.status(400).json({ success: false, message: 'ids must be a list of product ids' });
      }
      this.lookups.push(ids as string[]);
      res.once('close', () => {
        if (!res.writableEnded) this.abandonedLookups += 1;
      });
      if (this.held) {
        this.held.arrived();
        await this.held.released;
        if (res.destroyed) return;
      }
      const products = [...new Set((ids as string[]).map((id) => id.toLowerCase()))].flatMap((id) => this.products.get(id) ?? []);
      res.json({ success: true, products });
    });
    await new Promise<void>((resolve, reject) => {
      const server = app.listen(this.port, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve()));
      this.server = server;
    });
    this.port = (this.server!.address() as AddressInfo).port;
  }

  /**
   * Holds the next look-ups unanswered: `arrived` resolves when one has come in, `release()` lets
   * them be answered (or dropped, when their caller has gone meanwhile).
   */
  holdLookups(): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held = { arrived, released };
    return {
      arrived: arrival,
      release: () => {
        this.held = undefined;
        release();
      },
    };
  }

  /** Stops answering: connections to its port are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Defines a product (a plain one of ₹499, 10 in stock, unless told otherwise) and returns it. */
  define(overrides: Partial<RestProduct> = {}): RestProduct {
    codeCounter += 1;
    const id = randomUUID();
    const product: RestProduct = {
      _id: id,
      id: `P-${codeCounter}`,
      name: `Product ${codeCounter}`,
      price: 499,
      oldPrice: 499,
      discount: 0,
      image: [`/media/${id}/detail.webp`],
      thumbnail: `/media/${id}/card.webp`,
      category: 'Home & Kitchen',
      size: [],
      colors: [],
      stock: 10,
      stockDetail: {},
      ...overrides,
    };
    this.products.set(product._id, product);
    return product;
  }

  /** Changes a defined product as staff would. */
  update(id: string, changes: Partial<RestProduct>): RestProduct {
    const product = { ...this.products.get(id)!, ...changes };
    this.products.set(id, product);
    return product;
  }

  delete(id: string): void {
    this.products.delete(id);
  }
}
