import { startOrderService, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

const FIELDS = 'id code type value minOrder validFrom validTo maxUses maxUsesPerCustomer active uses';
const CREATE = `mutation($input: CouponInput!) { createCoupon(input: $input) { success message coupon { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $input: CouponInput!) { updateCoupon(id: $id, input: $input) { success message coupon { ${FIELDS} } } }`;
const DELETE = `mutation($id: ID!) { deleteCoupon(id: $id) { success message } }`;
const LIST = `query($page: Int, $limit: Int) { adminCoupons(page: $page, limit: $limit) { total totalPages currentPage coupons { ${FIELDS} } } }`;
const CHECK = `query($code: String!, $items: [OrderItemInput!]!) {
  checkCoupon(code: $code, items: $items) { success message code quote { itemPrice discountPrice couponCode couponDiscount taxPrice shippingPrice totalPrice firstOrder } }
}`;
const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { success order { id itemPrice discountPrice couponCode couponDiscount taxPrice shippingPrice totalPrice } }
}`;

const shipping = { address: '4 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700016', phoneNo: '9876543210' };

describe('coupons in the order subgraph', () => {
  test('admin creates, lists, edits and deletes coupons; emp reads; the same refusals as REST', async () => {
    const admin = svc.as('admin');
    const created = await admin.graphql(CREATE, { input: { code: 'gql-save15', type: 'percent', value: 15, minOrder: 499, validTo: '2099-12-31', maxUsesPerCustomer: 1 } });
    expect(created.body.errors).toBeUndefined();
    const coupon = created.body.data.createCoupon.coupon;
    expect(created.body.data.createCoupon).toMatchObject({ success: true, message: 'Coupon created' });
    expect(coupon).toMatchObject({ code: 'GQL-SAVE15', type: 'percent', value: 15, minOrder: 499, validTo: '2099-12-31T18:30:00.000Z', maxUses: null, maxUsesPerCustomer: 1, active: true, uses: 0 });

    const listed = await svc.as('emp').graphql(LIST, { limit: 10 });
    expect(listed.body.data.adminCoupons.coupons.map((c: { code: string }) => c.code)).toContain('GQL-SAVE15');

    const edited = await admin.graphql(UPDATE, { id: coupon.id, input: { code: 'GQL-SAVE15', type: 'amount', value: 99.5, active: false } });
    expect(edited.body.data.updateCoupon.coupon).toMatchObject({ type: 'amount', value: 99.5, minOrder: 0, active: false, maxUsesPerCustomer: null });

    const duplicate = await admin.graphql(CREATE, { input: { code: 'GQL-SAVE15', type: 'percent', value: 5 } });
    expect(duplicate.body.errors?.[0]).toMatchObject({ message: 'A coupon with the code GQL-SAVE15 already exists', extensions: { code: 'CONFLICT' } });
    const badPercent = await admin.graphql(CREATE, { input: { code: 'GQL-BAD', type: 'percent', value: 120 } });
    expect(badPercent.body.errors?.[0]).toMatchObject({ message: 'A percent coupon takes 1 to 100 percent off (a whole number)', extensions: { code: 'BAD_USER_INPUT' } });
    const badDates = await admin.graphql(CREATE, { input: { code: 'GQL-BAD', type: 'amount', value: 10, validFrom: '2027-05-01', validTo: '2027-04-01' } });
    expect(badDates.body.errors?.[0]?.message).toBe('The coupon must start before it ends (validFrom before validTo)');

    expect((await svc.as('emp').graphql(CREATE, { input: { code: 'GQL-EMP', type: 'percent', value: 5 } })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await svc.as('user').graphql(LIST, {})).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await svc.visitor.graphql(LIST, {})).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    expect((await admin.graphql(DELETE, { id: coupon.id })).body.data.deleteCoupon).toEqual({ success: true, message: 'Coupon deleted' });
    expect((await admin.graphql(DELETE, { id: coupon.id })).body.errors?.[0]).toMatchObject({ message: 'Coupon not found', extensions: { code: 'NOT_FOUND' } });
  });

  test('checkCoupon shows the saving; placeOrder with couponCode charges it and the order shows the coupon line', async () => {
    const admin = svc.as('admin');
    await admin.graphql(CREATE, { input: { code: 'GQL-FLAT200', type: 'amount', value: 200, minOrder: 1000, maxUses: 1 } });
    const p = await svc.product({ name: 'Block-print Quilt', price: 1200, stock: 5 });
    const items = [{ productId: p._id, quantity: 1 }];
    const buyer = svc.as('user');

    const check = await buyer.graphql(CHECK, { code: 'gql-flat200', items });
    expect(check.body.errors).toBeUndefined();
    // ₹1,200: first order −₹120, coupon −₹200 = ₹880 + ₹5 = ₹885 (GST included ₹42.14: 5% kitchenware).
    expect(check.body.data.checkCoupon).toEqual({
      success: true,
      message: 'Coupon GQL-FLAT200 applied',
      code: 'GQL-FLAT200',
      quote: { itemPrice: 1200, discountPrice: 120, couponCode: 'GQL-FLAT200', couponDiscount: 200, taxPrice: 42.14, shippingPrice: 5, totalPrice: 885, firstOrder: true },
    });

    const placed = await buyer.graphql(PLACE, { input: { shippingInfo: shipping, items, couponCode: 'GQL-FLAT200' } });
    expect(placed.body.errors).toBeUndefined();
    expect(placed.body.data.placeOrder.order).toMatchObject({ itemPrice: 1200, discountPrice: 120, couponCode: 'GQL-FLAT200', couponDiscount: 200, taxPrice: 42.14, totalPrice: 885 });
    const orderId = placed.body.data.placeOrder.order.id;
    const seen = await buyer.graphql(`query($id: ID!) { order(id: $id) { couponCode couponDiscount totalPrice } }`, { id: orderId });
    expect(seen.body.data.order).toEqual({ couponCode: 'GQL-FLAT200', couponDiscount: 200, totalPrice: 885 });

    // Used up: the same message and code as REST, for the check and for the order.
    const other = svc.as('user');
    const usedUp = await other.graphql(CHECK, { code: 'GQL-FLAT200', items });
    expect(usedUp.body.errors?.[0]).toMatchObject({ message: 'Coupon GQL-FLAT200 has been fully used', extensions: { code: 'CONFLICT' } });
    const refused = await other.graphql(PLACE, { input: { shippingInfo: shipping, items, couponCode: 'GQL-FLAT200' } });
    expect(refused.body.errors?.[0]).toMatchObject({ message: 'Coupon GQL-FLAT200 has been fully used', extensions: { code: 'CONFLICT' } });
    const unknown = await other.graphql(CHECK, { code: 'NO-SUCH', items });
    expect(unknown.body.errors?.[0]).toMatchObject({ message: 'Coupon code NO-SUCH does not exist', extensions: { code: 'NOT_FOUND' } });
    const minimum = await admin.graphql(CREATE, { input: { code: 'GQL-MIN', type: 'percent', value: 5, minOrder: 5000 } });
    expect(minimum.body.errors).toBeUndefined();
    expect((await other.graphql(CHECK, { code: 'GQL-MIN', items })).body.errors?.[0]?.message).toBe('Coupon GQL-MIN needs an order of at least ₹5,000.00 (items, before GST)');
    expect((await svc.visitor.graphql(CHECK, { code: 'GQL-MIN', items })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // A used coupon cannot be deleted.
    const list = await admin.graphql(LIST, { limit: 100 });
    const used = list.body.data.adminCoupons.coupons.find((c: { code: string }) => c.code === 'GQL-FLAT200');
    expect(used.uses).toBe(1);
    expect((await admin.graphql(DELETE, { id: used.id })).body.errors?.[0]).toMatchObject({
      message: 'This coupon has been used on 1 order, so it cannot be deleted. Deactivate it instead.',
      extensions: { code: 'CONFLICT' },
    });
  });

  test('the look-up limit is the same action over GraphQL: an alias is one more look-up', async () => {
    const p = await svc.product({ name: 'Handloom Towel', price: 150, stock: 5 });
    const items = [{ productId: p._id, quantity: 1 }];
    const guesser = svc.as('user');
    const aliases = Array.from({ length: 11 }, (_, i) => `g${i}: checkCoupon(code: "GUESS${i}", items: $items) { code }`).join('\n');
    const res = await guesser.graphql(`query($items: [OrderItemInput!]!) { ${aliases} }`, { items });
    // The 11th look-up passed the shopper's limit: the request is answered with that refusal.
    expect(res.body.errors?.[0]).toMatchObject({ message: 'Too many coupon attempts. Please wait a few minutes and try again.', extensions: { code: 'TOO_MANY_REQUESTS' } });
    const next = await guesser.graphql(`query($items: [OrderItemInput!]!) { checkCoupon(code: "GUESS11", items: $items) { code } }`, { items });
    expect(next.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    const placed = await guesser.graphql(PLACE, { input: { shippingInfo: shipping, items, couponCode: 'GUESS12' } });
    expect(placed.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});
