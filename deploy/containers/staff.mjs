// Staff journey: the admin from .env logs in, marks an order shipped then delivered, and fetches its GST invoice PDF.
const [base, email, password, orderId] = process.argv.slice(2);
const login = await fetch(`${base}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
for (const status of ['shipped', 'delivered']) await fetch(`${base}/api/v1/admin/order/${orderId}`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ status }) });
const inv = await fetch(`${base}/api/v1/order/${orderId}/invoice`, { headers: { cookie } });
const buf = Buffer.from(await inv.arrayBuffer());
console.log(JSON.stringify({ login: login.status, invoice: inv.status, type: inv.headers.get('content-type'), bytes: buf.length }));
process.exit(login.status === 200 && inv.status === 200 && buf.subarray(0, 4).toString() === '%PDF' ? 0 : 1);
