import { z } from 'zod';
import { addressBookMessages, checkAddressEntry, PIN_PATTERN, type AddressEntry } from './address-book';

/**
 * POST /addresses and PUT /addresses/:id (and the GraphQL address-book mutations): the same check
 * the web's form runs (`checkAddressEntry`), so both give the same message for the same mistake.
 */
const text = (description: string) => z.unknown().optional().meta({ type: 'string', description });

export const addressEntrySchema = z
  .object(
    {
      recipientName: text('Who receives the parcel (required, at most 50 characters)'),
      phone: text('A 10-digit Indian mobile number the courier can call (required)'),
      line1: text('House or flat number and street (required, at most 80)'),
      line2: text('Area or locality (at most 60)'),
      landmark: text('A landmark near the address (at most 40)'),
      pin: text('6-digit PIN code that India Post knows (required)'),
      city: text('City or town (required, at most 60)'),
      district: text("District (defaults to the PIN directory's)"),
      state: text('One of the 36 states and union territories, where the PIN is (required)'),
    },
    { error: addressBookMessages.recipientRequired },
  )
  .transform((input, ctx): AddressEntry => {
    const checked = checkAddressEntry(input);
    if ('error' in checked) {
      ctx.addIssue({ code: 'custom', message: checked.error, input });
      return z.NEVER;
    }
    return checked.entry;
  });

/** GET /pincode/:pin and the `pinCode` query. */
export const pinQuerySchema = z.object(
  { pin: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: addressBookMessages.pinInvalid }).regex(PIN_PATTERN, { error: addressBookMessages.pinInvalid })) },
  { error: addressBookMessages.pinInvalid },
);
