import { createHash, type Hash } from 'node:crypto';

/** The namespace of order ids derived from idempotency keys (a UUID of its own, fixed for good). */
const ORDER_ID_NAMESPACE = Buffer.from('6f1d3c2a9b8e4f57a1c0d2e3f4a5b6c7', 'hex');

/** How many ids one key may go through (each checkout of it that ended without an order takes one). */
export const MAX_ATTEMPTS_PER_KEY = 20;

/** A name-based UUID (version 5, SHA-1) of a name in the namespace above, given the hash of the namespace and the name's start. */
function uuidV5(start: Hash, rest: string): string {
  const hash = start.copy().update(rest, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The order ids a shopper's idempotency key may take, in the order they are tried (decision 0077):
 * the same key of the same shopper always names the same order, so a duplicate request finds it
 * (or its checkout in flight) before any stock is reserved. A checkout that ended without an order
 * spends its id; the next request with the key takes the next one.
 */
export function orderIdsOfKey(userId: string, idempotencyKey: string): string[] {
  // The name is `${userId}\n${attempt}\n${idempotencyKey}`; its common start is hashed once.
  const start = createHash('sha1').update(ORDER_ID_NAMESPACE).update(`${userId}\n`, 'utf8');
  return Array.from({ length: MAX_ATTEMPTS_PER_KEY }, (_, attempt) => uuidV5(start, `${attempt}\n${idempotencyKey}`));
}
