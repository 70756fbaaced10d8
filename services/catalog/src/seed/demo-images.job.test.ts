import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { listen, type ServiceInstance } from '@shop/platform';
import { createTestRuntime } from '@shop/platform/src/testing';
import { createMediaService } from '@shop/media';
import { mediaInternalImages } from '../clients/media-images.client';
import { createCatalogTestEnvironment, productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';
import { startDemoImageJob } from './demo-images.job';

const TOKEN = 'test-internal-token-0123456789abcdef';
let catalog: CatalogTestService;
let media: ServiceInstance;
let mediaServer: Server;
let mediaUrl: string;
let mediaDir: string;

beforeAll(async () => {
  const env = await createCatalogTestEnvironment();
  mediaDir = await mkdtemp(join(tmpdir(), 'catalog-art-'));
  media = await createMediaService(await createTestRuntime(env, 'media'), { mediaDir, internalToken: TOKEN });
  mediaServer = await listen(media.app, 0);
  mediaUrl = `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`;
  catalog = await startCatalogService({}, env);
});
afterAll(async () => {
  mediaServer?.closeAllConnections();
  mediaServer?.close();
  await media?.stop();
  await catalog?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

async function pendingProduct(overrides: Record<string, unknown> = {}) {
  const res = await catalog.as('admin').post('/api/v1/admin/product/create', productPayload(overrides));
  await catalog.rows(sql`insert into catalog.pending_images (kind, target_id) values ('product', ${res.body.product._id})`);
  return res.body.product as { _id: string };
}

const pendingCount = async () => (await catalog.rows<{ n: number }>(sql`select count(*)::int as n from catalog.pending_images`))[0].n;

describe('the demo picture job', () => {
  it('waits for media, then stores one picture per colour and the category tile through it', async () => {
    const mug = await pendingProduct({ name: 'Copper Mug', colors: ['Copper', 'Teal', 'Red'] });
    await catalog.rows(sql`insert into catalog.pending_images (kind, target_id) values ('category', '2')`);
    let known: string | undefined;
    const job = startDemoImageJob(catalog.deps, mediaInternalImages(() => known, TOKEN), { initialDelayMs: 20, maxDelayMs: 40 });
    // Media's address is not known yet (as in embedded mode before every service listens).
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await pendingCount()).toBe(2);
    known = mediaUrl;
    await job.done;

    const product = (await catalog.visitor.get(`/api/v1/product/${mug._id}`)).body.product;
    expect(product.image).toHaveLength(2);
    expect(product.image[0]).toMatch(/^\/media\/[0-9a-f]{32}\/detail\.webp$/);
    expect(product.thumbnail).toBe(product.image[0].replace('detail.webp', 'card.webp'));
    // Each colour's picture is that colour's own (choosing it on the product page shows it).
    expect(product.colorImages).toEqual(Object.fromEntries(product.colors.slice(0, 2).map((c: string, i: number) => [c, [product.image[i]]])));
    const picture = await fetch(`${mediaUrl}${product.thumbnail}`);
    expect({ status: picture.status, type: picture.headers.get('content-type') }).toEqual({ status: 200, type: 'image/webp' });
    const [category] = (await catalog.visitor.get('/api/v1/categories')).body.categories.filter((c: any) => c.id === '2');
    expect(category.image).toMatch(/^\/media\/[0-9a-f]{32}\/detail\.webp$/);
    expect(await pendingCount()).toBe(0);
    const events = await catalog.rows<{ image: string }>(sql`select payload->>'image' as image from catalog.outbox where type = 'ProductChanged' and payload->>'productId' = ${mug._id} order by occurred_at`);
    expect(events.map((e) => e.image)).toEqual([null, product.image[0]]);
  });

  it('leaves a product that staff gave pictures meanwhile as it is', async () => {
    const own = '/media/0123456789abcdef0123456789abcdef/detail.webp';
    const bowl = await pendingProduct({ name: 'Steel Bowl', image: [own] });
    await startDemoImageJob(catalog.deps, mediaInternalImages(mediaUrl, TOKEN)).done;
    expect((await catalog.visitor.get(`/api/v1/product/${bowl._id}`)).body.product.image).toEqual([own]);
    expect(await pendingCount()).toBe(0);
  });

  it('gives up without pictures when media refuses the token, keeping the work for a later start', async () => {
    const plate = await pendingProduct({ name: 'Melamine Plate' });
    await startDemoImageJob(catalog.deps, mediaInternalImages(mediaUrl, 'a-wrong-token-that-is-long-enough'), { initialDelayMs: 10 }).done;
    expect((await catalog.visitor.get(`/api/v1/product/${plate._id}`)).body.product.image).toEqual([]);
    expect(await pendingCount()).toBe(1);
    await catalog.rows(sql`delete from catalog.pending_images`);
  });

  it('stops at once when the service stops while media is away', async () => {
    await pendingProduct({ name: 'Glass Jar' });
    const job = startDemoImageJob(catalog.deps, mediaInternalImages(() => undefined, TOKEN), { initialDelayMs: 60_000 });
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await job.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await pendingCount()).toBe(1);
  });
});
