import { z } from 'zod';
import { AppError, badRequest, conflict, currentContext, notFound, REQUEST_ID_HEADER, requestJson, serviceUnavailable, type Logger } from '@shop/platform';
import { cartMessages, orderMessages, rupeesToPaise, type OrderItemInput, type StockReservation } from '@shop/proto-contracts';
import { CatalogNotReached, type CatalogClient, type CatalogProductFacts } from '../domain/order-deps';

const reservedLineSchema = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  quantity: z.number().int().min(1),
  pricePaise: z.number().int().min(0),
  categoryId: z.string().nullish(),
  categoryName: z.string().nullish(),
  hsnCode: z.string().optional(),
  gstRateBp: z.number().int().min(0).max(10_000).optional(),
});

const reservationSchema = z.object({
  success: z.literal(true),
  reservationId: z.string(),
  lines: z.array(reservedLineSchema).min(1),
  createdAt: z.string(),
});

const publicProductSchema = z.object({
  _id: z.string(),
  name: z.string().min(1),
  price: z.number().min(0),
  categoryName: z.string().optional(),
  hsnCode: z.string().optional(),
  gstRate: z.number().min(0).max(100).optional(),
});

interface Answer {
  status: number;
  body: { message?: unknown } & Record<string, unknown>;
}

/**
 * The catalog over HTTP: its internal stock reservation routes (with the shared internal token)
 * and its public product route. The base URL may be given lazily (embedded mode learns it only
 * after every service is built). Nothing here is ever called inside a database transaction.
 */
export function httpCatalogClient(opts: {
  catalogUrl: string | (() => string | undefined);
  internalToken?: string;
  logger: Logger;
  timeoutMs?: number;
}): CatalogClient {
  const baseUrl = typeof opts.catalogUrl === 'function' ? opts.catalogUrl : () => opts.catalogUrl as string;
  const unavailable = () => serviceUnavailable(orderMessages.catalogUnavailable);

  async function call(method: string, path: string, body?: unknown, internal = true): Promise<Answer> {
    const base = baseUrl();
    if (!base) throw unavailable();
    if (internal && !opts.internalToken) {
      opts.logger.error('INTERNAL_API_TOKEN is not set: stock cannot be reserved in the catalog');
      throw unavailable();
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (internal) headers.authorization = `Bearer ${opts.internalToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const requestId = currentContext()?.requestId;
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    try {
      const res = await requestJson(`${base.replace(/\/+$/, '')}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: opts.timeoutMs ?? 8_000,
      });
      const parsed = res.body as Answer['body'];
      return { status: res.status, body: parsed && typeof parsed === 'object' ? parsed : {} };
    } catch (err) {
      opts.logger.warn({ err: String(err), path }, 'catalog unreachable');
      // Refused: the request never reached the catalog. Anything else (a timeout, a reset): it may have.
      if ((err as { code?: string }).code === 'ECONNREFUSED') throw new CatalogNotReached(orderMessages.catalogUnavailable);
      throw unavailable();
    }
  }

  const messageOf = (a: Answer, fallback: string) => (typeof a.body.message === 'string' && a.body.message ? a.body.message : fallback);

  /** A refusal of the internal route itself (no such route, wrong token) is a set-up problem, not the shopper's. */
  function refusedInternally(a: Answer): AppError | undefined {
    const noRoute = a.status === 404 && messageOf(a, '').startsWith('No route');
    if (a.status === 401 || a.status === 403 || noRoute) {
      opts.logger.error({ status: a.status }, 'the catalog refused the internal stock route: check INTERNAL_API_TOKEN in both services');
      return unavailable();
    }
    return undefined;
  }

  return {
    async reserveStock(reservationId, items: OrderItemInput[]) {
      const a = await call('POST', '/internal/v1/stock/reservations', {
        reservationId,
        items: items.map((i) => ({ productId: i.productId, quantity: i.quantity, size: i.size ?? null, color: i.color ?? null })),
      });
      const refused = refusedInternally(a);
      if (refused) throw refused;
      if (a.status === 201 || a.status === 200) {
        const parsed = reservationSchema.safeParse(a.body);
        if (parsed.success && parsed.data.reservationId === reservationId) return parsed.data as StockReservation;
        opts.logger.error({ status: a.status }, 'the catalog answered a reservation that cannot be read');
        throw unavailable();
      }
      if (a.status === 409) throw conflict(messageOf(a, cartMessages.outOfStock));
      if (a.status === 404) throw notFound(messageOf(a, cartMessages.productNotFound));
      if (a.status === 400) throw badRequest(messageOf(a, cartMessages.productInfoUnavailable));
      throw unavailable();
    },

    async releaseReservation(reservationId) {
      const a = await call('DELETE', `/internal/v1/stock/reservations/${encodeURIComponent(reservationId)}`);
      const refused = refusedInternally(a);
      if (refused) throw refused;
      if (a.status !== 200) throw unavailable();
    },

    async getProduct(productId): Promise<CatalogProductFacts> {
      const a = await call('GET', `/api/v1/product/${encodeURIComponent(productId)}`, undefined, false);
      if (a.status === 404) throw notFound(cartMessages.productNotFound);
      if (a.status === 400) throw badRequest(cartMessages.invalidProductId);
      const parsed = publicProductSchema.safeParse(a.body.product);
      if (a.status !== 200 || !parsed.success) throw unavailable();
      const { gstRate } = parsed.data;
      return {
        id: parsed.data._id.toLowerCase(),
        name: parsed.data.name,
        pricePaise: rupeesToPaise(parsed.data.price),
        categoryName: parsed.data.categoryName,
        hsnCode: parsed.data.hsnCode,
        gstRateBp: gstRate === undefined ? undefined : Math.round(gstRate * 100),
      };
    },
  };
}
