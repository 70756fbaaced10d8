import { z } from 'zod';
import { badRequest, currentContext, notFound, REQUEST_ID_HEADER, serviceUnavailable, type Logger } from '@shop/platform';
import { cartMessages, rupeesToPaise } from '@shop/proto-contracts';
import type { CatalogClient, CatalogProduct } from '../domain/cart-deps';

const count = z.number().int().min(0);

/** Stock per size: the catalog answers `{ [size]: n }`; a `[{ size, stock }]` list is read too. */
const stockDetailSchema = z.preprocess(
  (v) => (Array.isArray(v) ? Object.fromEntries(v.map((e: { size?: unknown; stock?: unknown }) => [String(e?.size), e?.stock])) : (v ?? {})),
  z.record(z.string(), count),
);

/** What the cart reads of `GET /api/v1/product/:id` (the catalog's REST answer; money in rupees). */
const restProductSchema = z.object({
  _id: z.string(),
  id: z.string().optional(),
  name: z.string().min(1),
  price: z.number().min(0),
  oldPrice: z.number().min(0).nullish(),
  discount: z.number().int().min(0).max(100).nullish(),
  image: z.array(z.string()).nullish(),
  thumbnail: z.string().nullish(),
  colorThumbnails: z.record(z.string(), z.string()).nullish(),
  size: z.array(z.string()).nullish(),
  colors: z.array(z.string()).nullish(),
  stock: count,
  stockDetail: stockDetailSchema.nullish(),
});

/** The caller left before the catalog answered: nobody reads this, and nothing is logged as a fault. */
const callerGone = () => badRequest('The request was abandoned by its caller');

const lookupAnswerSchema = z.object({ success: z.literal(true), products: z.array(restProductSchema) });

export interface HttpCatalogClientOptions {
  /** The shared INTERNAL_API_TOKEN: the catalog's batched look-up answers only with it. */
  internalToken?: string;
  /** Told when the internal look-up is refused for want of the token (a set-up problem). */
  logger?: Logger;
  timeoutMs?: number;
}

/**
 * Reads products from the catalog service over HTTP. The base URL may be given lazily (the
 * embedded launcher learns the catalog's port only after the cart is built). Every failure to get
 * a usable answer becomes a 503, so a caller never sees the catalog's internals.
 */
export function httpCatalogClient(catalogUrl: string | (() => string | undefined), opts: HttpCatalogClientOptions = {}): CatalogClient {
  const baseUrl = typeof catalogUrl === 'function' ? catalogUrl : () => catalogUrl;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const headersOf = (): Record<string, string> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const requestId = currentContext()?.requestId;
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    return headers;
  };
  return {
    async getProduct(productId) {
      const base = baseUrl();
      if (!base) throw serviceUnavailable(cartMessages.catalogUnavailable);
      let res: Response;
      let body: unknown;
      try {
        res = await fetch(`${base.replace(/\/+$/, '')}/api/v1/product/${encodeURIComponent(productId)}`, {
          headers: headersOf(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await res.json().catch(() => undefined);
      } catch {
        throw serviceUnavailable(cartMessages.catalogUnavailable);
      }
      if (res.status === 404) throw notFound(cartMessages.productNotFound);
      if (res.status === 400) throw badRequest(cartMessages.invalidProductId);
      const parsed = restProductSchema.safeParse((body as { product?: unknown } | undefined)?.product);
      if (!res.ok || !parsed.success || parsed.data._id.toLowerCase() !== productId.toLowerCase()) {
        throw serviceUnavailable(cartMessages.catalogUnavailable);
      }
      return toCatalogProduct(parsed.data);
    },

    async lookupProducts(productIds, signal) {
      const found = new Map<string, CatalogProduct>();
      if (productIds.length === 0) return found;
      const base = baseUrl();
      if (!base) throw serviceUnavailable(cartMessages.catalogUnavailable);
      if (!opts.internalToken) {
        opts.logger?.error('INTERNAL_API_TOKEN is not set: the cart cannot look products up in the catalog');
        throw serviceUnavailable(cartMessages.catalogUnavailable);
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      let body: unknown;
      try {
        res = await fetch(`${base.replace(/\/+$/, '')}/internal/v1/products/lookup`, {
          method: 'POST',
          headers: { ...headersOf(), 'content-type': 'application/json', authorization: `Bearer ${opts.internalToken}` },
          body: JSON.stringify({ ids: productIds }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        body = await res.json().catch(() => undefined);
      } catch {
        // The caller left: nothing more is done for it (there is nobody to answer).
        if (signal?.aborted) throw callerGone();
        throw serviceUnavailable(cartMessages.catalogUnavailable);
      }
      const parsed = lookupAnswerSchema.safeParse(body);
      if (!res.ok || !parsed.success) {
        if (res.status === 401 || res.status === 404) opts.logger?.error({ status: res.status }, 'the catalog refused the internal product look-up: check INTERNAL_API_TOKEN in both services');
        throw serviceUnavailable(cartMessages.catalogUnavailable);
      }
      const wanted = new Set(productIds.map((id) => id.toLowerCase()));
      for (const p of parsed.data.products) {
        const product = toCatalogProduct(p);
        if (wanted.has(product.id)) found.set(product.id, product);
      }
      return found;
    },
  };
}

function toCatalogProduct(p: z.output<typeof restProductSchema>): CatalogProduct {
  const price = rupeesToPaise(p.price);
  const sizes = [...new Set(p.size ?? [])];
  const stockDetail = p.stockDetail ?? {};
  return {
    id: p._id.toLowerCase(),
    code: p.id ?? '',
    name: p.name,
    price,
    oldPrice: Math.max(price, p.oldPrice == null ? price : rupeesToPaise(p.oldPrice)),
    discount: p.discount ?? 0,
    image: p.thumbnail || p.image?.[0] || null,
    colorThumbnails: p.colorThumbnails ?? {},
    sizes,
    colors: [...new Set(p.colors ?? [])],
    stock: p.stock,
    stockDetail: Object.fromEntries(sizes.map((s) => [s, stockDetail[s] ?? 0])),
  };
}
