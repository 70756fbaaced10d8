import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@shop/platform';
import { mrpFromPrice } from '@shop/proto-contracts';
import { productSnapshots, type ProductSnapshotRow } from '../db/schema';
import type { CatalogProduct } from './cart-deps';

type Executor = Db | Tx;

/** The product facts the cart's rules need; a fresh catalog answer and a stored snapshot both have them. */
export type ProductFacts = Pick<CatalogProduct, 'name' | 'sizes' | 'colors' | 'stock' | 'stockDetail'>;

type SnapshotValues = Omit<ProductSnapshotRow, 'productId' | 'updatedAt'>;

/** Whether the stored copy already says what the catalog says (jsonb keys may come back reordered). */
function sameSnapshot(stored: ProductSnapshotRow, next: SnapshotValues): boolean {
  const sortedEntries = (record: Record<string, number>) => JSON.stringify(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return (
    stored.code === next.code &&
    stored.name === next.name &&
    stored.price === next.price &&
    stored.oldPrice === next.oldPrice &&
    stored.discount === next.discount &&
    stored.image === next.image &&
    JSON.stringify(Object.entries(stored.colorThumbnails).sort()) === JSON.stringify(Object.entries(next.colorThumbnails).sort()) &&
    stored.stock === next.stock &&
    stored.deleted === next.deleted &&
    JSON.stringify(stored.sizes) === JSON.stringify(next.sizes) &&
    JSON.stringify(stored.colors) === JSON.stringify(next.colors) &&
    sortedEntries(stored.stockDetail) === sortedEntries(next.stockDetail)
  );
}

/**
 * Stores the catalog's current view of a product (and revives it if it was marked deleted). An
 * unchanged copy is not written again: every add of a popular product would otherwise lock the
 * same row and queue all shoppers' adds behind each other.
 */
export async function saveSnapshot(db: Executor, product: CatalogProduct, now: Date, known?: { stored: ProductSnapshotRow | undefined }): Promise<void> {
  const values: SnapshotValues = {
    code: product.code,
    name: product.name,
    price: product.price,
    oldPrice: product.oldPrice,
    discount: product.discount,
    image: product.image,
    colorThumbnails: product.colorThumbnails,
    sizes: product.sizes,
    colors: product.colors,
    stock: product.stock,
    stockDetail: product.stockDetail,
    deleted: false,
  };
  // `known`: the copy the caller read already (none: undefined), so it is not read again.
  const stored = known ? known.stored : await findSnapshot(db, product.id);
  if (stored && sameSnapshot(stored, values)) return;
  await db
    .insert(productSnapshots)
    .values({ productId: product.id, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: productSnapshots.productId, set: { ...values, updatedAt: now } });
}

export async function findSnapshot(db: Executor, productId: string): Promise<ProductSnapshotRow | undefined> {
  // Plain SQL: every add reads the product, and building the select cost more than running it.
  const { rows } = await db.execute(sql`select ${snapshotColumns} from cart.product_snapshots s where s.product_id = ${productId}`);
  return rows.length === 0 ? undefined : snapshotOfRow(rows[0]!);
}

/** The stored copies of several products in one query, by product id (ids without a copy are not in it). */
export async function findSnapshots(db: Executor, productIds: readonly string[]): Promise<Map<string, ProductSnapshotRow>> {
  if (productIds.length === 0) return new Map();
  const ids = sql.join(productIds.map((id) => sql`${id}`), sql`, `);
  const { rows } = await db.execute(sql`select ${snapshotColumns} from cart.product_snapshots s where s.product_id in (${ids})`);
  return new Map(rows.map((row) => [row.product_id as string, snapshotOfRow(row)]));
}

/** The columns of a product snapshot, as `snapshotOfRow` reads them (table alias `s`), as SQL text. */
export const snapshotColumnList =
  's.product_id, s.code, s.name, s.price, s.old_price, s.discount, s.image, s.color_thumbnails, s.sizes, s.colors, s.stock, s.stock_detail, s.deleted, s.updated_at';
/** The same columns for drizzle's `sql` templates. */
const snapshotColumns = sql.raw(snapshotColumnList);

/** A snapshot from a plain SQL row (timestamps may come as text: the drivers are told to leave them). */
export function snapshotOfRow(row: Record<string, unknown>): ProductSnapshotRow {
  const at = row.updated_at;
  return {
    productId: row.product_id as string,
    code: row.code as string,
    name: row.name as string,
    price: row.price as number,
    oldPrice: row.old_price as number,
    discount: row.discount as number,
    image: row.image as string | null,
    colorThumbnails: row.color_thumbnails as Record<string, string>,
    sizes: row.sizes as string[],
    colors: row.colors as string[],
    stock: row.stock as number,
    stockDetail: row.stock_detail as Record<string, number>,
    deleted: row.deleted as boolean,
    updatedAt: at instanceof Date ? at : new Date(at as string),
  };
}

/** The stored copy in the terms of a catalog answer. */
export function productOfSnapshot(row: ProductSnapshotRow): CatalogProduct {
  return {
    id: row.productId,
    code: row.code,
    name: row.name,
    price: row.price,
    oldPrice: row.oldPrice,
    discount: row.discount,
    image: row.image,
    colorThumbnails: row.colorThumbnails,
    sizes: row.sizes,
    colors: row.colors,
    stock: row.stock,
    stockDetail: row.stockDetail,
  };
}

/** Marks a product gone: lines keep it (shown unavailable) until the shopper removes them. */
export async function markSnapshotDeleted(db: Executor, productId: string, now: Date): Promise<void> {
  await db.update(productSnapshots).set({ deleted: true, updatedAt: now }).where(eq(productSnapshots.productId, productId));
}

/** What a ProductChanged payload may carry besides the id (paise, as between services). */
export interface ProductChangeFacts {
  name?: string;
  price?: number;
  discount?: number;
  stock?: number;
  stockDetail?: Record<string, number>;
}

/**
 * Applies the facts a ProductChanged event carries, for when the catalog could not be asked:
 * price, name and stock stay right; sizes and colours wait for the next successful refresh.
 */
export async function applyProductChange(db: Executor, productId: string, facts: ProductChangeFacts, now: Date): Promise<void> {
  const current = await findSnapshot(db, productId);
  if (!current) return;
  const price = facts.price ?? current.price;
  const discount = facts.discount ?? current.discount;
  let oldPrice = current.oldPrice;
  if (facts.price !== undefined || facts.discount !== undefined) {
    oldPrice = discount >= 0 && discount <= 90 ? mrpFromPrice(price, discount) : Math.max(price, current.oldPrice);
  }
  const stockDetail = facts.stockDetail
    ? Object.fromEntries((current.sizes as string[]).map((s) => [s, facts.stockDetail![s] ?? 0]))
    : current.stockDetail;
  await db
    .update(productSnapshots)
    .set({ name: facts.name ?? current.name, price, discount, oldPrice, stock: facts.stock ?? current.stock, stockDetail, updatedAt: now })
    .where(eq(productSnapshots.productId, productId));
}

/** Whether the cart keeps a copy of the product (only then do its changes matter here). */
export async function hasSnapshot(db: Executor, productId: string): Promise<boolean> {
  const rows = await db.select({ productId: productSnapshots.productId }).from(productSnapshots).where(eq(productSnapshots.productId, productId));
  return rows.length > 0;
}

/** Units in stock for a size (or for the product when it has no sizes). */
export function stockFor(product: Pick<ProductFacts, 'sizes' | 'stock' | 'stockDetail'>, size: string | null): number {
  if (product.sizes.length === 0) return product.stock;
  if (size === null) return 0;
  return product.stockDetail[size] ?? 0;
}
