import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { listen, type ServiceInstance } from '@shop/platform';
import { createTestEnvironment, createTestRuntime, type TestEnvironment } from '@shop/platform/src/testing';
import { createMediaService } from '../app';

const TOKEN = 'internal-token-for-tests-0123456789';
let env: TestEnvironment;
let mediaDir: string;
const started: Array<{ service: ServiceInstance; server: Server }> = [];

async function start(internalToken?: string) {
  const service = await createMediaService(await createTestRuntime(env, 'media'), { mediaDir, internalToken });
  const server = await listen(service.app, 0);
  started.push({ service, server });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let withToken: string;
let withoutToken: string;

beforeAll(async () => {
  env = await createTestEnvironment();
  mediaDir = await mkdtemp(join(tmpdir(), 'media-internal-'));
  withToken = await start(TOKEN);
  withoutToken = await start();
});
afterAll(async () => {
  for (const { service, server } of started) {
    server.close();
    await service.stop();
  }
  await env?.cleanup();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const png = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();

async function post(base: string, body: Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/internal/v1/images`, { method: 'POST', body, headers: { 'content-type': 'image/png', authorization: `Bearer ${TOKEN}`, ...headers } });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('POST /internal/v1/images', () => {
  it('stores raw image bytes like an upload and answers the same JSON', async () => {
    const res = await post(withToken, new Uint8Array(await png()));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, width: 640, height: 480 });
    expect(res.body.secure_url).toMatch(/^\/media\/[0-9a-f]{32}\/detail\.webp$/);
    expect(res.body.variants.card).toBe(res.body.secure_url.replace('detail', 'card'));
    const stored = await fetch(`${withToken}${res.body.variants.card}`);
    expect(stored.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a missing or wrong token with 401', async () => {
    const bytes = new Uint8Array(await png());
    expect((await post(withToken, bytes, { authorization: '' })).status).toBe(401);
    expect((await post(withToken, bytes, { authorization: 'Bearer not-the-token-at-all-0123456789' })).status).toBe(401);
  });

  it('refuses bytes that are not an image (415) and an empty body (400)', async () => {
    expect((await post(withToken, new TextEncoder().encode('not a picture'))).status).toBe(415);
    expect((await post(withToken, new Uint8Array(0))).status).toBe(400);
  });

  it('does not exist without an internal token (404)', async () => {
    expect((await post(withoutToken, new Uint8Array(await png()))).status).toBe(404);
  });
});
