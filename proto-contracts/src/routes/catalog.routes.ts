/** The catalog service's REST routes: products, search, categories, reviews and their staff side (format: route-manifest.ts). */
import { z } from 'zod';
import {
  adminProductQuerySchema,
  adminReviewsQuerySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  lowStockQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productSearchQuerySchema,
  productTagQuerySchema,
  productUpdateSchema,
  reviewSchema,
  searchSuggestQuerySchema,
} from '../catalog';
import { moderateReviewSchema, reviewStatusFilterSchema } from '../reviews';
import { defineRoutes, idParams, ok, okMessage, productPageAnswer, textQuery, views } from './route-manifest';

const categories = z.array(z.looseObject({ index: z.number(), str: z.string() }));

export const catalogManifest = defineRoutes('catalog', {
  'GET /products': { access: 'public', summary: 'Product listing: page, category (index, key or name), subcat (key or name; any case and punctuation), price, discount, inStock, sort, limit', query: productListQuerySchema, response: productPageAnswer },
  'GET /productsByTag': { access: 'public', summary: 'Products of a tag (index 0–5 or key)', query: productTagQuerySchema, response: productPageAnswer },
  'GET /product/:id': { access: 'public', summary: 'One product, with the GST rate (percent) its price includes', params: idParams, response: ok({ product: views.product.extend({ gstRate: z.number() }) }) },
  'PUT /review': {
    access: 'login',
    summary: "Create or update the caller's review of a product; it waits for staff approval (status pending) unless REVIEWS_NEED_APPROVAL is false, and is shown to others once approved",
    body: reviewSchema,
    response: ok(),
  },
  'GET /categories': { access: 'public', summary: 'The top-level categories in order with their subcategories (hidden ones left out)', response: ok({ categories }) },
  'GET /search': {
    access: 'public',
    summary:
      'Typo-tolerant product search (q, 1–100 characters), counted up to 1,000 (productCountCapped); didYouMean and corrected; the listing filters and the facet filters size, color, rating; facets=true adds the facets of the matches (decision 0059)',
    query: productSearchQuerySchema,
    response: productPageAnswer.extend({ didYouMean: z.string().nullable(), corrected: z.boolean() }),
  },
  'GET /search/suggest': {
    access: 'public',
    summary: 'Suggestions as one types (q, 1–100 characters): at most 6 products and 4 categories (decision 0060)',
    query: searchSuggestQuerySchema,
    response: ok({ products: z.array(z.looseObject({ id: z.string(), name: z.string() })), categories: z.array(z.unknown()) }),
  },
  'GET /admin/products': { access: 'staff', summary: 'Every product, newest first, one page: q (part of a name or code), page (from 1), pageSize or limit (1–100, 20); ask pages up to totalPages for all of them. Each product has category as its index and categoryKey', query: adminProductQuerySchema, response: productPageAnswer },
  'GET /admin/products/low-stock': {
    access: 'staff',
    summary: 'Products with LOW_STOCK_THRESHOLD units or fewer, or a size that has, fewest first (page, limit 1–100, 20)',
    query: lowStockQuerySchema,
    response: ok({ threshold: z.number(), products: z.array(z.unknown()), totalProducts: z.number().int(), totalPages: z.number().int(), currentPage: z.number().int() }),
  },
  'POST /admin/product/create': { access: 'staff', summary: "Create a product; category by index, key or name and subcat by key or name, any case and punctuation ('home-kitchen', 'Home & Kitchen'; 'homeDecor', 'home_decor')", body: productCreateSchema, response: ok({ product: views.product }), status: [201], conflict: 'Another product has this code' },
  'PUT /admin/product/:id': { access: 'staff', summary: 'Update a product (category and subcat matched as on create)', params: idParams, body: productUpdateSchema, response: ok({ product: views.product }) },
  'DELETE /admin/product/:id': { access: 'staff', summary: 'Delete a product', params: idParams, response: okMessage },
  'GET /admin/reviews': {
    access: 'staff',
    summary:
      'With id: the reviews of that product. Without id: every review newest first (moderation), filtered by status (pending, approved, rejected), rating (1–5) and productId, searched by q, page, limit (1–100, 20)',
    query: reviewStatusFilterSchema.extend(adminReviewsQuerySchema.shape).extend({ id: z.string().optional() }),
    response: ok({ reviews: z.array(z.unknown()) }),
  },
  'DELETE /admin/reviews': { access: 'staff', summary: 'Delete a review (query productId, id)', query: textQuery('productId', 'id'), response: okMessage },
  'PUT /admin/review/:id': {
    access: 'staff',
    summary: 'Moderate a review: status approved (shown, counted in the rating) or rejected with a reason (3–300 characters) that its author sees',
    params: idParams,
    body: moderateReviewSchema,
    response: ok({ message: z.string(), review: z.unknown() }),
  },
  'GET /admin/categories': { access: 'staff', summary: 'Every category in order, hidden ones and hidden subcategories too', response: ok({ categories }) },
  'POST /admin/categories': {
    access: 'admin',
    summary: 'Add a category, or a subcategory with parentId; 409 when the name is taken',
    body: categoryCreateSchema,
    status: [201],
    conflict: 'The name is taken',
    response: ok({ category: z.looseObject({ id: z.string(), index: z.number(), str: z.string() }) }),
  },
  'PUT /admin/categories/:id': {
    access: 'admin',
    summary: "Rename, move (position), hide or show a category or subcategory ('12' or '12-3'); a category's image, colors, ssize, sizeSet",
    params: idParams,
    body: categoryUpdateSchema,
    response: ok(),
    conflict: 'The new name is taken',
  },
  'DELETE /admin/categories/:id': { access: 'admin', summary: 'Delete a category or subcategory; 409 while products use it', params: idParams, conflict: 'Products use it', response: ok() },
  'GET /admin/gst-rates': { access: 'staff', summary: 'The GST rate table (id, hsnPrefix, upTo in rupees per piece before tax or null, rate in percent, description); the longest matching prefix wins', response: ok({ rates: z.array(z.unknown()) }) },
  'POST /admin/gst-rates': {
    access: 'admin',
    summary: 'Add a rate (hsnPrefix 2/4/6/8 digits, upTo, rate one of 0, 0.25, 1.5, 3, 5, 18, 40, description); applies to orders placed after it; 409 when the prefix and limit exist',
    response: ok({ rate: z.unknown() }),
    status: [201],
    conflict: 'A rate with this prefix and limit exists',
  },
  'PUT /admin/gst-rates/:id': { access: 'admin', summary: 'Change a rate; orders placed before keep theirs', params: idParams, response: ok({ rate: z.unknown() }), conflict: 'A rate with this prefix and limit exists' },
  'DELETE /admin/gst-rates/:id': { access: 'admin', summary: 'Remove a rate', params: idParams, response: okMessage },
  // Notify me (decision 0069)
  'GET /product/:id/notify': { access: 'login', summary: 'Whether the caller is to be mailed when this product is back in stock: subscribed (true/false)', params: idParams, response: ok({ subscribed: z.boolean() }) },
  'POST /product/:id/notify': {
    access: 'login',
    summary: 'Mail me once when this out-of-stock product is back in stock (needs a verified email: 403 otherwise; 409 when it is in stock); answers subscribed: true',
    params: idParams,
    response: ok({ subscribed: z.boolean() }),
    status: [201],
    conflict: 'The product is in stock',
  },
  'DELETE /product/:id/notify': { access: 'login', summary: 'No mail about this product after all; answers subscribed: false', params: idParams, response: ok({ subscribed: z.boolean() }) },
});
