import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { orderNumberOf } from '@shop/proto-contracts';
import { startEmbedded } from '../../deploy/embedded/main';
import { ShopClient } from '../support/http-client';
import { pollUntil } from '../support/poll';

/**
 * `npm run backup` of a running embedded shop under load, and `npm run restore` into an empty
 * DATA_DIR (decision 0101): what the shop acknowledged before the backup began is all there after
 * the restore, with its stock, invoice and mails, and the old sessions still work.
 */
const root = resolve(__dirname, '../..');
const ADMIN = { email: 'admin@backup.test', password: 'Admin#Backup1' };
const shipping = { address: '14 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700016', phoneNo: '+91 98300 12345' };
const INITIAL_STOCK = 100_000;

type Shop = Awaited<ReturnType<typeof startEmbedded>>;
const shopEnv = (dataDir: string) => ({
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: join(dataDir, '..', 'no-web'),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  DEMO_CATALOG: 'false',
  RATE_LIMIT_PER_MINUTE: '0',
  // Checkouts cut off by the backup's moment (stock reserved, order not yet written) are given up soon.
  RESERVATION_TIMEOUT_SECONDS: '5',
});

/** The operator's command, as its own process: `npm run <command> -- <file>` with DATA_DIR set. */
function cli(command: 'backup' | 'restore', file: string, dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(join(root, 'node_modules/.bin/tsx'), ['deploy/embedded/backup.ts', command, file], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, MEDIA_DIR: '' } }, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const work = mkdtempSync(join(tmpdir(), 'shop-backup-'));
const original = join(work, 'original');
const backupFile = join(work, 'shop.tar.gz');
const stoppedBackupFile = join(work, 'stopped.tar.gz');
let picture: Buffer;
let pictureUrl: string;

/** The shop running now, stopped by afterAll when a failed assertion left it running. */
let current: Shop | undefined;
afterAll(async () => {
  await current?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('a backup taken under load restores every order acknowledged before it, with stock, invoice, mails, pictures and sessions', async () => {
  let shop: Shop = await startEmbedded(shopEnv(original));
  current = shop;
  const admin = new ShopClient(shop.url);
  expect((await admin.post('/api/v1/login', ADMIN)).status).toBe(200);

  // A product with a picture, stored by the media service.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'lamp.png');
  const uploaded = await admin.post('/api/v1/upload', form);
  expect(uploaded.status).toBe(201);
  pictureUrl = uploaded.body.secure_url;
  picture = Buffer.from(await (await fetch(`${shop.url}${pictureUrl}`)).arrayBuffer());
  const created = await admin.post('/api/v1/admin/product/create', { id: 'BACKUP-1', name: 'Brass Lamp', price: 499, description: 'A brass lamp.', category: 1, subcat: 'cookware', stock: INITIAL_STOCK, image: [pictureUrl] });
  expect(created.status).toBe(201);
  const productId = created.body.product._id as string;
  // Four shoppers with proven addresses (their orders are mailed).
  const shoppers: ShopClient[] = [];
  for (let i = 0; i < 4; i += 1) {
    const c = new ShopClient(shop.url);
    const email = `shopper${i}@backup.test`;
    expect((await c.post('/api/v1/register', { name: `Shopper ${i}`, email, phone: `98300${String(10000 + i)}`, password: `shopper-pass-${i}` })).status).toBe(201);
    const token = await pollUntil(async () => {
      const { rows } = await shop.database.query<{ body: string }>('select body from auth.mail_log where recipient = $1 order by id desc', [email]);
      return rows.map((r) => /verify-email\/([A-Za-z0-9_-]+)/.exec(r.body)?.[1]).find(Boolean);
    }, 20_000);
    expect((await c.post(`/api/v1/email/verify/${token}`)).status).toBe(200);
    shoppers.push(c);
  }
  type Placed = { id: string; quantity: number; shopper: number; answeredAt: number };
  const placed: Placed[] = [];
  const place = async (shopper: number, quantity: number) => {
    const res = await shoppers[shopper]!.post('/api/v1/new/order', { shippingInfo: shipping, orderItems: [{ product: productId, quantity }] });
    if (res.status === 201) placed.push({ id: res.body.order._id, quantity, shopper, answeredAt: Date.now() });
    return res;
  };

  // Three orders delivered (each with its tax invoice and its mails) before the backup.
  const delivered: Placed[] = [];
  for (let i = 0; i < 3; i += 1) {
    expect((await place(i, 1)).status).toBe(201);
    const order = placed[placed.length - 1]!;
    for (const status of ['shipped', 'delivered']) expect((await admin.put(`/api/v1/admin/order/${order.id}`, { status })).status).toBe(200);
    delivered.push(order);
  }
  // The delivered mail is recorded by the order service's consumer, a moment after the answer.
  await pollUntil(async () => {
    const { rows } = await shop.database.query<{ n: number }>(`select count(*)::int as n from "order".mail_log where subject like '%was delivered'`);
    return rows[0]!.n === delivered.length ? true : undefined;
  }, 20_000);
  const invoicesBefore = (await shop.database.query<{ order_id: string; number: string }>('select order_id, number from "order".invoices order by number')).rows;
  expect(invoicesBefore).toHaveLength(3);
  // The load: every shopper places orders one after another until told to stop.
  let running = true;
  const statuses: number[] = [];
  const loops = shoppers.map(async (_, shopper) => {
    for (let n = 0; running; n += 1) statuses.push((await place(shopper, 1 + ((shopper + n) % 3))).status);
  });
  await new Promise((r) => setTimeout(r, 1_500));
  const backupBegan = Date.now();
  const made = await cli('backup', backupFile, original);
  await new Promise((r) => setTimeout(r, 500));
  running = false;
  await Promise.all(loops);
  expect(made).toMatchObject({ code: 0, stderr: '' });
  expect(made.stdout).toMatch(/^Backup of the running shop written to .* and checked: database, keys, 2 picture files/);
  expect(statuses.every((s) => s === 201)).toBe(true);
  const acknowledged = placed.filter((o) => o.answeredAt < backupBegan);
  // The shop kept taking orders while the backup ran and after.
  expect(placed.filter((o) => o.answeredAt >= backupBegan).length).toBeGreaterThan(0);
  expect(acknowledged.length).toBeGreaterThan(5);
  await shop.stop();
  current = undefined;
  // The original is gone (a lost disk); the backup file is all there is.
  rmSync(original, { recursive: true, force: true });
  const restored = join(work, 'restored');
  const back = await cli('restore', backupFile, restored);
  expect(back).toMatchObject({ code: 0, stderr: '' });
  expect(back.stdout).toMatch(/^Restored the backup of \S+ into DATA_DIR /);
  // Events that were on their way to a consumer at the backup's moment are handed on at the first start.
  const restoredEvents = join(restored, 'restored-events.json');
  shop = await startEmbedded(shopEnv(restored));
  current = shop;
  try {
    await pollUntil(async () => (existsSync(restoredEvents) ? undefined : true), 20_000);
    // Every order acknowledged before the backup, for its buyer, whose old session still works
    // (the restored keys verify the access token issued before the backup).
    for (const order of acknowledged) {
      const again = new ShopClient(shop.url);
      for (const [name, value] of shoppers[order.shopper]!.cookies) again.cookies.set(name, value);
      const res = await again.get(`/api/v1/order/${order.id}`);
      expect({ id: order.id, status: res.status, quantity: res.body.order?.orderItems?.[0]?.quantity }).toEqual({ id: order.id, status: 200, quantity: order.quantity });
    }
    const oldAdmin = new ShopClient(shop.url);
    for (const [name, value] of admin.cookies) oldAdmin.cookies.set(name, value);
    expect((await oldAdmin.get('/api/v1/profile')).body.user.email).toBe(ADMIN.email);
    expect((await new ShopClient(shop.url).post('/api/v1/login', ADMIN)).status).toBe(200);
    // Stock: the initial stock less what the restored orders hold, once the checkouts the
    // backup cut off (stock reserved, no order yet) have been given up. No leak, no double count.
    const ordersBack = (await shop.database.query<{ id: string; quantity: number }>('select o.id, i.quantity from "order".orders o join "order".order_items i on i.order_id = o.id')).rows;
    const held = ordersBack.reduce((n, o) => n + o.quantity, 0);
    const stockOf = async () => (await oldAdmin.get(`/api/v1/product/${productId}`)).body.product.stock as number;
    await pollUntil(async () => ((await stockOf()) === INITIAL_STOCK - held ? true : undefined), 30_000);
    expect(await stockOf()).toBe(INITIAL_STOCK - held);
    // Orders answered after the backup began may or may not be there; nothing else is.
    const known = new Set(placed.map((o) => o.id));
    expect(ordersBack.filter((o) => !known.has(o.id))).toEqual([]);
    // The invoices as they were, and each delivered order's PDF.
    expect((await shop.database.query('select order_id, number from "order".invoices order by number')).rows).toEqual(invoicesBefore);
    for (const order of delivered) {
      const again = new ShopClient(shop.url);
      for (const [name, value] of shoppers[order.shopper]!.cookies) again.cookies.set(name, value);
      const pdf = await fetch(`${shop.url}/api/v1/order/${order.id}/invoice`, { headers: { cookie: again.cookieHeader() } });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }

    // The mails: each acknowledged order's confirmation, and the delivered ones' status mails.
    const subjects = new Set((await shop.database.query<{ subject: string }>('select subject from "order".mail_log')).rows.map((r) => r.subject));
    for (const order of acknowledged) expect(subjects).toContain(`ShopKart: your order ${orderNumberOf(order.id)} is confirmed`);
    for (const order of delivered) {
      expect(subjects).toContain(`ShopKart: your order ${orderNumberOf(order.id)} has shipped`);
      expect(subjects).toContain(`ShopKart: your order ${orderNumberOf(order.id)} was delivered`);
    }

    // The product's picture, byte for byte.
    const served = await fetch(`${shop.url}${pictureUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);

    // The ops channel is not on the shop's port, and without the token it refuses.
    expect((await fetch(`${shop.url}/backup`, { method: 'POST' })).headers.get('content-type')).not.toBe('application/gzip');
    expect((await fetch(`http://127.0.0.1:${shop.opsPort}/backup`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${shop.opsPort}/backup`, { method: 'POST', headers: { authorization: 'Bearer 00' } })).status).toBe(401);
  } finally {
    await shop.stop();
    current = undefined;
  }
  // A stopped shop is backed up from its folder.
  const offline = await cli('backup', stoppedBackupFile, restored);
  expect(offline.code).toBe(0);
  expect(offline.stdout).toMatch(/^Backup of the stopped shop written to /);
}, 480_000);

describe('restore refuses, and writes nothing', () => {
  test('into a DATA_DIR that is not empty', async () => {
    const busy = join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'keep me');
    const res = await cli('restore', stoppedBackupFile, busy);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(`DATA_DIR ${busy} is not empty (1 entry): restore writes only into an empty folder; move what is there away first`);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
    expect(readFileSync(join(busy, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  test('a file whose entry no longer matches its checksum', async () => {
    // One byte of the signing key changed inside the tar, the gzip made anew (so only the manifest can tell).
    const tar = gunzipSync(readFileSync(stoppedBackupFile));
    const at = tar.indexOf('-----BEGIN PRIVATE KEY-----') + 40;
    tar[at] = tar[at] === 0x41 ? 0x42 : 0x41;
    const damaged = join(work, 'damaged.tar.gz');
    writeFileSync(damaged, gzipSync(tar));
    const target = join(work, 'from-damaged');
    const res = await cli('restore', damaged, target);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(`The backup file ${damaged} is damaged: keys/jwt-private.pem does not match its checksum. Nothing was written.`);
    expect(existsSync(target)).toBe(false);
  });

  test('a file cut short', async () => {
    const whole = readFileSync(stoppedBackupFile);
    const cut = join(work, 'cut.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const target = join(work, 'from-cut');
    mkdirSync(target);
    const res = await cli('restore', cut, target);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toMatch(new RegExp(`^The backup file ${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged: .+\\. Nothing was written\\.$`));
    expect(readdirSync(target)).toEqual([]);
  });
});
