import {
  catalogMessages,
  COLOR_PALETTE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_MAX_PAGE_SIZE,
  paiseToRupees,
  rateBpToPercent,
  productCreateSchema,
  productUpdateSchema,
  resolveTagKey,
  reviewSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  adminReviewsQuerySchema,
  moderateReviewSchema,
  reviewModerationMessages,
  reviewStatusFilterSchema,
  searchTextSchema,
  searchFacetFilterSchema,
  type PriceBand,
  type ProductQuery,
  type ProductSort,
  type TagKey,
  notifyMessages,
} from '@shop/proto-contracts';
import { createGstRate, deleteGstRate, effectiveHsnOf, gstRules, listGstRates, rateOfProduct, toGstRateView, updateGstRate } from '../domain/gst-rate.service';
import type { GraphQLResolveInfo } from 'graphql';
import { isSubscribed, subscribeToRestock, unsubscribeFromRestock } from '../domain/back-in-stock.service';
import { assertLoggedIn, assertRole, badRequest, type GraphQLContext, type SubgraphResolvers } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { catalogStats } from '../domain/catalog-stats.service';
import { isUuid } from '../domain/catalog-errors';
import { listCategoriesWithCounts, productCountOf } from '../domain/category-listing.service';
import type { Category } from '../domain/category.directory';
import { createProduct, deleteProduct, updateProduct } from '../domain/product-admin.service';
import { findProduct, listProducts, listProductsForStaff, relatedProducts, searchProducts } from '../domain/product-listing.service';
import { suggestSearch } from '../domain/search-suggest.service';
import { mrpOf, stockBySize, subcategoryOf, thumbnailOf, type Product, type ProductPage } from '../domain/product.model';
import { reviewMessage, toGraphqlReview } from '../domain/review.model';
import { listLowStock } from '../domain/low-stock.service';
import { createCategory, deleteCategory, updateCategory, type ChangedCategory } from '../domain/category-admin.service';
import { deleteReview, findUserReview, listAllReviews, listReviews, moderateReview, reviewPage, upsertReview } from '../domain/review.service';
import { parseInput } from '../parse-input';
import { productLoaderOf } from './product-loader';

type Args = Record<string, any>;

/** GraphQL sends absent optional input fields as null; the shared schemas read them as not given. */
const withoutNulls = (input: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== null));

/** The payload of a category change: the category, or the subcategory and its category. */
function categoryPayload(message: string, changed: ChangedCategory) {
  return changed.kind === 'category'
    ? { success: true, message, category: changed.category, subcategory: null }
    : { success: true, message, category: changed.parent, subcategory: changed.subcategory };
}

/**
 * The Product type of the subgraph (related, reviewList and myReview have their own resolvers).
 * Each field is worked out when a query asks for it (a listing card asks for 7 of 24), from the
 * stored product (decision 0039); the values are those the fields always had.
 */
class GraphqlProduct {
  constructor(private readonly p: Product) {}
  get id() { return this.p.id; }
  get _id() { return this.p.id; }
  get code() { return this.p.code; }
  get name() { return this.p.name; }
  get price() { return paiseToRupees(this.p.price); }
  get oldPrice() { return paiseToRupees(mrpOf(this.p)); }
  get discount() { return this.p.discount; }
  get description() { return this.p.description; }
  get image() { return this.p.images; }
  get thumbnail() { return thumbnailOf(this.p.images); }
  get category() { return this.p.category; }
  get subcat() { return subcategoryOf(this.p); }
  get size() { return this.p.sizes; }
  get colors() { return this.p.colors; }
  get colorImages() { return Object.entries(this.p.colorImages).map(([color, images]) => ({ color, images })); }
  get stock() { return this.p.stock; }
  get stockDetail() { return stockBySize(this.p); }
  get rating() { return this.p.rating; }
  get reviews() { return this.p.reviewCount; }
  get badge() { return this.p.badge; }
  get tags() { return this.p.tags; }
  get hsnCode() { return effectiveHsnOf(this.p, this.p.category.name); }
  get rawPrice() { return this.p.price; }
  get createdAt() { return this.p.createdAt.toISOString(); }
  get updatedAt() { return this.p.updatedAt.toISOString(); }
  get categoryId() { return this.p.categoryId; }
}

export function toGraphqlProduct(p: Product): GraphqlProduct {
  return new GraphqlProduct(p);
}


const graphqlPage = (page: ProductPage & { didYouMean?: string | null; corrected?: boolean }) => ({
  ...page,
  didYouMean: page.didYouMean ?? null,
  corrected: page.corrected ?? false,
  products: page.products.map(toGraphqlProduct),
});

const priceBands: Record<string, PriceBand> = { all: 'all', under500: 'under500', from500to1000: '500-1000', above1000: 'above1000' };
const sorts: Record<string, ProductSort> = {
  popular: 'popular',
  newest: 'newest',
  priceLowToHigh: 'price_asc',
  priceHighToLow: 'price_desc',
  discount: 'discount',
  rating: 'rating',
};

function pagingOf(args: Args, fallback: number, max: number, limitMessage: string) {
  const page = args.page ?? 1;
  // pageSize, when given, over limit (which has a default in the schema); both 1–max.
  const limit = args.pageSize ?? args.limit ?? fallback;
  if (!Number.isInteger(page) || page < 1) throw badRequest(catalogMessages.pageInvalid);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw badRequest(limitMessage);
  return { page: page as number, limit: limit as number };
}

function tagOf(value: unknown): TagKey {
  const tag = resolveTagKey(value);
  if (!tag) throw badRequest(`${catalogMessages.unknownTag}: ${String(value)}`);
  return tag;
}

/** A GraphQL ProductFilter with paging, as the domain takes it (the same checks as REST). */
function queryOf(args: Args): ProductQuery {
  const f = (args.filter ?? {}) as Args;
  const blank = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  return {
    category: blank(f.category),
    subcat: blank(f.subcat),
    tag: blank(f.tag) !== undefined ? tagOf(f.tag) : undefined,
    price: priceBands[f.price ?? 'all'] ?? 'all',
    withDiscount: Boolean(f.withDiscount),
    inStock: Boolean(f.inStock),
    sort: sorts[f.sort ?? 'popular'] ?? 'popular',
    ...facetFiltersOf(f),
    ...pagingOf(args, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, catalogMessages.limitInvalid),
  };
}

/** A search's facet filters (size, color, minRating), checked as REST checks them. */
function facetFiltersOf(f: Args): Pick<ProductQuery, 'size' | 'color' | 'minRating'> {
  const given = parseInput(searchFacetFilterSchema, { size: f.size, color: f.color, rating: f.minRating });
  return {
    ...(given.size !== undefined ? { size: given.size } : {}),
    ...(given.color !== undefined ? { color: given.color } : {}),
    ...(given.rating !== undefined ? { minRating: given.rating } : {}),
  };
}

/** The GraphQL PriceBand of a REST price band (facet values are what ProductFilter takes). */
const graphqlBands: Record<string, string> = { under500: 'under500', '500-1000': 'from500to1000', above1000: 'above1000' };

/** Whether the query selects `facets` on the page (only then are they counted). */
function asksFacets(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.some((node) => node.selectionSet?.selections.some((s) => s.kind === 'Field' && s.name.value === 'facets'));
}

/** GraphQL's ProductInput in the shape of the spec's creation payload (`code` is the REST `id`). */
function creationPayloadOf(input: Args) {
  const { code, ...rest } = input;
  return { ...rest, id: code };
}

/** The catalog subgraph: the same domain functions as the REST routes, the same role checks. */
export function catalogResolvers(deps: CatalogDeps): SubgraphResolvers {
  const staff = (ctx: GraphQLContext) => assertRole(ctx, 'admin', 'emp');

  return {
    Query: {
      categories: () => listCategoriesWithCounts(deps),
      category: async (_p: unknown, args: Args) => (await deps.categories.resolve(String(args.key))) ?? null,
      colorPalette: () => COLOR_PALETTE,
      products: async (_p: unknown, args: Args) => graphqlPage(await listProducts(deps, queryOf(args))),
      productsByTag: async (_p: unknown, args: Args) => graphqlPage(await listProducts(deps, { ...queryOf(args), tag: tagOf(args.tag) })),
      stockNoticeSubscribed: (_p: unknown, args: Args, ctx: GraphQLContext) => isSubscribed(deps, assertLoggedIn(ctx).userId, String(args.productId)),
      product: async (_p: unknown, args: Args) => {
        const product = await findProduct(deps, String(args.id));
        return product ? toGraphqlProduct(product) : null;
      },
      searchProducts: async (_p: unknown, args: Args, _ctx: unknown, info: GraphQLResolveInfo) => {
        const search = parseInput(searchTextSchema, args.query);
        const page = await searchProducts(deps, { ...queryOf(args), search }, { facets: asksFacets(info) });
        const facets = page.facets && { ...page.facets, priceBands: page.facets.priceBands.map((b) => ({ ...b, value: graphqlBands[b.value] ?? b.value })) };
        return { ...graphqlPage(page), facets: facets ?? null };
      },
      searchSuggestions: async (_p: unknown, args: Args) => suggestSearch(deps, parseInput(searchTextSchema, args.query)),
      adminProducts: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        const paging = pagingOf(args, ADMIN_DEFAULT_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE, catalogMessages.adminLimitInvalid);
        const q = typeof args.query === 'string' && args.query.trim() ? parseInput(searchTextSchema, args.query) : undefined;
        return graphqlPage(await listProductsForStaff(deps, { ...paging, q }));
      },
      adminReviews: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        return (await listReviews(deps, String(args.productId))).map(toGraphqlReview);
      },
      gstRates: async (_p: unknown, _a: Args, ctx: GraphQLContext) => {
        staff(ctx);
        return (await listGstRates(deps)).map(toGstRateView);
      },
      adminCategories: async (_p: unknown, _a: Args, ctx: GraphQLContext) => {
        staff(ctx);
        return listCategoriesWithCounts(deps, { includeHidden: true });
      },
      adminReviewList: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        const { status } = parseInput(reviewStatusFilterSchema, args);
        const page = await listAllReviews(deps, { ...parseInput(adminReviewsQuerySchema, args), status });
        return { ...page, reviews: page.reviews.map(toGraphqlReview) };
      },
      adminLowStock: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        return listLowStock(deps, pagingOf(args, ADMIN_DEFAULT_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE, catalogMessages.adminLimitInvalid));
      },
      catalogStats: async (_p: unknown, _a: Args, ctx: GraphQLContext) => {
        staff(ctx);
        return catalogStats(deps);
      },
    },
    Mutation: {
      subscribeStockNotice: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        await subscribeToRestock(deps, assertLoggedIn(ctx), String(args.productId));
        return { success: true, message: notifyMessages.subscribed, subscribed: true };
      },
      cancelStockNotice: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        await unsubscribeFromRestock(deps, assertLoggedIn(ctx).userId, String(args.productId));
        return { success: true, message: notifyMessages.cancelled, subscribed: false };
      },
      upsertReview: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const p = assertLoggedIn(ctx);
        const input = parseInput(reviewSchema, args);
        const { review, created, product } = await upsertReview(deps, { userId: p.userId, name: p.name }, input);
        return {
          success: true,
          message: reviewMessage(review.status, created),
          review: toGraphqlReview(review),
          product: toGraphqlProduct(product),
        };
      },
      createProduct: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        const product = await createProduct(deps, parseInput(productCreateSchema, creationPayloadOf(args.input ?? {})));
        return { success: true, message: catalogMessages.productCreated, product: toGraphqlProduct(product) };
      },
      updateProduct: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        const product = await updateProduct(deps, String(args.id), parseInput(productUpdateSchema, args.input ?? {}));
        return { success: true, message: catalogMessages.productUpdated, product: toGraphqlProduct(product) };
      },
      deleteProduct: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        await deleteProduct(deps, String(args.id));
        return { success: true, message: catalogMessages.productDeleted };
      },
      createCategory: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        return categoryPayload(catalogMessages.categoryCreated, await createCategory(deps, parseInput(categoryCreateSchema, withoutNulls(args.input))));
      },
      updateCategory: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        const input = parseInput(categoryUpdateSchema, withoutNulls(args.input));
        return categoryPayload(catalogMessages.categoryUpdated, await updateCategory(deps, String(args.id), input));
      },
      deleteCategory: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        await deleteCategory(deps, String(args.id));
        return { success: true, message: catalogMessages.categoryDeleted };
      },
      createGstRate: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        return { success: true, rate: toGstRateView(await createGstRate(deps, withoutNulls(args.input))) };
      },
      updateGstRate: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        // An explicit null limit means "any value", as in REST.
        const input = { ...withoutNulls(args.input), ...(args.input && (args.input as Record<string, unknown>).upTo === null ? { upTo: null } : {}) };
        return { success: true, rate: toGstRateView(await updateGstRate(deps, String(args.id), input)) };
      },
      deleteGstRate: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        await deleteGstRate(deps, String(args.id));
        return { success: true, message: 'GST rate deleted' };
      },
      moderateReview: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        const decision = parseInput(moderateReviewSchema, { status: args.status, reason: args.reason });
        const review = await moderateReview(deps, String(args.reviewId), decision);
        return {
          success: true,
          message: decision.status === 'approved' ? reviewModerationMessages.approved : reviewModerationMessages.rejected,
          review: toGraphqlReview(review),
        };
      },
      deleteReview: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        staff(ctx);
        await deleteReview(deps, String(args.productId), String(args.reviewId));
        return { success: true, message: catalogMessages.reviewDeleted };
      },
    },
    Product: {
      __resolveReference: async (ref: { id: string }, ctx: GraphQLContext) => {
        if (!isUuid(ref.id)) return null;
        const product = await productLoaderOf(deps, ctx.req).load(ref.id);
        return product ? toGraphqlProduct(product) : null;
      },
      gstRate: async (parent: GraphqlProduct) => rateBpToPercent(rateOfProduct(await gstRules(deps), parent.hsnCode, parent.rawPrice)),
      related: async (parent: GraphqlProduct, args: Args) => (await relatedProducts(deps, { id: parent.id, categoryId: parent.categoryId }, args.limit ?? 4)).map(toGraphqlProduct),
      reviewList: async (parent: GraphqlProduct, args: Args) => {
        const page = await reviewPage(deps, parent.id, args.page ?? 1, args.limit ?? 10);
        return { ...page, reviews: page.reviews.map(toGraphqlReview) };
      },
      myReview: async (parent: GraphqlProduct, _a: Args, ctx: GraphQLContext) => {
        if (!ctx.principal) return null;
        const review = await findUserReview(deps, parent.id, ctx.principal.userId);
        return review ? toGraphqlReview(review) : null;
      },
    },
    Category: {
      productCount: (parent: Category & { productCount?: number }) => parent.productCount ?? productCountOf(deps, parent.id),
      hidden: (parent: Category) => Boolean(parent.hidden),
    },
    Subcategory: {
      hidden: (parent: { hidden?: boolean }) => Boolean(parent.hidden),
    },
  } as SubgraphResolvers;
}
