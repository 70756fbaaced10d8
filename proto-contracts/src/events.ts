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
  ProductChanged: { version: 1, payload: z.object({ productId: z.string() }).passthrough() },
  ProductDeleted: { version: 1, payload: z.object({ productId: z.string() }) },
  OrderPlaced: { version: 1, payload: z.object({ orderId: z.string(), userId: z.string() }).passthrough() },
  OrderStatusChanged: {
    version: 1,
    payload: z.object({ orderId: z.string(), userId: z.string(), status: z.string(), previousStatus: z.string() }).passthrough(),
  },
  OrderCancelled: { version: 1, payload: z.object({ orderId: z.string(), userId: z.string() }).passthrough() },
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]['payload']>;
