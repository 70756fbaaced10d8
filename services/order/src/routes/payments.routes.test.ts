import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { payInTestMode, paymentSignature, preparePaymentKeys, signatureMatches } from '../domain/payment.service';
import { startOrderService, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

const createOrder = (body: unknown) => svc.visitor.post('/api/v1/createOrder', body);
const verify = (body: unknown) => svc.visitor.post('/api/v1/verifyOrder', body);

/** The signature the provider would make, with the secret the service keeps in its database. */
async function signWithStoredSecret(keyId: string, orderId: string, paymentId: string) {
  const [{ secret }] = await svc.rows<{ secret: string }>(sql`select secret from "order".payment_keys where key_id = ${keyId}`);
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

describe('POST /api/v1/createOrder', () => {
  test('creates a provider order for an amount in paise, with the test key', async () => {
    const res = await createOrder({ amount: 50000, currency: 'INR' });
    expect(res).toEqual({
      status: 200,
      body: { success: true, orderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), amount: 50000, currency: 'INR', keyId: expect.stringMatching(/^rzp_test_/), testMode: true },
    });
  });

  test.each([[{ amount: 99, currency: 'INR' }], [{ amount: 500.5, currency: 'INR' }], [{ amount: 'lots' }], [{}]])('refuses amount %j', async (body) => {
    expect(await createOrder(body)).toEqual({ status: 400, body: { success: false, message: 'Amount must be a whole number of paise from 100 to 100000000' } });
  });

  test('refuses a currency other than INR', async () => {
    expect(await createOrder({ amount: 50000, currency: 'USD' })).toEqual({ status: 400, body: { success: false, message: 'Only INR payments are supported' } });
  });
});

describe('POST /api/v1/verifyOrder', () => {
  test('accepts the HMAC-SHA256 signature of orderId|paymentId and marks the provider order paid', async () => {
    const { orderId, keyId } = (await createOrder({ amount: 50000, currency: 'INR' })).body;
    const signature = await signWithStoredSecret(keyId, orderId, 'pay_ABCDEFGHIJKLMN');
    expect(await verify({ orderId, paymentId: 'pay_ABCDEFGHIJKLMN', signature })).toEqual({ status: 200, body: { success: true, message: 'Payment successful!' } });
    const [row] = await svc.rows<{ status: string; payment_id: string }>(sql`select status, payment_id from "order".payment_orders where id = ${orderId}`);
    expect(row).toEqual({ status: 'paid', payment_id: 'pay_ABCDEFGHIJKLMN' });
  });

  test('refuses a tampered signature, a signature of another length, another payment id and an unknown order', async () => {
    const { orderId, keyId } = (await createOrder({ amount: 50000, currency: 'INR' })).body;
    const good = await signWithStoredSecret(keyId, orderId, 'pay_1');
    const failed = { status: 400, body: { success: false, message: 'Payment verification failed!' } };
    const tampered = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(await verify({ orderId, paymentId: 'pay_1', signature: tampered })).toEqual(failed);
    expect(await verify({ orderId, paymentId: 'pay_1', signature: good.slice(0, 20) })).toEqual(failed);
    expect(await verify({ orderId, paymentId: 'pay_1', signature: `${good}00` })).toEqual(failed);
    expect(await verify({ orderId, paymentId: 'pay_2', signature: good })).toEqual(failed);
    expect(await verify({ orderId: 'order_unknown', paymentId: 'pay_1', signature: good })).toEqual(failed);
    expect(await verify({ orderId })).toEqual(failed);
  });

  test("the test provider's pay step hands back a payment id and a signature that verifies", async () => {
    const { orderId } = (await createOrder({ amount: 50000, currency: 'INR' })).body;
    const paid = await svc.visitor.post(`/api/v1/payments/test/${orderId}/pay`);
    expect(paid).toEqual({ status: 200, body: { paymentId: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/), signature: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect((await verify({ orderId, ...paid.body })).body.success).toBe(true);
    expect((await svc.visitor.post('/api/v1/payments/test/order_unknown/pay')).status).toBe(404);
  });

  test('the GraphQL mutations do the same', async () => {
    const created = await svc.visitor.graphql(`mutation { createPaymentOrder(amount: 10000, currency: "INR") { success orderId amount keyId testMode } }`);
    const { orderId } = created.body.data.createPaymentOrder;
    const paid = (await svc.visitor.post(`/api/v1/payments/test/${orderId}/pay`)).body;
    const ok = await svc.visitor.graphql(`mutation($o: String!, $p: String!, $s: String!) { verifyPayment(orderId: $o, paymentId: $p, signature: $s) { success message } }`, {
      o: orderId,
      p: paid.paymentId,
      s: paid.signature,
    });
    expect(ok.body.data.verifyPayment).toEqual({ success: true, message: 'Payment successful!' });
    const bad = await svc.visitor.graphql(`mutation { verifyPayment(orderId: "${orderId}", paymentId: "x", signature: "y") { success message } }`);
    expect(bad.body.data.verifyPayment).toEqual({ success: false, message: 'Payment verification failed!' });
  });
});

describe('signatures and keys', () => {
  test('signatureMatches is constant-time and length-safe', () => {
    const expected = paymentSignature('order_1', 'pay_1', 'secret');
    expect(signatureMatches(expected, expected)).toBe(true);
    expect(signatureMatches(expected, expected.toUpperCase())).toBe(false);
    expect(signatureMatches(expected, '')).toBe(false);
    expect(signatureMatches(expected, `${expected}0`)).toBe(false);
    expect(signatureMatches(expected, 'é'.repeat(32))).toBe(false);
  });

  test('with a real provider key the test pay step does not exist', async () => {
    const payments = await preparePaymentKeys(svc.deps.db, { keyId: 'rzp_live_abc', keySecret: 'a-real-secret-of-the-provider' });
    expect(payments.testMode).toBe(false);
    await expect(payInTestMode({ db: svc.deps.db, payments }, 'order_anything')).rejects.toMatchObject({ status: 404 });
  });
});
