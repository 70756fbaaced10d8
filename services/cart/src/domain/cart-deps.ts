import type { Db, Logger } from '@shop/platform';

/** A product as the catalog answers it now, in the cart's terms (money in paise). */
export interface CatalogProduct {
  id: string;
  code: string;
  name: string;
  price: number;
  oldPrice: number;
  discount: number;
  /** Card-size image for lists (the catalog's thumbnail, else its first image). */
  image: string | null;
  /** Card-size picture per colour, for the colours that have their own pictures. */
  colorThumbnails: Record<string, string>;
  sizes: string[];
  colors: string[];
  stock: number;
  stockDetail: Record<string, number>;
}

/** The catalog's API as the cart uses it. */
export interface CatalogClient {
  /**
   * The product as it is now. Throws AppErrors: NOT_FOUND 'Product not found', BAD_REQUEST
   * 'Invalid product ID', SERVICE_UNAVAILABLE when the catalog cannot be reached or answers nonsense.
   */
  getProduct(productId: string): Promise<CatalogProduct>;
  /**
   * The products of many ids in one call (ids the catalog does not have are not in the map, keyed
   * by lower-case id); `signal` abandons the call when the caller has gone. Throws
   * SERVICE_UNAVAILABLE when the catalog cannot be reached or answers nonsense.
   */
  lookupProducts(productIds: readonly string[], signal?: AbortSignal): Promise<Map<string, CatalogProduct>>;
}

/** Everything the cart domain needs from outside, passed in so tests can hand in real parts. */
export interface CartDeps {
  db: Db;
  /** PostgreSQL schema of the service (processed-event ids live there). */
  schema: string;
  logger: Logger;
  clock: () => Date;
  catalog: CatalogClient;
}
