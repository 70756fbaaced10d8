import { istDateOf } from '../domain/shop-calendar';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

async function deliveredOrder(buyer: OrderClient, items: unknown[], state: string) {
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo({ state }), items });
  expect(placed.status).toBe(201);
  const id = placed.body.order._id;
  for (const status of ['shipped', 'delivered']) expect((await svc.as('emp').put(`/api/v1/admin/order/${id}`, { status })).status).toBe(200);
  return (await buyer.get(`/api/v1/order/${id}`)).body.order;
}

interface Row {
  placeOfSupply?: string;
  hsnCode?: string;
  rate: number;
  quantity?: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

const paise = (r: number) => Math.round(r * 100);
const SUMMARY = `query($m: String!) { gstSummary(month: $m) { month invoices creditNotes
  b2c { placeOfSupply rate taxableValue cgst sgst igst }
  hsn { hsnCode rate quantity totalValue taxableValue cgst sgst igst }
  totals { totalValue taxableValue cgst sgst igst } } }`;

describe('the monthly GST summary for GSTR-1 (decision 0049)', () => {
  test('invoices of the month less its credit notes, by state and rate and by HSN and rate; REST, GraphQL and CSV agree', async () => {
    const admin = svc.as('admin');
    const month = istDateOf(new Date()).slice(0, 7);
    const summary = async () => (await admin.get(`/api/v1/admin/gst-summary?month=${month}`)).body.summary;
    const find = (rows: Row[], key: 'placeOfSupply' | 'hsnCode', value: string, rate: number) =>
      rows.find((r) => r[key] === value && r.rate === rate) ?? { rate, quantity: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 };
    const before = await summary();

    const tee = await svc.product({ name: 'Round Neck Tee', category: 10, subcat: 'shirts', price: 349, size: ['M'], stockDetail: { M: 10 }, hsnCode: '6109' });
    const notebook = await svc.product({ name: 'Ruled Notebook', price: 99, stock: 10, hsnCode: '4820' });
    const watch = await svc.product({ name: 'Analog Watch', price: 1499, stock: 10, hsnCode: '9102' });
    const buyer = svc.as('user');
    const home = await deliveredOrder(buyer, [{ productId: tee._id, quantity: 2, size: 'M' }, { productId: notebook._id, quantity: 1 }, { productId: watch._id, quantity: 1 }], 'Karnataka');
    const away = await deliveredOrder(svc.as('user'), [{ productId: tee._id, quantity: 1, size: 'M' }], 'Tamil Nadu');
    // One T-shirt of the Karnataka order comes back: its credit note is in the month too.
    const asked = await buyer.post(`/api/v1/order/${home._id}/return`, { items: [{ product: tee._id, quantity: 1, size: 'M' }], reason: 'Too small' });
    for (const status of ['approved', 'received']) expect((await svc.as('emp').put(`/api/v1/admin/return/${asked.body.return._id}`, { status })).status).toBe(200);
    const credit = (await admin.get(`/api/v1/returns/${asked.body.return._id}/credit-note`)).body.creditNote;

    const after = await summary();
    expect(after.invoices - before.invoices).toBe(2);
    expect(after.creditNotes - before.creditNotes).toBe(1);
    const delta = (rows: 'b2c' | 'hsn', key: 'placeOfSupply' | 'hsnCode', value: string, rate: number) => {
      const a = find(after[rows], key, value, rate);
      const b = find(before[rows], key, value, rate);
      return { quantity: (a.quantity ?? 0) - (b.quantity ?? 0), taxable: paise(a.taxableValue) - paise(b.taxableValue), cgst: paise(a.cgst) - paise(b.cgst), sgst: paise(a.sgst) - paise(b.sgst), igst: paise(a.igst) - paise(b.igst) };
    };
    const line = (order: typeof home, name: string) => order.orderItems.find((i: { name: string }) => i.name === name);
    // Karnataka at 5%: two T-shirts invoiced, one credited (the shipping of this order is at 18%, the watch's rate).
    const tees = line(home, 'Round Neck Tee');
    const ka5 = delta('b2c', 'placeOfSupply', 'Karnataka (29)', 5);
    expect(ka5.taxable).toBe(paise(tees.taxableValue) - paise(credit.taxableValue));
    expect(ka5.cgst).toBe(ka5.sgst);
    expect(ka5.cgst + ka5.sgst).toBe(paise(tees.tax) - paise(credit.cgst) - paise(credit.sgst));
    expect(ka5.igst).toBe(0);
    // Karnataka at 0%: the notebook, no tax.
    expect(delta('b2c', 'placeOfSupply', 'Karnataka (29)', 0)).toMatchObject({ taxable: paise(line(home, 'Ruled Notebook').taxableValue), cgst: 0, sgst: 0, igst: 0 });
    // Karnataka at 18%: the watch and the order's shipping.
    const ka18 = delta('b2c', 'placeOfSupply', 'Karnataka (29)', 18);
    // (the order's GST less the T-shirts'; the notebook has none).
    expect(ka18.cgst + ka18.sgst).toBe(paise(home.taxPrice) - paise(tees.tax));
    expect(ka18.taxable).toBeGreaterThan(paise(line(home, 'Analog Watch').taxableValue));
    // Tamil Nadu at 5%: IGST only, the T-shirt and its shipping.
    const tn5 = delta('b2c', 'placeOfSupply', 'Tamil Nadu (33)', 5);
    expect({ cgst: tn5.cgst, sgst: tn5.sgst, igst: tn5.igst }).toEqual({ cgst: 0, sgst: 0, igst: paise(away.taxPrice) });
    // HSN: T-shirts sold net of the return: 2 + 1 − 1.
    expect(delta('hsn', 'hsnCode', '6109', 5).quantity).toBe(2);
    expect(delta('hsn', 'hsnCode', '4820', 0).quantity).toBe(1);
    expect(delta('hsn', 'hsnCode', '9102', 18).quantity).toBe(1);
    // The totals are the documents' own: both orders' GST less the credit note's.
    const tax = (t: { cgst: number; sgst: number; igst: number }) => paise(t.cgst) + paise(t.sgst) + paise(t.igst);
    expect(tax(after.totals) - tax(before.totals)).toBe(paise(home.taxPrice) + paise(away.taxPrice) - tax(credit));

    const gql = await admin.graphql(SUMMARY, { m: month });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.gstSummary).toEqual(after);

    const csv = await admin.download(`/api/v1/admin/gst-summary/csv?month=${month}`);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain('Place of supply,Rate %,Taxable value,CGST,SGST,IGST');
    const ka = find(after.b2c, 'placeOfSupply', 'Karnataka (29)', 5);
    expect(text).toContain(`Karnataka (29),5,${ka.taxableValue.toFixed(2)},${ka.cgst.toFixed(2)},${ka.sgst.toFixed(2)},0.00`);
    expect(text).toContain('HSN,Rate %,Quantity,Total value,Taxable value,CGST,SGST,IGST');
  });

  test('admin only; a bad month is a 400 by REST and GraphQL', async () => {
    const month = istDateOf(new Date()).slice(0, 7);
    expect((await svc.as('emp').get(`/api/v1/admin/gst-summary?month=${month}`)).status).toBe(403);
    expect((await svc.as('emp').graphql(SUMMARY, { m: month })).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await svc.as('user').get(`/api/v1/admin/gst-summary/csv?month=${month}`)).status).toBe(403);
    for (const bad of ['2026-13', '2026-1', 'november', '']) {
      const res = await svc.as('admin').get(`/api/v1/admin/gst-summary?month=${bad}`);
      expect({ bad, status: res.status, message: res.body.message }).toEqual({ bad, status: 400, message: 'month must be YYYY-MM (e.g. 2026-11), a month of the years 2000–2099' });
    }
    expect((await svc.as('admin').graphql(SUMMARY, { m: '2026-13' })).body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  test('a month outside the shop’s years (9999-12, 0000-01) is a 400 by REST, CSV and GraphQL, not a 500 (decision 0098)', async () => {
    const admin = svc.as('admin');
    for (const bad of ['9999-12', '0000-01', '2100-01', '1999-12']) {
      for (const path of ['/api/v1/admin/gst-summary', '/api/v1/admin/gst-summary/csv']) {
        const res = await admin.get(`${path}?month=${bad}`);
        expect({ bad, path, status: res.status }).toEqual({ bad, path, status: 400 });
      }
      expect({ bad, code: (await admin.graphql(SUMMARY, { m: bad })).body.errors?.[0].extensions?.code }).toEqual({ bad, code: 'BAD_USER_INPUT' });
    }
    expect((await admin.get('/api/v1/admin/gst-summary?month=2099-12')).status).toBe(200);
  });
});
