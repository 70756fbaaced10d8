import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import sharp, { type Sharp } from 'sharp';
import { listen, type ServiceInstance } from '@shop/platform';
import { createTestEnvironment, createTestRuntime, type TestEnvironment } from '@shop/platform/src/testing';
import type { Role } from '@shop/proto-contracts';
import { createMediaService } from './app';

let env: TestEnvironment;
let service: ServiceInstance;
let server: Server;
let base: string;
let mediaDir: string;

beforeAll(async () => {
  env = await createTestEnvironment();
  const runtime = await createTestRuntime(env, 'media');
  mediaDir = await mkdtemp(join(tmpdir(), 'media-test-'));
  service = await createMediaService(runtime, { mediaDir });
  server = await listen(service.app, 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await service?.stop();
  await env?.cleanup();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

function tokenFor(role: Role, sub = `user-${role}`) {
  return jwt.sign({ sub, role, email: `${sub}@example.com`, name: sub, av: 0 }, env.keys.privateKey, {
    algorithm: 'RS256',
    issuer: 'shop-auth',
    expiresIn: '10m',
  });
}

let colour = 0;
/** A fresh image each call (a different colour), so tests never share stored entries by accident. */
function picture(width = 800, height = 600) {
  colour += 1;
  return sharp({ create: { width, height, channels: 3, background: { r: colour % 256, g: (colour * 7) % 256, b: 90 } } });
}

interface Upload {
  status: number;
  body: Record<string, any>;
}

async function upload(file: Buffer | undefined, opts: { role?: Role | null; name?: string; type?: string; purpose?: string; field?: string } = {}): Promise<Upload> {
  const form = new FormData();
  if (opts.purpose !== undefined) form.append('purpose', opts.purpose);
  if (file) form.append(opts.field ?? 'file', new Blob([new Uint8Array(file)], { type: opts.type ?? 'image/png' }), opts.name ?? 'photo.png');
  const role = opts.role === undefined ? 'user' : opts.role;
  const headers: Record<string, string> = role ? { authorization: `Bearer ${tokenFor(role)}` } : {};
  const res = await fetch(`${base}/api/v1/upload`, { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function download(path: string) {
  const res = await fetch(`${base}${path}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A GET sent byte for byte as written (fetch would normalise the dots away). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/`, { path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const unsupported = 'Only PNG, JPEG, GIF and WebP images are allowed.';

describe('POST /api/v1/upload accepts images by their content', () => {
  test.each([
    ['png', (s: Sharp) => s.png()],
    ['jpeg', (s: Sharp) => s.jpeg()],
    ['gif', (s: Sharp) => s.gif()],
    ['webp', (s: Sharp) => s.webp()],
  ])('a %s image is stored as WebP variants', async (_format, encode) => {
    const { status, body } = await upload(await encode(picture()).toBuffer(), { name: 'whatever.bin', type: 'application/octet-stream' });
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      secure_url: `/media/${body.id}/detail.webp`,
      url: `/media/${body.id}/detail.webp`,
      width: 800,
      height: 600,
      variants: { card: `/media/${body.id}/card.webp`, detail: `/media/${body.id}/detail.webp` },
    });
  });

  test('a text file named x.png is refused with 415', async () => {
    const { status, body } = await upload(Buffer.from('hello, I am not a picture'), { name: 'x.png', type: 'image/png' });
    expect(status).toBe(415);
    expect(body).toEqual({ success: false, message: unsupported });
  });

  test('a truncated PNG is refused with 415', async () => {
    const png = await picture(600, 400).png({ compressionLevel: 0 }).toBuffer();
    const { status, body } = await upload(png.subarray(0, Math.floor(png.length / 2)));
    expect(status).toBe(415);
    expect(body.message).toBe(unsupported);
  });

  test('a truncated JPEG is refused with 415', async () => {
    const jpeg = await picture(600, 400).jpeg().toBuffer();
    const { status } = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { type: 'image/jpeg', name: 'x.jpg' });
    expect(status).toBe(415);
  });

  test('a PNG signature followed by garbage is refused with 415', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);
    const { status } = await upload(fake);
    expect(status).toBe(415);
  });

  test('an image format outside the four (TIFF) is refused with 415', async () => {
    const { status } = await upload(await picture().tiff().toBuffer(), { type: 'image/png' });
    expect(status).toBe(415);
  });

  test('a form without a file is refused with 400 and a message', async () => {
    const { status, body } = await upload(undefined);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message: 'Please choose an image to upload' });
  });

  test('a file in another form field is refused with 400', async () => {
    const { status, body } = await upload(await picture().png().toBuffer(), { field: 'image' });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });

  test('a file over 10 MB is refused with 413', async () => {
    const { status, body } = await upload(Buffer.alloc(11 * 1024 * 1024, 1));
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, message: 'File is too large. The maximum size is 10MB.' });
  });

  test('a visitor who is not logged in gets 401', async () => {
    const { status, body } = await upload(await picture().png().toBuffer(), { role: null });
    expect(status).toBe(401);
    expect(body.success).toBe(false);
  });

  test('a product image from a shopper (role user) is refused with 403', async () => {
    const { status } = await upload(await picture().png().toBuffer(), { role: 'user', purpose: 'product' });
    expect(status).toBe(403);
  });

  test('a product image from an employee is accepted', async () => {
    const { status } = await upload(await picture().png().toBuffer(), { role: 'emp', purpose: 'product' });
    expect(status).toBe(201);
  });

  test('an unknown purpose is refused with 400', async () => {
    const { status } = await upload(await picture().png().toBuffer(), { purpose: 'banner' });
    expect(status).toBe(400);
  });

  test('the same image uploaded twice gets the same id and is stored once', async () => {
    const png = await picture(1500, 900).png().toBuffer();
    const first = await upload(png);
    const second = await upload(png, { role: 'admin', purpose: 'product' });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect((await readdir(join(mediaDir, first.body.id.slice(0, 2), first.body.id))).sort()).toEqual(['card.webp', 'detail.webp']);
  });
});

describe('the stored variants', () => {
  test('are served as immutable WebP with an ETag and nosniff', async () => {
    const { body } = await upload(await picture().png().toBuffer());
    const { res, bytes } = await download(body.secure_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toBeTruthy();
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const head = await fetch(`${base}${body.secure_url}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(bytes.length)]);
  });

  test('answer 304 to a matching If-None-Match', async () => {
    const { body } = await upload(await picture().png().toBuffer());
    const first = await fetch(`${base}${body.variants.card}`);
    const again = await fetch(`${base}${body.variants.card}`, {
      // fetch adds "Cache-Control: no-cache" (which forbids a 304) to conditional requests unless told otherwise.
      headers: { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  test('carry no EXIF from a JPEG that had it', async () => {
    const jpeg = await picture().jpeg().withExif({ IFD0: { Copyright: 'secret' } }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { body } = await upload(jpeg, { type: 'image/jpeg', name: 'camera.jpg' });
    for (const url of Object.values(body.variants as Record<string, string>)) {
      const { bytes } = await download(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('secret'))).toBe(false);
    }
  });

  test('are turned upright from the EXIF orientation', async () => {
    const sideways = await picture(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { body } = await upload(sideways, { type: 'image/jpeg' });
    expect([body.width, body.height]).toEqual([200, 300]);
    const { bytes } = await download(body.secure_url);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation).toBeUndefined();
  });

  test('are 400 px wide for cards and 1200 px for detail', async () => {
    const { body } = await upload(await picture(2400, 1600).png().toBuffer());
    const card = await sharp((await download(body.variants.card)).bytes).metadata();
    const detail = await sharp((await download(body.variants.detail)).bytes).metadata();
    expect([card.width, card.height]).toEqual([400, 267]);
    expect([detail.width, detail.height]).toEqual([1200, 800]);
    expect([body.width, body.height]).toEqual([1200, 800]);
  });

  test('are never upscaled', async () => {
    const { body } = await upload(await picture(300, 100).png().toBuffer());
    const card = await sharp((await download(body.variants.card)).bytes).metadata();
    expect(card.width).toBe(300);
    expect(body.width).toBe(300);
  });

  test('an unknown id or variant is a 404 with a message', async () => {
    const { body } = await upload(await picture().png().toBuffer());
    const unknownId = await download(`/media/${'0'.repeat(32)}/card.webp`);
    expect(unknownId.res.status).toBe(404);
    expect(JSON.parse(unknownId.bytes.toString())).toEqual({ success: false, message: 'Image not found' });
    expect(unknownId.res.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect((await download(`/media/${body.id}/original.webp`)).res.status).toBe(404);
    expect((await download(`/media/${body.id}/card.png`)).res.status).toBe(404);
  });

  test.each([
    '/media/../../../etc/passwd',
    '/media/..%2F..%2F..%2Fetc/passwd',
    '/media/%2e%2e/card.webp',
    '/media/..%2f..%2f..%2fetc%2fpasswd%00/card.webp',
    '/media/0123456789abcdef0123456789abcdef/..%2F..%2Fcard.webp',
  ])('a path traversal attempt (%s) is refused', async (path) => {
    const { status, body } = await rawGet(path);
    expect([400, 404]).toContain(status);
    expect(body).not.toContain('root:');
  });
});

test('the subgraph answers mediaStatus', async () => {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query: '{ mediaStatus }' }),
  });
  expect(await res.json()).toEqual({ data: { mediaStatus: 'ok' } });
});
