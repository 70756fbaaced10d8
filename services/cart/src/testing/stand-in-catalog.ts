import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

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
 * A stand-in for the catalog service's HTTP API (`GET /api/v1/product/:id`, the exact JSON of the
 * catalog's contract) serving the products a test defines. It can be taken down and brought back
 * on the same port, to test the cart while the catalog is unreachable.
 */
export class StandInCatalog {
  readonly products = new Map<string, RestProduct>();
  /** How many product requests arrived (a cart read must not ask the catalog). */
  requests = 0;
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
    await new Promise<void>((resolve, reject) => {
      const server = app.listen(this.port, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve()));
      this.server = server;
    });
    this.port = (this.server!.address() as AddressInfo).port;
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
