import { z } from 'zod';
import { withPageSizeAsLimit } from './paging';
import { MAX_DISCOUNT_PERCENT, rupeesToPaise } from './money';
import { gstMessages, HSN_PATTERN } from './gst';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE, BADGE_MAX_LENGTH, COLOR_PALETTE, DEFAULT_PAGE_SIZE, DESCRIPTION_MAX_LENGTH, MAX_PAGE_SIZE, MAX_PRICE_RUPEES, MAX_PRODUCT_IMAGES, MAX_STOCK, PRODUCT_CODE_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH, REVIEW_COMMENT_MAX_LENGTH, SEARCH_QUERY_MAX_LENGTH, SIZE_SETS, SIZE_SET_NAMES, type SizeSetName, catalogMessages, resolveColorName } from './catalog-rules';
import { resolveTagKey, TAG_KEYS, type TagKey } from './catalog-tags';
import { MAX_GUEST_MERGE_LINES } from './cart-rules';
export * from './catalog-rules';
export * from './catalog-tags';

// ---------------------------------------------------------------------------------------------
// Listing queries

export const PRICE_BANDS = ['all', 'under500', '500-1000', 'above1000'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

/** Price bands in paise, both ends inclusive (spec: "500 to 1000 inclusive"). */
export const PRICE_BAND_LIMITS: Record<PriceBand, { min?: number; max?: number }> = {
  all: {},
  under500: { max: 49_999 },
  '500-1000': { min: 50_000, max: 100_000 },
  above1000: { min: 100_001 },
};

export const PRODUCT_SORTS = ['popular', 'newest', 'price_asc', 'price_desc', 'discount', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** A filtered, paged listing, as the domain takes it (REST query strings and GraphQL filters both become this). */
export interface ProductQuery {
  /** Category index (0–15) or slug, as given; the service resolves it against its data. */
  category?: string;
  subcat?: string;
  tag?: TagKey;
  price: PriceBand;
  withDiscount: boolean;
  inStock: boolean;
  sort: ProductSort;
  /** Set by searches; ranks by relevance unless an explicit non-default sort is asked for. */
  search?: string;
  /** Search facets (decision 0059): a size the product offers, a colour it offers, a rating at least this (1–4). */
  size?: string;
  color?: string;
  minRating?: number;
  page: number;
  limit: number;
}

const queryText = z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'Each query parameter may be given once' }).trim().optional());

const pageParam = z.preprocess(
  (v) => (v === undefined || v === '' ? '1' : v),
  z.string({ error: catalogMessages.pageInvalid }).regex(/^\d{1,6}$/, { error: catalogMessages.pageInvalid }).transform(Number),
).refine((n) => n >= 1, { error: catalogMessages.pageInvalid });

const limitParam = (fallback: number, max: number, message: string) =>
  z
    .preprocess((v) => (v === undefined || v === '' ? String(fallback) : v), z.string({ error: message }).regex(/^\d{1,6}$/, { error: message }).transform(Number))
    .refine((n) => n >= 1 && n <= max, { error: message });

const flagParam = z.preprocess(
  (v) => (v === undefined || v === '' ? 'false' : v),
  z.enum(['true', 'false', '1', '0'], { error: catalogMessages.flagInvalid }).transform((v) => v === 'true' || v === '1'),
);

/** GET /products (and the filters /productsByTag and /search share). Unknown parameters are ignored. */
export const productListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, catalogMessages.limitInvalid),
  category: queryText,
  subcat: queryText,
  price: z.preprocess((v) => (v === undefined || v === '' ? 'all' : v), z.enum(PRICE_BANDS, { error: catalogMessages.priceBandInvalid })),
  discount: flagParam,
  inStock: flagParam,
  sort: z.preprocess((v) => (v === undefined || v === '' ? 'popular' : v), z.enum(PRODUCT_SORTS, { error: catalogMessages.sortInvalid })),
});
export type ProductListQueryInput = z.output<typeof productListQuerySchema>;

/** GET /productsByTag: the listing filters plus the tag (key or index; popular when absent). */
export const productTagQuerySchema = productListQuerySchema.extend({
  tag: z.preprocess(
    (v) => (v === undefined || v === '' ? 'popular' : v),
    z.string({ error: catalogMessages.unknownTag }).transform((v, ctx) => {
      const key = resolveTagKey(v);
      if (!key) {
        ctx.issues.push({ code: 'custom', message: catalogMessages.unknownTag, input: v });
        return z.NEVER;
      }
      return key;
    }),
  ),
});

/** The search text: trimmed, 1–100 characters. */
export const searchTextSchema = z
  .string({ error: catalogMessages.searchRequired })
  .trim()
  .min(1, { error: catalogMessages.searchRequired })
  .max(SEARCH_QUERY_MAX_LENGTH, { error: catalogMessages.searchTooLong });

/** Every size of every size set (a search's size filter takes one of them). */
export const ALL_SIZES: readonly string[] = [...new Set(Object.values(SIZE_SETS).flat())];

/** The rating facet's steps: that many stars and above. */
export const RATING_STEPS = [4, 3, 2, 1] as const;

/** A search's facet filters as given (REST query text or GraphQL fields), checked: a size, a palette colour, a rating step. */
export const searchFacetFilterSchema = z.object({
  size: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: catalogMessages.sizeFilterInvalid })
      .trim()
      .refine((v) => ALL_SIZES.includes(v), { error: catalogMessages.sizeFilterInvalid })
      .optional(),
  ),
  color: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: catalogMessages.colorFilterInvalid })
      .max(40, { error: catalogMessages.colorFilterInvalid })
      .transform((v, ctx) => {
        const name = resolveColorName(v);
        if (!name) {
          ctx.issues.push({ code: 'custom', message: catalogMessages.colorFilterInvalid, input: v });
          return z.NEVER;
        }
        return name;
      })
      .optional(),
  ),
  rating: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : String(v)),
    z
      .string({ error: catalogMessages.ratingFilterInvalid })
      .regex(/^[1-4]$/, { error: catalogMessages.ratingFilterInvalid })
      .transform(Number)
      .optional(),
  ),
});
export type SearchFacetFilter = z.output<typeof searchFacetFilterSchema>;

/** GET /search?q=: the listing filters plus the text, the facet filters, and `facets=true` for the facets. */
export const productSearchQuerySchema = productListQuerySchema.extend({
  q: z.preprocess((v) => (v === undefined ? '' : v), searchTextSchema),
  ...searchFacetFilterSchema.shape,
  facets: flagParam,
});

/** GET /search/suggest?q=: the text typed so far (1–100 characters). */
export const searchSuggestQuerySchema = z.object({
  q: z.preprocess((v) => (v === undefined ? '' : v), searchTextSchema),
});

/** Suggestions as a shopper types (decision 0060): products (price in rupees) and categories. */
export interface SearchSuggestions {
  query: string;
  products: Array<{ id: string; name: string; price: number; thumbnail: string | null; category: string }>;
  categories: Array<{ index: number; str: string; name: string }>;
}

/**
 * A search's facets (decision 0059): for each of category, price band, size, colour, rating and
 * stock, the values its matches hold under the filters asked for and how many matches hold each.
 * Counted over at most SEARCH_COUNT_CAP matches: `capped` says the counts are of the first 1,000
 * found, not of every match.
 */
export interface FacetValue {
  /** What the filter takes (a category slug, a price band, a size, a colour name, a rating step). */
  value: string;
  label: string;
  count: number;
}
export interface SearchFacets {
  counted: number;
  capped: boolean;
  categories: FacetValue[];
  priceBands: FacetValue[];
  sizes: FacetValue[];
  colors: FacetValue[];
  ratings: FacetValue[];
  /** How many of the counted matches are in stock. */
  inStock: number;
}

/** GET /admin/products: a page of every product, optionally matching a text; `pageSize` is read as `limit`. */
export const adminProductQuerySchema = z.preprocess(
  withPageSizeAsLimit,
  z.object({
    page: pageParam,
    limit: limitParam(ADMIN_DEFAULT_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE, catalogMessages.adminLimitInvalid),
    q: z.preprocess((v) => (v === '' ? undefined : v), searchTextSchema.optional()),
  }),
);

/**
 * Most product ids one internal look-up takes: a guest cart's lines, the largest batch a service
 * sends (decision 0097).
 */
export const MAX_PRODUCT_LOOKUP_IDS = MAX_GUEST_MERGE_LINES;

const LOOKUP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /internal/v1/products/lookup (internal token only): the products of up to
 * MAX_PRODUCT_LOOKUP_IDS ids in one answer, `{ success, products }` as GET /product/:id shows each;
 * ids the catalog does not have are simply not in it.
 */
export const productLookupSchema = z.object({
  ids: z
    .array(z.string().trim().regex(LOOKUP_ID, { error: catalogMessages.invalidProductId }).transform((v) => v.toLowerCase()), { error: 'ids must be a list of product ids' })
    .min(1, { error: 'ids must be a list of product ids' })
    .max(MAX_PRODUCT_LOOKUP_IDS, { error: `At most ${MAX_PRODUCT_LOOKUP_IDS} product ids can be looked up at once` }),
});
export type ProductLookup = z.output<typeof productLookupSchema>;

/** GET /admin/products/low-stock: a page of the staff list (decision 0057). */
export const lowStockQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(ADMIN_DEFAULT_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE, catalogMessages.adminLimitInvalid),
});

// ---------------------------------------------------------------------------------------------
// Product creation and update

const absent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Runs `schema` and reports its first message as this field's (so messages read as written). */
function check<T extends z.ZodType>(schema: T, v: unknown, ctx: z.core.$RefinementCtx): z.output<T> | typeof z.NEVER {
  const result = schema.safeParse(v);
  if (result.success) return result.data;
  ctx.issues.push({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid value', input: v });
  return z.NEVER;
}

/** A field that must be present and not blank. */
const required = <T extends z.ZodType>(schema: T, message: string) =>
  z.unknown().transform((v, ctx): z.output<T> => {
    if (absent(v)) {
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    return check(schema, v, ctx);
  });

/** A field that may be left out (absent, null or blank all mean "not given"). */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .transform((v, ctx): z.output<T> | undefined => (absent(v) ? undefined : check(schema, v, ctx)))
    .optional();

/** On update: left out keeps the stored value; sent blank is refused like a missing required field. */
const updatable = <T extends z.ZodType>(schema: T, message: string) =>
  z.unknown().transform((v, ctx): z.output<T> | undefined => {
    if (v === undefined) return undefined;
    if (absent(v)) {
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    return check(schema, v, ctx);
  })
    .optional();

/** Text that is trimmed and at most `max` long; numbers are taken as their digits. */
const text = (max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: tooLong }).trim().max(max, { error: tooLong }));

/** A number sent as a number or as text from a form ("499.50", "20%"). */
const numberLike = (message: string, { percent = false } = {}) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const t = percent ? v.trim().replace(/%$/, '').trim() : v.trim();
    return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
  }, z.number({ error: message }).refine(Number.isFinite, { error: message }));

const priceSchema = numberLike(catalogMessages.priceInvalid)
  .refine((v) => v > 0 && v <= MAX_PRICE_RUPEES, { error: catalogMessages.priceInvalid })
  .transform(rupeesToPaise)
  .refine((p) => p >= 1, { error: catalogMessages.priceInvalid });

const stockSchema = numberLike(catalogMessages.stockInvalid).refine((v) => Number.isInteger(v) && v >= 0 && v <= MAX_STOCK, {
  error: catalogMessages.stockInvalid,
});

const discountSchema = numberLike(catalogMessages.discountInvalid, { percent: true }).refine(
  (v) => Number.isInteger(v) && v >= 0 && v <= MAX_DISCOUNT_PERCENT,
  { error: catalogMessages.discountInvalid },
);

/** A category given as its index (number or digits) or slug. */
const categoryKeySchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v),
  z.string({ error: catalogMessages.unknownCategory }).trim().max(60, { error: catalogMessages.unknownCategory }),
);

const listOf = <T extends z.ZodType>(item: T, max: number, tooMany: string) =>
  z.array(item, { error: catalogMessages.listInvalid }).max(max, { error: tooMany });

const tagsSchema = listOf(z.union([z.string(), z.number()]), TAG_KEYS.length * 2, catalogMessages.unknownTag).transform((values, ctx) => {
  const keys: TagKey[] = [];
  for (const v of values) {
    const key = resolveTagKey(v);
    if (!key) {
      ctx.issues.push({ code: 'custom', message: `${catalogMessages.unknownTag}: ${String(v)}`, input: v });
      return z.NEVER;
    }
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
});

/** An image the media service stored (a /media/ path) or an http(s) URL. */
export function isProductImageUrl(value: string): boolean {
  if (value.length > 500 || /\s/.test(value) || value.includes('..')) return false;
  if (/^\/media\/[A-Za-z0-9._/-]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const imagesSchema = listOf(
  z.string({ error: catalogMessages.invalidImage }).trim().refine(isProductImageUrl, { error: catalogMessages.invalidImage }),
  MAX_PRODUCT_IMAGES,
  catalogMessages.tooManyImages,
);

const sizesSchema = listOf(
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: catalogMessages.sizeNotOffered }).trim().min(1).max(20)),
  20,
  catalogMessages.sizeNotOffered,
).transform((v) => [...new Set(v)]);

const colorsSchema = listOf(z.string({ error: catalogMessages.unknownColor }), COLOR_PALETTE.length, catalogMessages.unknownColor).transform((values, ctx) => {
  const names: string[] = [];
  for (const v of values) {
    const name = resolveColorName(v);
    if (!name) {
      ctx.issues.push({ code: 'custom', message: `${catalogMessages.unknownColor}: ${v}`, input: v });
      return z.NEVER;
    }
    if (!names.includes(name)) names.push(name);
  }
  return names;
});

/**
 * Pictures per colour: `{ "Red": [url, …] }` (REST) or `[{ color: "Red", images: [url, …] }]`
 * (GraphQL); colour names resolved like `colors`, at most 5 pictures each, colours without pictures left out.
 */
const colorImagesSchema = z
  .union([z.array(z.object({ color: z.string(), images: z.unknown() })), z.record(z.string(), z.unknown())], { error: catalogMessages.colorImagesInvalid })
  .transform((value, ctx) => {
    const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((e) => [e.color, e.images]) : Object.entries(value);
    const out: Record<string, string[]> = {};
    for (const [rawColor, rawImages] of entries) {
      const color = resolveColorName(rawColor);
      if (!color) {
        ctx.issues.push({ code: 'custom', message: `${catalogMessages.unknownColor}: ${rawColor}`, input: rawColor });
        return z.NEVER;
      }
      const images = imagesSchema.safeParse(rawImages ?? []);
      if (!images.success) {
        ctx.issues.push({ code: 'custom', message: images.error.issues[0]?.message ?? catalogMessages.colorImagesInvalid, input: rawImages });
        return z.NEVER;
      }
      if (images.data.length > 0) out[color] = images.data;
    }
    return out;
  });

/** Stock per size: `{ "M": 4 }` (REST) or `[{ size: "M", stock: 4 }]` (GraphQL). */
const stockDetailSchema = z
  .union(
    [
      z.array(z.object({ size: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string()), stock: z.unknown() })),
      z.record(z.string(), z.unknown()),
    ],
    { error: catalogMessages.stockInvalid },
  )
  .transform((value, ctx) => {
    const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((e) => [e.size, e.stock]) : Object.entries(value);
    const out: Record<string, number> = {};
    for (const [rawSize, rawStock] of entries) {
      const size = rawSize.trim();
      const parsed = stockSchema.safeParse(rawStock);
      if (!size || !parsed.success) {
        ctx.issues.push({ code: 'custom', message: `Stock for size ${size || '(blank)'} must be a whole number, 0 or more`, input: rawStock });
        return z.NEVER;
      }
      out[size] = parsed.data;
    }
    return out;
  });

const nameSchema = text(PRODUCT_NAME_MAX_LENGTH, catalogMessages.nameTooLong);
const codeSchema = text(PRODUCT_CODE_MAX_LENGTH, catalogMessages.codeTooLong);
const descriptionSchema = text(DESCRIPTION_MAX_LENGTH, catalogMessages.descriptionTooLong);
const subcatSchema = text(60, catalogMessages.unknownSubcat);
const badgeSchema = text(BADGE_MAX_LENGTH, catalogMessages.badgeTooLong);

/** An HSN code: 4, 6 or 8 digits (decision 0046); spaces around it are dropped. */
const hsnSchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: gstMessages.badHsn }).regex(HSN_PATTERN, { error: gstMessages.badHsn }),
);

/**
 * POST /admin/product/create: the spec's creation payload (money in rupees; `id` is the product
 * code). Fields come in the order the spec lists the required ones (name, id, price, description,
 * category, stock), so the first message is the one the form shows first. Anything else in a body
 * (rating, reviews, _id, …) is dropped, never written.
 */
export const productCreateSchema = z
  .object(
    {
      name: required(nameSchema, catalogMessages.nameRequired),
      id: required(codeSchema, catalogMessages.codeRequired),
      price: required(priceSchema, catalogMessages.priceRequired),
      description: required(descriptionSchema, catalogMessages.descriptionRequired),
      category: required(categoryKeySchema, catalogMessages.categoryRequired),
      // Without sizes the total must be given; with sizes it is the sum of the per-size stock.
      stock: optional(stockSchema),
      subcat: optional(subcatSchema),
      discount: optional(discountSchema),
      tags: optional(tagsSchema),
      image: optional(imagesSchema),
      size: optional(sizesSchema),
      colors: optional(colorsSchema),
      colorImages: optional(colorImagesSchema),
      stockDetail: optional(stockDetailSchema),
      badge: optional(badgeSchema),
      hsnCode: optional(hsnSchema),
    },
    { error: 'The request body must be a JSON object' },
  )
  .transform((v, ctx) => {
    if (v.stock === undefined && !(v.size && v.size.length > 0)) {
      ctx.issues.push({ code: 'custom', message: catalogMessages.stockRequired, input: v.stock, path: ['stock'] });
      return z.NEVER;
    }
    return {
      code: v.id,
      name: v.name,
      pricePaise: v.price,
      description: v.description,
      category: v.category,
      subcat: v.subcat,
      stock: v.stock ?? 0,
      discount: v.discount ?? 0,
      tags: v.tags ?? [],
      images: v.image ?? [],
      sizes: v.size ?? [],
      colors: v.colors ?? [],
      colorImages: v.colorImages ?? {},
      stockDetail: v.stockDetail ?? {},
      badge: v.badge || null,
      /** Null: the category's default code. */
      hsnCode: v.hsnCode ?? null,
    };
  });
export type ProductCreateInput = z.output<typeof productCreateSchema>;

/**
 * PUT /admin/product/:id: every field optional; the product code cannot change (an `id` in the
 * body is ignored). A required field sent blank is refused with the same message as on create;
 * lists sent as null or empty mean "none"; a badge sent blank is removed.
 */
export const productUpdateSchema = z
  .object(
    {
      name: updatable(nameSchema, catalogMessages.nameRequired),
      price: updatable(priceSchema, catalogMessages.priceRequired),
      description: updatable(descriptionSchema, catalogMessages.descriptionRequired),
      category: updatable(categoryKeySchema, catalogMessages.categoryRequired),
      stock: updatable(stockSchema, catalogMessages.stockRequired),
      subcat: optional(subcatSchema),
      discount: optional(discountSchema),
      tags: listUpdate(tagsSchema),
      image: listUpdate(imagesSchema),
      size: listUpdate(sizesSchema),
      colors: listUpdate(colorsSchema),
      colorImages: z
        .unknown()
        .transform((v, ctx) => (v === undefined ? undefined : check(colorImagesSchema, v === null || v === '' ? {} : v, ctx)))
        .optional(),
      stockDetail: z
        .unknown()
        .transform((v, ctx) => (v === null || v === '' ? {} : check(stockDetailSchema, v, ctx)))
        .optional(),
      badge: z
        .unknown()
        .transform((v, ctx) => (absent(v) ? null : check(badgeSchema, v, ctx)))
        .optional(),
      // Sent blank: back to the category's default code.
      hsnCode: z
        .unknown()
        .transform((v, ctx) => (v === undefined ? undefined : absent(v) ? null : check(hsnSchema, v, ctx)))
        .optional(),
    },
    { error: 'The request body must be a JSON object' },
  )
  .transform((v) => ({
    name: v.name,
    pricePaise: v.price,
    description: v.description,
    category: v.category,
    subcat: v.subcat,
    stock: v.stock,
    discount: v.discount,
    tags: v.tags,
    images: v.image,
    sizes: v.size,
    colors: v.colors,
    colorImages: v.colorImages,
    stockDetail: v.stockDetail,
    badge: v.badge,
    hsnCode: v.hsnCode,
  }));
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

/** A list on update: left out keeps it, null or blank empties it. */
function listUpdate<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((v, ctx): z.output<T> | undefined => {
    if (v === undefined) return undefined;
    return check(schema, v === null || v === '' ? [] : v, ctx);
  }).optional();
}

// ---------------------------------------------------------------------------------------------
// Reviews

const ratingSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? catalogMessages.ratingRequired : catalogMessages.ratingInvalid) })
    .int({ error: catalogMessages.ratingInvalid })
    .min(1, { error: catalogMessages.ratingInvalid })
    .max(5, { error: catalogMessages.ratingInvalid }),
);

const commentSchema = z
  .string({ error: catalogMessages.commentRequired })
  .trim()
  .min(1, { error: catalogMessages.commentRequired })
  .max(REVIEW_COMMENT_MAX_LENGTH, { error: catalogMessages.commentTooLong });

/** PUT /review: one review per user and product; a second one replaces the first. */
export const reviewSchema = z.object(
  {
    rating: ratingSchema,
    comment: commentSchema,
    productId: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: catalogMessages.invalidProductId }).trim().min(1, { error: catalogMessages.invalidProductId })),
  },
  { error: catalogMessages.ratingRequired },
);
export type ReviewInput = z.output<typeof reviewSchema>;

/** Reviews a page of the staff moderation list shows unless asked for another size. */
export const REVIEWS_PER_ADMIN_PAGE = 20;

/**
 * GET /admin/reviews without `id` (and the GraphQL moderation list): every review, newest first,
 * filtered by `rating` (1–5) and `productId`, searched by `q` (comment, reviewer or product name).
 */
export const adminReviewsQuerySchema = z.object({
  q: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: catalogMessages.reviewSearchInvalid })
      .trim()
      .max(100, { error: catalogMessages.reviewSearchInvalid })
      .optional()
      .transform((v) => (v ? v : undefined)),
  ),
  rating: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), ratingSchema.optional()),
  productId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: catalogMessages.invalidProductId })
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: catalogMessages.invalidProductId })
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
  page: z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), pageParam),
  limit: z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), limitParam(REVIEWS_PER_ADMIN_PAGE, 100, catalogMessages.reviewLimitInvalid)),
});
export type AdminReviewsQuery = z.output<typeof adminReviewsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Category administration

export const CATEGORY_NAME_MAX_LENGTH = 60;

const categoryName = z
  .string({ error: catalogMessages.categoryNameRequired })
  .trim()
  .min(1, { error: catalogMessages.categoryNameRequired })
  .max(CATEGORY_NAME_MAX_LENGTH, { error: catalogMessages.categoryNameTooLong });
const categoryFlag = z.boolean({ error: catalogMessages.categoryFlagInvalid });
const categoryFields = {
  colors: categoryFlag.optional(),
  ssize: categoryFlag.optional(),
  sizeSet: z.enum(SIZE_SET_NAMES as [SizeSetName, ...SizeSetName[]], { error: catalogMessages.sizeSetInvalid }).optional(),
  image: z
    .string({ error: catalogMessages.invalidImage })
    .trim()
    .refine((v) => v === '' || isProductImageUrl(v), { error: catalogMessages.invalidImage })
    .optional(),
  /** 0-based place among its siblings; past the end means last. */
  position: z.number({ error: catalogMessages.positionInvalid }).int({ error: catalogMessages.positionInvalid }).min(0, { error: catalogMessages.positionInvalid }).max(1000, { error: catalogMessages.positionInvalid }).optional(),
  hidden: categoryFlag.optional(),
};

/** POST /admin/categories: a top-level category, or a subcategory of `parentId`. */
export const categoryCreateSchema = z.object(
  {
    name: categoryName,
    parentId: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v), z.string({ error: catalogMessages.categoryNotFound }).trim().max(20).optional()),
    ...categoryFields,
  },
  { error: catalogMessages.categoryNameRequired },
);
export type CategoryCreateInput = z.output<typeof categoryCreateSchema>;

/** PUT /admin/categories/{id}: what changes (a subcategory takes name, position and hidden). */
export const categoryUpdateSchema = z.object({ name: categoryName.optional(), ...categoryFields }, { error: catalogMessages.categoryNameRequired });
export type CategoryUpdateInput = z.output<typeof categoryUpdateSchema>;
