import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { notFound, type Db, type RateLimiter } from '@shop/platform';
import { orderMessages } from '@shop/proto-contracts';
import { paymentKeys, paymentOrders } from '../db/schema';

/**
 * The key the payment endpoints sign with. Without a configured provider key, the built-in test
 * provider makes one at each start and keeps its secret in the order database, so any instance can
 * verify what another created; a provider order remembers which key it was made under.
 */
export interface PaymentKeys {
  keyId: string;
  testMode: boolean;
  /** The secret of a key id, or undefined when it is not one of ours. */
  secretOf(keyId: string): Promise<string | undefined>;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Provider-style ids: a prefix and 14 random letters and digits ('order_Ng3rY0x…'). */
const providerId = (prefix: string) => `${prefix}_${Array.from({ length: 14 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('')}`;

/** The configured provider key, or a new test key stored in the database. */
export async function preparePaymentKeys(db: Db, configured: { keyId?: string; keySecret?: string }): Promise<PaymentKeys> {
  if (configured.keyId && configured.keySecret) {
    const { keyId, keySecret } = configured;
    return { keyId, testMode: false, secretOf: async (id) => (id === keyId ? keySecret : undefined) };
  }
  const keyId = providerId('rzp_test');
  await db.insert(paymentKeys).values({ keyId, secret: randomBytes(32).toString('hex') });
  return {
    keyId,
    testMode: true,
    async secretOf(id) {
      const [row] = await db.select({ secret: paymentKeys.secret }).from(paymentKeys).where(eq(paymentKeys.keyId, id));
      return row?.secret;
    },
  };
}

/** The provider's checkout signature: hex HMAC-SHA256 of `orderId|paymentId` under the key secret. */
export function paymentSignature(orderId: string, paymentId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Compares a given signature with the expected one in constant time; any other length is simply wrong. */
export function signatureMatches(expectedHex: string, given: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface PaymentOrder {
  success: true;
  orderId: string;
  amount: number;
  currency: 'INR';
  keyId: string;
  testMode: boolean;
}

/** Calls of the payment test page per client address and minute, REST and GraphQL (aliases) together. */
export const PAYMENT_CALLS_PER_MINUTE = 60;

/** Counts one payment call of a client address; a 429 once over the limit. */
export async function countPaymentCall(deps: { rateLimiter: RateLimiter }, caller: { ip: string }): Promise<void> {
  await deps.rateLimiter.consume(`payments:${caller.ip}`, PAYMENT_CALLS_PER_MINUTE, 60_000);
}

/** Creates a provider order for an amount in paise (the payment test page's first call). */
export async function createPaymentOrder(deps: { db: Db; payments: PaymentKeys }, input: { amount: number; currency: 'INR' }): Promise<PaymentOrder> {
  const id = providerId('order');
  await deps.db.insert(paymentOrders).values({ id, amountPaise: input.amount, currency: input.currency, keyId: deps.payments.keyId });
  return { success: true, orderId: id, amount: input.amount, currency: input.currency, keyId: deps.payments.keyId, testMode: deps.payments.testMode };
}

/**
 * Checks a payment's signature against the key its provider order was made under; a match marks
 * the provider order paid. Unknown orders and wrong signatures are the same `false`.
 */
export async function verifyPayment(
  deps: { db: Db; payments: PaymentKeys; clock: () => Date },
  input: { orderId: string; paymentId: string; signature: string },
): Promise<boolean> {
  const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, input.orderId));
  if (!order) return false;
  const secret = await deps.payments.secretOf(order.keyId);
  if (!secret || !signatureMatches(paymentSignature(order.id, input.paymentId, secret), input.signature)) return false;
  if (order.status !== 'paid') {
    await deps.db.update(paymentOrders).set({ status: 'paid', paymentId: input.paymentId, paidAt: deps.clock() }).where(eq(paymentOrders.id, order.id));
  }
  return true;
}

/**
 * Test mode only: what the provider's checkout dialog would hand back after a successful payment
 * (a payment id and its signature). With a real provider key this does not exist (404).
 */
export async function payInTestMode(deps: { db: Db; payments: PaymentKeys }, orderId: string): Promise<{ paymentId: string; signature: string }> {
  if (!deps.payments.testMode) throw notFound(orderMessages.paymentOrderNotFound);
  const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  const secret = order ? await deps.payments.secretOf(order.keyId) : undefined;
  if (!order || !secret) throw notFound(orderMessages.paymentOrderNotFound);
  const paymentId = providerId('pay');
  return { paymentId, signature: paymentSignature(order.id, paymentId, secret) };
}
