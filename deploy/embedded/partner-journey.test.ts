import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partnerJourney } from '../../tests/support/partner-journey';
import { pollUntil } from '../../tests/support/poll';
import { startEmbedded } from './main';

const partner = 'http://partner.example.in';
const publicUrl = 'http://shop.example.in';

/**
 * A partner's app on another origin uses the embedded shop through a client typed from the
 * published OpenAPI document (decision 0071): every answer carries the CORS headers for its origin
 * and matches what the route manifest declares.
 */
describe('a partner on another origin, through the typed client', () => {
  let shop: Awaited<ReturnType<typeof startEmbedded>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-partner-'));
  beforeAll(async () => {
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web'), CORS_ORIGINS: `${partner}, http://other-partner.example.in`, PUBLIC_URL: publicUrl });
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the preflight of a login from the partner is answered, with credentials allowed for that origin only', async () => {
    const ask = (origin: string) =>
      fetch(`${shop.url}/api/v1/login`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const preflight = await ask(partner);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(partner);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const stranger = await ask('http://elsewhere.example.in');
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('browses products, signs up, logs in, fills the cart, places a COD order with an Idempotency-Key and reads it back', async () => {
    await partnerJourney(shop.url, partner);
  }, 120_000);

  test('a picture of the shop, absolute under PUBLIC_URL, may be shown on the partner page', async () => {
    // The demo catalog's artwork is stored in the background after the first start.
    const src = await pollUntil(async () => {
      const listing = (await (await fetch(`${shop.url}/api/v1/products?limit=40`)).json()) as { products: Array<{ image: string[] }> };
      return listing.products.flatMap((p) => p.image)[0];
    }, 90_000);
    expect(src.startsWith(`${publicUrl}/media/`)).toBe(true);
    const res = await fetch(`${shop.url}${new URL(src).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  }, 120_000);
});
