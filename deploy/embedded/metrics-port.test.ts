import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded } from './main';

/** The embedded shop's metrics: on METRICS_PORT only, every service told apart by its label. */
test('METRICS_PORT serves every service of the embedded shop, and the shop port does not', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-metrics-'));
  const shop = await startEmbedded({ PORT: '0', METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web') });
  try {
    expect(shop.metricsPort).toBeGreaterThan(0);
    expect(shop.metricsPort).not.toBe(shop.port);
    // One request through the gateway to the catalog.
    const answer = await fetch(`${shop.url}/api/v1/products?page=1`);
    expect(answer.status).toBe(200);
    await answer.text();
    // A request is counted when its answer has been handed to the socket, which may come a moment
    // after the client has read it; scrape until both counts are there (as Prometheus would, later).
    const scrape = async () => (await fetch(`http://127.0.0.1:${shop.metricsPort}/metrics`)).text();
    let text = await scrape();
    for (let tries = 0; tries < 50 && !['catalog', 'gateway'].every((service) => text.includes(`http_requests_total{service="${service}",method="GET",route="/api/v1/products"`)); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    expect(text).toMatch(/http_requests_total\{service="gateway",method="GET",route="\/api\/v1\/products",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{service="catalog",method="GET",route="\/api\/v1\/products",status="200"\} 1/);
    for (const service of ['auth', 'catalog', 'cart', 'order', 'media']) expect(text).toContain(`shop_outbox_pending{service="${service}"}`);
    expect(await (await fetch(`${shop.url}/metrics`)).text()).not.toContain('http_requests_total');
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
