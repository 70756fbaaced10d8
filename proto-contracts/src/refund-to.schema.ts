import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, MAX_ACCOUNT_NAME_LENGTH, refundToMessages, UPI_ID_PATTERN, type RefundTo } from './refund-to';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** Where a COD return's refund goes: `{ method: 'UPI', upiId }` or `{ method: 'Bank transfer', ifsc, accountNumber, accountName }`. */
export const refundToSchema = z
  .object(
    {
      method: z.enum(['UPI', 'Bank transfer'], { error: refundToMessages.methodInvalid }),
      upiId: z.preprocess(trimmed, z.string({ error: refundToMessages.upiInvalid }).optional()),
      ifsc: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string({ error: refundToMessages.ifscInvalid }).optional()),
      accountNumber: z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v), z.string({ error: refundToMessages.accountNumberInvalid }).optional()),
      accountName: z.preprocess((v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v), z.string({ error: refundToMessages.accountNameRequired }).optional()),
    },
    { error: refundToMessages.methodInvalid },
  )
  .transform((v, ctx): RefundTo => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (v.method === 'UPI') {
      if (!v.upiId || !UPI_ID_PATTERN.test(v.upiId)) return fail(refundToMessages.upiInvalid);
      return { method: 'UPI', upiId: v.upiId.toLowerCase() };
    }
    if (!v.ifsc || !IFSC_PATTERN.test(v.ifsc)) return fail(refundToMessages.ifscInvalid);
    if (!v.accountNumber || !ACCOUNT_NUMBER_PATTERN.test(v.accountNumber)) return fail(refundToMessages.accountNumberInvalid);
    if (!v.accountName) return fail(refundToMessages.accountNameRequired);
    if (v.accountName.length > MAX_ACCOUNT_NAME_LENGTH) return fail(refundToMessages.accountNameTooLong);
    return { method: 'Bank transfer', ifsc: v.ifsc, accountNumber: v.accountNumber, accountName: v.accountName };
  });

/** The `refundTo` beside a return request's other fields (absent or null: none given). */
export const refundToBodySchema = z.object({
  refundTo: z.preprocess((v) => (v === null ? undefined : v), refundToSchema.optional()),
});
