/**
 * The route manifest: every /api/v1 REST route of the shop, declared once, beside the zod schemas
 * it uses (decision 0071). The gateway's route table and the OpenAPI document are derived from it,
 * and every service's tests check that its Express router registers exactly the routes declared
 * for it and enforces the declared access.
 *
 * Adding a route: one line in `<service>.routes.ts` (key `'METHOD /path'`, Express-style `:param`
 * segments) with who may call it and what it takes and answers; then the handler in the service.
 *
 *   'POST /wishlist': { access: 'login', summary: 'Add a product to the wishlist', body: addToWishlistSchema, response: ok({ wishlist: z.array(z.unknown()) }) },
 *
 * A field left out is simply not described: `body` (JSON, or form fields with `multipart: true`),
 * `query`, `params` and `headers` are zod objects validated by the service; `response` the 2xx
 * JSON (at least the `success` envelope); `answers` a file instead of JSON.
 */
import { z } from 'zod';
import { roleSchema, type Role } from '../events';

/** The services behind the gateway. */
export type ServiceName = 'auth' | 'catalog' | 'cart' | 'order' | 'media';
export const serviceNames: readonly ServiceName[] = ['auth', 'catalog', 'cart', 'order', 'media'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. `public`: anyone; `login`: any signed-in account (401 without a valid
 * token); `staff`: roles admin and emp (403 for a shopper); `admin`: role admin only (403 for emp).
 */
export type RouteAccess = 'public' | 'login' | 'staff' | 'admin';

/** The roles each access admits (none listed: no login needed). */
export const rolesOfAccess: Record<RouteAccess, readonly Role[] | 'any' | undefined> = {
  public: undefined,
  login: 'any',
  staff: ['admin', 'emp'],
  admin: ['admin'],
};

/** What a service file declares per route (the key says method and path). */
export interface RouteDeclaration {
  access: RouteAccess;
  /** One line for the OpenAPI operation: what it does, and limits a caller must know. */
  summary: string;
  body?: z.ZodType;
  /** The body is multipart/form-data (a file upload); `body` then describes its text fields. */
  multipart?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers that matter (e.g. Idempotency-Key), as a zod object keyed by header name. */
  headers?: z.ZodType;
  /** The JSON of a 2xx answer. */
  response?: z.ZodType;
  /** The answer is a file or a redirect rather than JSON. */
  answers?: 'pdf' | 'csv' | 'redirect';
  /** Statuses of success ([200] unless said). */
  status?: readonly (200 | 201)[];
  /** When the route answers 409: what the conflict is. */
  conflict?: string;
  /** The field of a multipart upload that must carry a file (described as binary; `body` describes the text fields). */
  file?: string;
  /**
   * The message of the 400 when a declared schema refuses the request, for a route whose answer
   * must not say which field was wrong (e.g. a payment signature); else the first issue, phrased.
   */
  invalid?: string;
  /**
   * A list field of the JSON body whose length is how many requests one call counts as toward the
   * gateway's per-client rate limit (at least one): for a route whose work grows with the list
   * (decision 0097). The GraphQL field doing the same work is weighed alike.
   */
  weighedBy?: string;
}

/** One route of the manifest. */
export interface RouteSpec extends RouteDeclaration {
  method: HttpMethod;
  /** Express-style path below /api/v1 (":param" segments). */
  path: string;
  service: ServiceName;
}

type RouteKey = `${HttpMethod} /${string}`;

/**
 * A service's routes from `{ 'METHOD /path': declaration }`; the keys stay typed, so a service
 * registers `routes['POST /addToCart']` and a typo does not compile, and so do the schemas, so the
 * handler receives what they parsed with its type.
 */
export function defineRoutes<D extends { [K in keyof D]: K extends RouteKey ? RouteDeclaration : never }>(service: ServiceName, declared: D): { [K in keyof D]: D[K] & RouteSpec } {
  const out = {} as { [K in keyof D]: D[K] & RouteSpec };
  for (const key of Object.keys(declared) as Array<keyof D & string>) {
    const [method, path] = key.split(' ') as [HttpMethod, string];
    out[key] = { method, path, service, ...(declared[key] as RouteDeclaration) } as D[typeof key] & RouteSpec;
  }
  return out;
}

/** A successful JSON answer: `success: true` and the fields given (others may follow). */
export function ok<S extends z.ZodRawShape>(shape: S = {} as S) {
  return z.looseObject({ success: z.literal(true), ...shape });
}

/** `{ success: true, message }`: an answer that only says what happened. */
export const okMessage = ok({ message: z.string() });

/** Every error answer (4xx and 5xx). */
export const errorAnswerSchema = z.object({ success: z.literal(false), message: z.string() });

/** A path parameter that is any non-empty text (the service says whether it exists). */
export const idParams = z.object({ id: z.string().min(1) });

/** Query parameters as they reach a service: text, each optional. */
export function textQuery<K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, z.string().optional()])) as Record<K, z.ZodOptional<z.ZodString>>);
}

/** Shapes several routes answer with. */
export const views = {
  user: z.looseObject({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    phone: z.array(z.string()),
    address: z.array(z.looseObject({ pin: z.string(), other: z.string() })),
    avatar: z.string().nullable(),
    emailVerifiedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  product: z.looseObject({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    /** Rupees (prices include GST). */
    price: z.number(),
    oldPrice: z.number(),
    discount: z.number(),
    description: z.string(),
    /** Picture URLs: `/media/…webp` (absolute under PUBLIC_URL when the gateway has it) or https. */
    image: z.array(z.string()),
    category: z.number(),
    categoryName: z.string(),
    stock: z.number(),
    rating: z.number(),
    numOfReviews: z.number(),
    createdAt: z.string(),
  }),
  cartItem: z.looseObject({
    productId: z.string(),
    name: z.string(),
    /** Null until the product's picture is stored. */
    image: z.string().nullable(),
    quantity: z.number().int(),
    price: z.number(),
    subtotal: z.number(),
  }),
  order: z.looseObject({
    _id: z.string(),
    id: z.string(),
    createdAt: z.string(),
    orderStatus: z.string(),
    orderItems: z.array(z.looseObject({ productId: z.string(), name: z.string(), price: z.number(), quantity: z.number().int() })),
    shippingInfo: z.looseObject({ address: z.string(), city: z.string(), state: z.string(), pinCode: z.number().int(), phoneNo: z.string() }),
    paymentInfo: z.looseObject({ status: z.string(), method: z.string() }),
    itemPrice: z.number(),
    shippingPrice: z.number(),
    totalPrice: z.number(),
  }),
};

/** A page of products, as every listing answers. */
export const productPageAnswer = ok({
  products: z.array(views.product),
  productCount: z.number().int(),
  resultsPerPage: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
