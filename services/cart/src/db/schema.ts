import { boolean, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The cart service's tables (created by db/migrations; this file only describes them to drizzle). */
export const cartSchema = pgSchema('cart');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The cart's local copy of a catalog product (money in paise). */
export const productSnapshots = cartSchema.table('product_snapshots', {
  productId: uuid('product_id').primaryKey(),
  code: text('code').notNull().default(''),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  oldPrice: integer('old_price').notNull(),
  discount: integer('discount').notNull().default(0),
  image: text('image'),
  /** Card picture per colour, for the colours that have their own. */
  colorThumbnails: jsonb('color_thumbnails').$type<Record<string, string>>().notNull().default({}),
  sizes: jsonb('sizes').$type<string[]>().notNull().default([]),
  colors: jsonb('colors').$type<string[]>().notNull().default([]),
  stock: integer('stock').notNull().default(0),
  stockDetail: jsonb('stock_detail').$type<Record<string, number>>().notNull().default({}),
  deleted: boolean('deleted').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ProductSnapshotRow = typeof productSnapshots.$inferSelect;

/** One line per product, size and colour of a user's cart (decision 0062). */
export const cartLines = cartSchema.table(
  'cart_lines',
  {
    lineId: uuid('line_id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    size: text('size'),
    color: text('color'),
    addedAt: ts('added_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
);
export type CartLineRow = typeof cartLines.$inferSelect;

/** Guest carts merged into an account: the first merge's answer, for a repeat of the same key. */
export const guestCartMerges = cartSchema.table(
  'guest_cart_merges',
  {
    userId: text('user_id').notNull(),
    mergeKey: uuid('merge_key').notNull(),
    result: jsonb('result').notNull(),
    mergedAt: ts('merged_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mergeKey] })],
);

export const wishlistItems = cartSchema.table(
  'wishlist_items',
  {
    userId: text('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
