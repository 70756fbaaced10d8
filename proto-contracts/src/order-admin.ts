import { z } from 'zod';
import { COURIERS, MAX_ORDER_NOTE_LENGTH, shippingMessages, TRACKING_NUMBER_PATTERN } from './shipping';
import { orderMessages, orderStatusSchema } from './order';

const courierIds = COURIERS.map((c) => c.id) as [string, ...string[]];

/** Shipping may name the courier and tracking number, both or neither; no other move takes them. */
function checkShipment(body: { status?: string; courier?: string; trackingNumber?: string }, ctx: z.RefinementCtx) {
  if (body.status === 'shipped') {
    if (body.trackingNumber && !body.courier) ctx.addIssue({ code: 'custom', message: shippingMessages.courierRequired, path: ['courier'] });
    else if (body.courier && !body.trackingNumber) ctx.addIssue({ code: 'custom', message: shippingMessages.trackingNumberRequired, path: ['trackingNumber'] });
  } else if (body.courier || body.trackingNumber) {
    ctx.addIssue({ code: 'custom', message: shippingMessages.shipmentOnlyWhenShipping, path: ['courier'] });
  }
}

/**
 * PUT /admin/order/:id with `{ archived }` (admin only, decision 0103): archive (true) or unarchive
 * (false) an order; it then hides from, or shows again in, the staff's default order lists.
 */
export const archiveOrderSchema = z.object({ archived: z.boolean({ error: orderMessages.archivedInvalid }) }, { error: orderMessages.archivedInvalid });
export type ArchiveOrder = z.output<typeof archiveOrderSchema>;

/**
 * PUT /admin/order/:id and GraphQL setOrderStatus: the new status; shipping may name the courier
 * and the tracking number, both or neither (decision 0054: the staff console always asks for both;
 * the spec's `{ status }` payload stays valid for partners). No other move takes them.
 */
export const changeOrderStatusSchema = z
  .object(
    {
      status: orderStatusSchema,
      courier: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.enum(courierIds, { error: shippingMessages.courierUnknown }).optional(),
      ),
      trackingNumber: z.preprocess(
        (v) => (v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : v),
        z.string({ error: shippingMessages.trackingNumberInvalid }).regex(TRACKING_NUMBER_PATTERN, { error: shippingMessages.trackingNumberInvalid }).optional(),
      ),
    },
    { error: orderMessages.statusRequired },
  )
  .superRefine((body, ctx) => checkShipment(body, ctx));
export type ChangeOrderStatus = z.output<typeof changeOrderStatusSchema>;

/**
 * The body of PUT /admin/order/:id: a status change (the spec's `{ status }`, as above), or
 * `{ archived: true | false }` (admin only, decision 0103); one of them per call.
 */
export const updateAdminOrderSchema = z
  .object(
    {
      status: z.preprocess((v) => (v === null ? undefined : v), orderStatusSchema.optional()),
      archived: z.boolean({ error: orderMessages.archivedInvalid }).optional(),
      courier: changeOrderStatusSchema.shape.courier,
      trackingNumber: changeOrderStatusSchema.shape.trackingNumber,
    },
    { error: orderMessages.statusRequired },
  )
  .superRefine((body, ctx) => {
    if (body.archived !== undefined) {
      if (body.status !== undefined || body.courier || body.trackingNumber) ctx.addIssue({ code: 'custom', message: orderMessages.archiveOrStatus, path: ['archived'] });
    } else if (body.status === undefined) ctx.addIssue({ code: 'custom', message: orderMessages.statusRequired, path: ['status'] });
    else checkShipment(body, ctx);
  });
export type UpdateAdminOrder = z.output<typeof updateAdminOrderSchema>;

/** POST /admin/order/:id/notes and GraphQL addOrderNote: a staff-only note on an order. */
export const orderNoteSchema = z.object(
  {
    text: z
      .string({ error: shippingMessages.noteRequired })
      .trim()
      .min(1, { error: shippingMessages.noteRequired })
      .max(MAX_ORDER_NOTE_LENGTH, { error: shippingMessages.noteTooLong }),
  },
  { error: shippingMessages.noteRequired },
);
