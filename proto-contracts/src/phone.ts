/** Indian mobile numbers as the shop keeps them: 10 digits. Zod-free, so the web's forms share the rule. */

export const invalidPhoneMessage = 'Please enter a valid 10-digit Indian mobile number';

const INDIAN_MOBILE = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/** The 10 digits of an Indian mobile number (+91 / 91 / 0 prefix and spaces or dashes allowed), or null. */
export function normalizeIndianMobile(value: string): string | null {
  const compact = value.replace(/[\s\-()]/g, '');
  const m = INDIAN_MOBILE.exec(compact);
  return m ? m[1] : null;
}
