import type { z } from 'zod';
import { messages } from './messages';

/**
 * Characters PostgreSQL cannot store in text or jsonb: NUL, and UTF-16 surrogates that are not
 * part of a pair (they have no UTF-8 form).
 */
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a value (a string, or any string inside arrays and objects, keys included) holds such a character. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => unstorable.test(k) || hasUnstorableText(v, depth + 1));
}

export type ContractResult<T> = { success: true; data: T } | { success: false; message: string };

/**
 * The one way every request is read against a contract schema (REST bodies, queries and GraphQL
 * arguments alike): text the database cannot store is refused first, with a message, then the
 * schema's own first message (without the field path: the spec's texts are shown as they are).
 */
export function parseContract<S extends z.ZodType>(schema: S, value: unknown): ContractResult<z.output<S>> {
  if (hasUnstorableText(value)) return { success: false, message: messages.invalidText };
  const result = schema.safeParse(value);
  if (!result.success) return { success: false, message: result.error.issues[0]?.message ?? 'Invalid request' };
  return { success: true, data: result.data };
}
