import { z } from 'zod';

/**
 * Every event travels in this envelope, on RabbitMQ (routing key = type) and on the in-process bus.
 * `id` makes consumption idempotent; `correlationId` is the request id of the change that caused it.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  source: z.string(),
  correlationId: z.string().optional(),
  payload: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

export const roleSchema = z.enum(['user', 'emp', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** Versioned payload schemas, one per event type. A consumer parses with these before acting. */
export const eventSchemas = {
  UserRegistered: { version: 1, payload: z.object({ userId: z.string(), email: z.string(), name: z.string() }) },
  UserRoleChanged: {
    version: 1,
    payload: z.object({ userId: z.string(), role: roleSchema, previousRole: roleSchema, authzVersion: z.number().int() }),
  },
  UserDeleted: { version: 1, payload: z.object({ userId: z.string(), authzVersion: z.number().int() }) },
  /** A password change or reset: every access token of the user older than `authzVersion` is refused. */
  UserSessionsEnded: { version: 1, payload: z.object({ userId: z.string(), authzVersion: z.number().int() }) },
  /** A logout: the access tokens of that session (`sid`) are refused until `expiresAt` (epoch ms). */
  SessionEnded: { version: 1, payload: z.object({ sessionId: z.string(), expiresAt: z.number().int() }) },
  /**
   * Someone asked for a mail about an address they have not proven: a reset link or code, a
   * newsletter confirmation (decision 0044). The auth service answers the request at once and
   * looks the address up when it hears this, so the answer takes as long whether or not the
   * address has an account or a subscription.
   */
  AccountMailRequested: {
    version: 1,
    payload: z.object({ kind: z.enum(['reset-link', 'reset-code', 'newsletter-confirmation']), email: z.string() }),
  },
  ProductChanged: { version: 1, payload: z.object({ productId: z.string() }).passthrough() },
  ProductDeleted: { version: 1, payload: z.object({ productId: z.string() }) },
  /** Staff changed a category or subcategory (created, renamed, moved, hidden, deleted): cached answers go. */
  CategoriesChanged: { version: 1, payload: z.object({ categoryId: z.string() }) },
  /**
   * A new order. `items` is `[{productId, quantity, size, color}]` (the cart removes those lines);
   * `email` and `name` are the buyer's (from the access token), for the confirmation mail; money in paise.
   * `confirmationRecorded`: the confirmation mail was recorded with the order (decision 0038); an
   * event without it (placed before that) has its mail recorded by the order's mail consumer.
   */
  OrderPlaced: {
    version: 1,
    payload: z
      .object({
        orderId: z.string(),
        userId: z.string(),
        items: z.array(z.unknown()).optional(),
        email: z.string().optional(),
        name: z.string().optional(),
        totalPaise: z.number().int().optional(),
        status: z.string().optional(),
        confirmationRecorded: z.boolean().optional(),
      })
      .passthrough(),
  },
  /**
   * An order moved to another status. Version 2 adds `productIds` (the order's products, each
   * once): the catalog marks reviews by a buyer whose order of the product was delivered as
   * verified purchases. A version 1 event has no `productIds`; consumers treat it as empty.
   */
  OrderStatusChanged: {
    version: 2,
    payload: z
      .object({
        orderId: z.string(),
        userId: z.string(),
        status: z.string(),
        previousStatus: z.string(),
        email: z.string().optional(),
        name: z.string().optional(),
        productIds: z.array(z.string()).optional(),
      })
      .passthrough(),
  },
  /**
   * An order will not be delivered: cancelled by the buyer or staff, deleted while active, or a
   * checkout that failed after its stock was reserved (`reason: 'checkout-failed'`). The catalog
   * releases the stock reservation with the order's id (once, however often this arrives).
   */
  OrderCancelled: {
    version: 1,
    payload: z
      .object({ orderId: z.string(), userId: z.string(), reason: z.string().optional(), previousStatus: z.string().optional() })
      .passthrough(),
  },
  /**
   * A shopper asked to return items of a delivered order (the order service mails them). `items`
   * are `[{productId, size, color, quantity}]`.
   */
  ReturnRequested: {
    version: 1,
    payload: z
      .object({
        returnId: z.string(),
        orderId: z.string(),
        userId: z.string(),
        items: z.array(z.object({ productId: z.string(), size: z.string().nullable(), color: z.string().nullable(), quantity: z.number().int().positive() })),
        reason: z.string(),
      })
      .passthrough(),
  },
  /** Staff moved a return on (approved, rejected, received, refunded); the order service mails the shopper. */
  ReturnStatusChanged: {
    version: 1,
    payload: z
      .object({ returnId: z.string(), orderId: z.string(), userId: z.string(), status: z.string(), previousStatus: z.string(), note: z.string().nullable().optional() })
      .passthrough(),
  },
  /**
   * The returned items arrived at the warehouse: the catalog puts them back in stock, once per
   * return, product and size, however often this arrives.
   */
  ReturnReceived: {
    version: 1,
    payload: z
      .object({
        returnId: z.string(),
        orderId: z.string(),
        items: z.array(z.object({ productId: z.string(), size: z.string().nullable(), quantity: z.number().int().positive() })).min(1),
      })
      .passthrough(),
  },
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]['payload']>;
