import type { CatalogDeps } from '../domain/catalog-deps';
import { productsByIds } from '../domain/product-listing.service';
import type { Product } from '../domain/product.model';

/**
 * Batches the product look-ups of one GraphQL request: every id asked for in the same tick is
 * read with one query (the gateway resolves many Product references at once).
 */
export class ProductLoader {
  private waiting = new Map<string, Array<(p: Product | undefined) => void>>();
  private failures = new Map<string, Array<(err: unknown) => void>>();
  private scheduled = false;

  constructor(private readonly deps: CatalogDeps) {}

  load(id: string): Promise<Product | undefined> {
    const key = String(id).toLowerCase();
    return new Promise((resolve, reject) => {
      if (!this.waiting.has(key)) {
        this.waiting.set(key, []);
        this.failures.set(key, []);
      }
      this.waiting.get(key)!.push(resolve);
      this.failures.get(key)!.push(reject);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the current promise jobs, so every sibling resolver has asked by then.
        void Promise.resolve().then(() => process.nextTick(() => void this.dispatch()));
      }
    });
  }

  private async dispatch() {
    const waiting = this.waiting;
    const failures = this.failures;
    this.waiting = new Map();
    this.failures = new Map();
    this.scheduled = false;
    try {
      const found = await productsByIds(this.deps, [...waiting.keys()]);
      for (const [id, resolvers] of waiting) for (const resolve of resolvers) resolve(found.get(id));
    } catch (err) {
      for (const rejecters of failures.values()) for (const reject of rejecters) reject(err);
    }
  }
}

const loaders = new WeakMap<object, ProductLoader>();

/** The loader of one request (keyed by the request object, so it lives exactly as long). */
export function productLoaderOf(deps: CatalogDeps, request: object): ProductLoader {
  let loader = loaders.get(request);
  if (!loader) {
    loader = new ProductLoader(deps);
    loaders.set(request, loader);
  }
  return loader;
}
