import { bigint, boolean, integer, jsonb, numeric, pgSchema, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReservedLine, ReviewStatus, SizeSetName, SubcategoryDefinition, TagKey } from '@shop/proto-contracts';

/** The catalog service's tables (created by db/migrations; this file only describes them to drizzle). */
export const catalogSchema = pgSchema('catalog');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const categories = catalogSchema.table('categories', {
  id: text('id').primaryKey(),
  index: integer('idx').notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  image: text('image').notNull().default(''),
  colors: boolean('colors').notNull().default(false),
  ssize: boolean('ssize').notNull().default(false),
  sizeSet: text('size_set').$type<SizeSetName>().notNull().default('none'),
  subcategories: jsonb('subcategories').$type<SubcategoryDefinition[]>().notNull().default([]),
  hidden: boolean('hidden').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type CategoryRow = typeof categories.$inferSelect;

export const products = catalogSchema.table('products', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  /** Selling price in paise. */
  price: integer('price').notNull(),
  discount: integer('discount').notNull().default(0),
  description: text('description').notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  categoryId: text('category_id').notNull(),
  subcat: text('subcat'),
  sizes: jsonb('sizes').$type<string[]>().notNull().default([]),
  colors: jsonb('colors').$type<string[]>().notNull().default([]),
  /** Pictures per colour (detail-size URLs, at most 5 each); colours without an entry use `images`. */
  colorImages: jsonb('color_images').$type<Record<string, string[]>>().notNull().default({}),
  stock: integer('stock').notNull().default(0),
  stockDetail: jsonb('stock_detail').$type<Record<string, number>>().notNull().default({}),
  rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  badge: text('badge'),
  tags: text('tags').array().$type<TagKey[]>().notNull().default([]),
  /** HSN code given by staff (4, 6 or 8 digits); null: the category's default (decision 0046). */
  hsnCode: text('hsn_code'),
  searchText: text('search_text').notNull().default(''),
  // search_vector (generated from search_text) is used only in SQL of the search, in_stock
  // (generated: stock > 0, carried by the listing indexes) only in SQL of the listing filter.
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ProductRow = typeof products.$inferSelect;

/** GST rates by HSN prefix, with a limit per piece where the rate depends on the value (decision 0046). */
export const gstRates = catalogSchema.table('gst_rates', {
  id: uuid('id').primaryKey(),
  hsnPrefix: text('hsn_prefix').notNull(),
  upToPaise: bigint('up_to_paise', { mode: 'number' }),
  rateBp: integer('rate_bp').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type GstRateRow = typeof gstRates.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export const reviews = catalogSchema.table('reviews', {
  id: uuid('id').primaryKey(),
  productId: uuid('product_id').notNull(),
  userId: uuid('user_id').notNull(),
  userName: text('user_name').notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment').notNull(),
  /** pending until staff approve it (decision 0056); only approved reviews are shown and counted. */
  status: text('status').$type<ReviewStatus>().notNull().default('approved'),
  rejectionReason: text('rejection_reason'),
  moderatedAt: ts('moderated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ReviewRow = typeof reviews.$inferSelect;

export const verifiedPurchases = catalogSchema.table(
  'verified_purchases',
  {
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    orderId: uuid('order_id').notNull(),
    deliveredAt: ts('delivered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const pendingImages = catalogSchema.table('pending_images', {
  kind: text('kind').$type<'category' | 'product'>().notNull(),
  targetId: text('target_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Stock held for an order (id = the order id); released_at is set once, when the stock goes back. */
export const stockReservations = catalogSchema.table('stock_reservations', {
  id: uuid('id').primaryKey(),
  lines: jsonb('lines').$type<ReservedLine[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  releasedAt: ts('released_at'),
});
export type StockReservationRow = typeof stockReservations.$inferSelect;

/**
 * How many products each combination of the listing filters holds (maintained by triggers on
 * products; rows are deltas, summed when read and folded now and then, decision 0032).
 */
export const productFacets = catalogSchema.table('product_facets', {
  /** '' counts every product; otherwise the products carrying this tag. */
  tag: text('tag').notNull(),
  categoryId: text('category_id').notNull(),
  subcat: text('subcat'),
  /** 0 under ₹500, 1 ₹500–₹1,000, 2 above ₹1,000 (catalog.price_band). */
  priceBand: smallint('price_band').notNull(),
  discounted: boolean('discounted').notNull(),
  inStock: boolean('in_stock').notNull(),
  n: integer('n').notNull(),
});

/** Notify me (decision 0069): one row per shopper and product; notified_at once the mail is recorded. */
export const stockSubscriptions = catalogSchema.table('stock_subscriptions', {
  userId: uuid('user_id').notNull(),
  productId: uuid('product_id').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
});
export type StockSubscriptionRow = typeof stockSubscriptions.$inferSelect;
