import { and, eq, sql } from 'drizzle-orm';
import { colorHexOf } from '@shop/proto-contracts';
import { enqueueEvent } from '@shop/platform';
import type { InternalImageStore } from '../clients/media-images.client';
import { pendingImages, products } from '../db/schema';
import type { CatalogDeps } from '../domain/catalog-deps';
import type { Category } from '../domain/category.directory';
import { productColumns } from '../domain/product-listing.service';
import { productChangedEvent } from '../domain/product.events';
import { DEMO_CATEGORIES } from './demo-catalog.data';
import { gradientFor, renderArtwork, type ArtworkSpec } from './product-artwork';

/** Pictures per product: one per colour, for the first two colours (one when it has none). */
const PICTURES_PER_PRODUCT = 2;

export interface DemoImageJob {
  /** Settles when every pending picture is stored, or the job gave up or was stopped. */
  done: Promise<void>;
  stop(): Promise<void>;
}

export interface DemoImageJobOptions {
  /** First wait after media could not be reached; doubles up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Pictures made and stored at once. */
  concurrency?: number;
}

interface PendingItem {
  kind: 'category' | 'product';
  targetId: string;
}

class Stopped extends Error {}
class Refused extends Error {}

const accentOf = (slug: string): [string, string] => DEMO_CATEGORIES.find((d) => d.slug === slug)?.accent ?? ['#E0E7FF', '#4F46E5'];

/**
 * Makes the demo artwork listed in `pending_images` and stores it through the media service, in
 * the background (the shop is ready before it starts). While media cannot be reached it waits and
 * tries again (1 s, 2 s, 4 s … up to a minute); when media refuses internal images it logs a
 * warning and leaves the products as they are. Each stored picture clears its pending row, so a
 * restart resumes where it stopped. A product that staff gave pictures meanwhile is left alone.
 */
export function startDemoImageJob(deps: CatalogDeps, store: InternalImageStore, opts: DemoImageJobOptions = {}): DemoImageJob {
  const initialDelay = opts.initialDelayMs ?? 1_000;
  const maxDelay = opts.maxDelayMs ?? 60_000;
  let stopped = false;
  const sleepers = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (stopped) return reject(new Stopped());
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        if (stopped) reject(new Stopped());
        else resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref?.();
      sleepers.add(wake);
    });

  /** Stores one picture, waiting and retrying while media is unreachable. */
  async function storeWithRetry(png: Buffer): Promise<string | undefined> {
    let delay = initialDelay;
    let warned = false;
    for (;;) {
      if (stopped) throw new Stopped();
      const outcome = await store.store(png);
      if (outcome.ok) return outcome.url;
      if (outcome.kind === 'refused') throw new Refused(outcome.reason);
      if (outcome.kind === 'rejected') {
        deps.logger.warn({ reason: outcome.reason }, 'media refused a demo picture; skipping it');
        return undefined;
      }
      if (!warned) {
        deps.logger.info({ reason: outcome.reason, retryInMs: delay }, 'media service not reachable yet; demo pictures will follow');
        warned = true;
      }
      await sleep(delay);
      delay = Math.min(maxDelay, delay * 2);
    }
  }

  async function handle(item: PendingItem, categories: Category[]) {
    if (item.kind === 'category') {
      const category = categories.find((c) => c.id === item.targetId);
      if (category && !category.image) {
        const png = await renderArtwork({ title: category.name, label: 'Shop the collection', categorySlug: category.str, gradient: accentOf(category.str) });
        const url = await storeWithRetry(png);
        if (url) await deps.categories.setImage(category.id, url);
      }
    } else {
      const [product] = await deps.db
        .select({ id: products.id, name: products.name, subcat: products.subcat, colors: products.colors, categoryId: products.categoryId, images: products.images })
        .from(products)
        .where(eq(products.id, item.targetId));
      const category = product && categories.find((c) => c.id === product.categoryId);
      if (product && category && product.images.length === 0) {
        const colours = product.colors.length ? product.colors.slice(0, PICTURES_PER_PRODUCT) : [undefined];
        const urls: string[] = [];
        const colorImages: Record<string, string[]> = {};
        for (const colour of colours) {
          const spec: ArtworkSpec = {
            title: product.name,
            label: colour ? `${category.name} · ${colour}` : category.name,
            categorySlug: category.str,
            subcat: product.subcat,
            gradient: gradientFor(colour ? colorHexOf(colour) : undefined, accentOf(category.str)),
          };
          const url = await storeWithRetry(await renderArtwork(spec));
          if (url) urls.push(url);
          // Each colour's picture is also that colour's own, so choosing a colour shows it.
          if (url && colour) colorImages[colour] = [url];
        }
        if (urls.length) await attachImages(product.id, urls, colorImages);
      }
    }
    await deps.db.delete(pendingImages).where(and(eq(pendingImages.kind, item.kind), eq(pendingImages.targetId, item.targetId)));
  }

  /** Sets the pictures of a product that still has none, with ProductChanged in the same transaction. */
  async function attachImages(productId: string, urls: string[], colorImages: Record<string, string[]>) {
    const changed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({ images: urls, colorImages, updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), sql`${products.images} = '[]'::jsonb`))
        .returning(productColumns);
      if (row) await enqueueEvent(tx, deps.schema, productChangedEvent(row));
      return Boolean(row);
    });
    if (changed) deps.publishEvents();
  }

  async function run() {
    const queue: PendingItem[] = await deps.db
      .select({ kind: pendingImages.kind, targetId: pendingImages.targetId })
      .from(pendingImages)
      .orderBy(sql`case when ${pendingImages.kind} = 'category' then 0 else 1 end`, pendingImages.createdAt, pendingImages.targetId);
    if (queue.length === 0) return;
    const categories = await deps.categories.all();
    deps.logger.info({ pictures: queue.length }, 'making demo catalog pictures in the background');
    const started = Date.now();
    let refused: Refused | undefined;
    const worker = async () => {
      for (let item = queue.shift(); item && !refused; item = queue.shift()) {
        try {
          await handle(item, categories);
        } catch (err) {
          if (err instanceof Refused) refused = err;
          else if (err instanceof Stopped) return;
          else deps.logger.warn({ err: String(err), item }, 'demo picture failed; it stays pending for the next start');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
    if (refused) {
      deps.logger.warn({ reason: refused.message }, 'media does not take internal images (INTERNAL_API_TOKEN missing or different); demo products stay without pictures');
    } else if (!stopped) {
      deps.logger.info({ ms: Date.now() - started }, 'demo catalog pictures stored');
    }
  }

  const done = run().catch((err) => {
    if (!(err instanceof Stopped)) deps.logger.warn({ err: String(err) }, 'demo picture job failed');
  });
  return {
    done,
    async stop() {
      stopped = true;
      for (const wake of [...sleepers]) wake();
      await done;
    },
  };
}

/** How many pictures are still to be made (for logs and tests). */
export async function pendingImageCount(deps: CatalogDeps): Promise<number> {
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(pendingImages);
  return n;
}
