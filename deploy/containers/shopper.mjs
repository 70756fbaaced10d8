// A shopper over REST: sign up, add the first product in stock, place a COD order, and wait for
// the cart to empty (OrderPlaced over RabbitMQ). Prints one JSON line; exit 0 on success.
const base = (process.argv[2] || 'http://127.0.0.1:3000') + '/api/v1';
let cookie = '';
async function call(method, path, body, headers = {}) {
  const res = await fetch(base + path, { method, signal: AbortSignal.timeout(20000), headers: { 'content-type': 'application/json', cookie, ...headers }, body: body ? JSON.stringify(body) : undefined });
  const set = res.headers.getSetCookie?.() ?? [];
  if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
  const text = await res.text();
  let json; try { json = JSON.parse(text); } catch { json = text.slice(0, 200); }
  return { status: res.status, json, requestId: res.headers.get('x-request-id') };
}
const fail = (step, r) => { console.log(JSON.stringify({ ok: false, step, status: r.status, body: r.json })); process.exit(1); };
const email = `containers.shopper.${Date.now()}@example.in`;
let r = await call('POST', '/register', { name: 'Container Shopper', email, phone: '9876543210', password: 'Ct-Test-Passw0rd!x' });
if (r.status !== 201) fail('register', r);
let products = [];
for (let i = 0; i < 60 && !products.length; i++) {
  r = await call('GET', '/products?limit=5');
  products = (r.json.products ?? []).filter((p) => p.stock > 0);
  if (!products.length) await new Promise((res) => setTimeout(res, 1000));
}
if (!products.length) fail('products', r);
const p = products[0];
r = await call('POST', '/addToCart', { productId: p._id, quantity: 1, properties: { size: p.size?.[0], color: p.colors?.[0] } });
if (r.status !== 200) fail('addToCart', r);
r = await call('POST', '/new/order', { shippingInfo: { address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: '560001', phoneNo: '9876543210' }, items: [{ productId: p._id, quantity: 1, size: p.size?.[0], color: p.colors?.[0] }] }, { 'Idempotency-Key': `containers-${Date.now()}` });
if (r.status !== 201) fail('order', r);
const order = r.json.order, orderRequestId = r.requestId;
let emptied = false;
for (let i = 0; i < 20 && !emptied; i++) { await new Promise((res) => setTimeout(res, 500)); r = await call('GET', '/loadCart'); emptied = r.json.cartItems?.length === 0; }
console.log(JSON.stringify({ ok: emptied, email, product: p.name, image: p.image?.[0], order: order.id, orderRequestId, cartEmptiedByEvent: emptied }));
process.exit(emptied ? 0 : 1);
