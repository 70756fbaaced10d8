import { z } from 'zod';
import { addressBookMessages, checkAddressEntry, PIN_PATTERN, type AddressEntry } from './address-book';

/**
 * POST /addresses and PUT /addresses/:id (and the GraphQL address-book mutations): the same check
 * the web's form runs (`checkAddressEntry`), so both give the same message for the same mistake.
 */
export const addressEntrySchema = z.unknown().transform((input, ctx): AddressEntry => {
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
