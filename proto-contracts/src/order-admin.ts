import { z } from 'zod';
import { COURIERS, MAX_ORDER_NOTE_LENGTH, shippingMessages, TRACKING_NUMBER_PATTERN } from './shipping';
import { orderMessages, orderStatusSchema } from './order';

const courierIds = COURIERS.map((c) => c.id) as [string, ...string[]];

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
  .superRefine((body, ctx) => {
    if (body.status === 'shipped') {
      if (body.trackingNumber && !body.courier) ctx.addIssue({ code: 'custom', message: shippingMessages.courierRequired, path: ['courier'] });
      else if (body.courier && !body.trackingNumber) ctx.addIssue({ code: 'custom', message: shippingMessages.trackingNumberRequired, path: ['trackingNumber'] });
    } else if (body.courier || body.trackingNumber) {
      ctx.addIssue({ code: 'custom', message: shippingMessages.shipmentOnlyWhenShipping, path: ['courier'] });
    }
  });
export type ChangeOrderStatus = z.output<typeof changeOrderStatusSchema>;

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
