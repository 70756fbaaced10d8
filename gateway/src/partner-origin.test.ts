import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, listen } from '@shop/platform';
import { createGateway } from './app';
import { withProductMeta } from './product-page-meta';
import { withAbsoluteMediaUrls } from './proxy';
import { serviceNames, type ServiceName } from './route-table';

/**
 * A partner's page on another origin (decision 0071): CORS for the listed origins only, pictures
 * that resolve against the shop rather than the partner, and /media open to other origins. The
 * gateway runs in front of stand-in services that answer like the real ones.
 */
describe('the gateway for a partner on another origin', () => {
  const servers: Server[] = [];
  const partner = 'http://partner.example.in';
  const gateways: Record<'relative' | 'absolute', string> = { relative: '', absolute: '' };
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const urls = {} as Record<ServiceName, string>;
    for (const name of serviceNames) {
      const app = express();
      app.get('/api/v1/product/p-1', (_req, res) => {
        res.json({ success: true, product: { _id: 'p-1', name: 'Kurta "/media/ in a name"', image: ['/media/abc/detail.webp', 'https://cdn.example.in/x.webp'], thumbnail: '/media/abc/card.webp' } });
      });
      app.get('/media/abc/card.webp', (_req, res) => {
        res.type('image/webp').send(Buffer.from('RIFF'));
      });
      app.use((_req, res) => {
        res.json({ success: true, service: name });
      });
      const server = await listen(app, 0);
      servers.push(server);
      urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    for (const kind of ['relative', 'absolute'] as const) {
      const gateway = await createGateway({
        urls,
        logger: createLogger('gateway-test', 'silent'),
        production: false,
        rateLimitPerMinute: 0,
        corsOrigins: [partner],
        responseCacheBytes: kind === 'absolute' ? 1024 * 1024 : 0,
        ...(kind === 'absolute' ? { mediaOrigin: 'https://shop.example.in' } : {}),
      });
      const server = await listen(gateway.app, 0);
      servers.push(server);
      stops.push(gateway.stop);
      gateways[kind] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });

  afterAll(async () => {
    for (const stop of stops) await stop();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  test('a preflight from a listed origin is answered with credentials allowed; another origin gets no CORS headers and its writes are refused', async () => {
    const preflight = await fetch(`${gateways.relative}/api/v1/login`, {
      method: 'OPTIONS',
      headers: { origin: partner, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(partner);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('idempotency-key');

    const stranger = await fetch(`${gateways.relative}/api/v1/login`, { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{}' });
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const listed = await fetch(`${gateways.relative}/api/v1/login`, { method: 'POST', headers: { origin: partner, 'content-type': 'application/json' }, body: '{}' });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(partner);
  });

  test('without PUBLIC_URL picture URLs stay relative, as the SPA uses them', async () => {
    const { product } = (await (await fetch(`${gateways.relative}/api/v1/product/p-1`)).json()) as { product: { image: string[]; thumbnail: string } };
    expect(product.image).toEqual(['/media/abc/detail.webp', 'https://cdn.example.in/x.webp']);
    expect(product.thumbnail).toBe('/media/abc/card.webp');
  });

  test('with PUBLIC_URL every picture path in a REST answer is absolute under it, other text untouched, cached answers too', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${gateways.absolute}/api/v1/product/p-1`);
      const { product } = (await res.json()) as { product: { name: string; image: string[]; thumbnail: string } };
      expect(product.image).toEqual(['https://shop.example.in/media/abc/detail.webp', 'https://cdn.example.in/x.webp']);
      expect(product.thumbnail).toBe('https://shop.example.in/media/abc/card.webp');
      expect(product.name).toBe('Kurta "/media/ in a name"');
    }
  });

  test('pictures under /media may be embedded by other origins', async () => {
    const res = await fetch(`${gateways.relative}/media/abc/card.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Everything else keeps the same-origin policy.
    expect((await fetch(`${gateways.relative}/api/v1/products`)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  test('withAbsoluteMediaUrls changes only JSON strings that start with /media/', () => {
    expect(withAbsoluteMediaUrls('{"a":"/media/x/card.webp","b":["/media/y/detail.webp"],"c":"see \\"/media/z\\"","d":"/mediax"}', 'https://s.in/')).toBe(
      '{"a":"https://s.in/media/x/card.webp","b":["https://s.in/media/y/detail.webp"],"c":"see \\"/media/z\\"","d":"/mediax"}',
    );
  });

  test("a product page's Open Graph picture is the same whether the cached answer's picture is relative or already absolute", () => {
    const page = '<!doctype html><html><head><title>ShopKart</title></head><body></body></html>';
    const product = { _id: 'p-1', name: 'Kurta', description: 'Cotton', price: 499, stock: 2 };
    const relative = withProductMeta(page, { ...product, image: ['/media/abc/detail.webp'] }, 'https://shop.example.in');
    const absolute = withProductMeta(page, { ...product, image: ['https://shop.example.in/media/abc/detail.webp'] }, 'https://shop.example.in');
    expect(relative).toContain('<meta property="og:image" content="https://shop.example.in/media/abc/detail.webp" />');
    expect(absolute).toBe(relative);
  });
});
