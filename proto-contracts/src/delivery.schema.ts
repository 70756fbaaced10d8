import { z } from 'zod';
import { deliveryMessages, MAX_DELIVERY_DAYS, MAX_ZONE_LABEL_LENGTH, MIN_DELIVERY_DAYS, normalizeDeliveryPin, PIN_PREFIX_PATTERN } from './delivery';

/** Request schemas of delivery by PIN code (decision 0068); the texts and limits are in delivery.ts. */

/** The PIN of a delivery check: required, 6 digits not starting with 0 (spaces allowed). */
export const deliveryPinSchema = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    ctx.issues.push({ code: 'custom', message: deliveryMessages.pinRequired, input: v });
    return z.NEVER;
  }
  const pin = normalizeDeliveryPin(v);
  if (!pin) {
    ctx.issues.push({ code: 'custom', message: deliveryMessages.pinInvalid, input: v });
    return z.NEVER;
  }
  return pin;
});

const flag = (field: string) => z.boolean({ error: deliveryMessages.flagInvalid(field) });

/** A delivery zone as staff send it (REST body, GraphQL input, the staff form). */
export const deliveryZoneInputSchema = z.object(
  {
    pinPrefix: z.string({ error: deliveryMessages.prefixInvalid }).trim().regex(PIN_PREFIX_PATTERN, deliveryMessages.prefixInvalid),
    label: z.string({ error: deliveryMessages.labelInvalid }).trim().min(1, deliveryMessages.labelInvalid).max(MAX_ZONE_LABEL_LENGTH, deliveryMessages.labelInvalid),
    serviceable: flag('serviceable'),
    codAvailable: flag('codAvailable'),
    deliveryDays: z
      .number({ error: deliveryMessages.daysInvalid })
      .int(deliveryMessages.daysInvalid)
      .min(MIN_DELIVERY_DAYS, deliveryMessages.daysInvalid)
      .max(MAX_DELIVERY_DAYS, deliveryMessages.daysInvalid),
  },
  { error: 'The request body must be a JSON object' },
);
export type DeliveryZoneInput = z.output<typeof deliveryZoneInputSchema>;
/** A change of a zone: any of its fields. */
export const deliveryZonePatchSchema = deliveryZoneInputSchema.partial();
export type DeliveryZonePatch = z.output<typeof deliveryZonePatchSchema>;

