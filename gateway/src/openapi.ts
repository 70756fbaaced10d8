import { z } from 'zod';
import {
  addAddressSchema,
  addToCartSchema,
  mergeGuestCartSchema,
  updateCartItemSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  changeOrderStatusSchema,
  checkCouponSchema,
  couponInputSchema,
  orderNoteSchema,
  moderateReviewSchema,
  addPhoneSchema,
  forgotPasswordSchema,
  subscribeNewsletterSchema,
  loginSchema,
  registerSchema,
  requestReturnSchema,
  returnQuoteSchema,
  resetPasswordSchema,
  resetPasswordWithOtpSchema,
  sendOtpSchema,
  setUserRoleSchema,
  updatePasswordSchema,
  updateProfileSchema,
  updateReturnSchema,
} from '@shop/proto-contracts';
import { routeTable, type Route } from './route-table';

type Access = 'open' | 'login' | 'staff' | 'admin';

interface Doc {
  summary: string;
  access: Access;
  body?: z.ZodType;
  multipart?: boolean;
  /** Query parameters (all optional, text). */
  query?: string[];
  /** Answers a PDF file rather than JSON. */
  pdf?: boolean;
  /** When the path answers 409, and why. */
  conflict?: string;
}

/** What each REST path does, who may call it and the body it takes (from the shared zod schemas). */
const docs: Record<string, Doc> = {
  'POST /register': { summary: 'Create an account (logs in: sets the session cookies)', access: 'open', body: registerSchema },
  'POST /login': { summary: 'Log in; sets httpOnly access and refresh cookies', access: 'open', body: loginSchema },
  'POST /logout': { summary: 'Log out; revokes the refresh token on the server', access: 'open' },
  'POST /refresh-token': { summary: 'Rotate the refresh token and issue a new access token', access: 'open' },
  'GET /profile': { summary: 'The logged-in user', access: 'login' },
  'PUT /profile/update': { summary: 'Update name and avatar (multipart, field avatar); a new email needs currentPassword and is confirmed by a mailed link', access: 'login', body: updateProfileSchema, multipart: true },
  'POST /email/confirm/:token': { summary: 'Confirm an email change with the token of the link mailed to the new address', access: 'open' },
  'POST /email/verification': { summary: "Mail a new verification link to the account's email (limited per address and account; 400 when verified already)", access: 'login' },
  'POST /email/verify/:token': { summary: "Verify the account's email with the token of the mailed link (GET /profile then shows emailVerifiedAt); opened in that account's logged-in session, also a fresh access token saying so (its next orders are mailed)", access: 'open' },
  'POST /addPhone': { summary: 'Add a 10-digit Indian mobile number', access: 'login', body: addPhoneSchema },
  'POST /addAddress': { summary: 'Add an address (6-digit PIN and details)', access: 'login', body: addAddressSchema },
  'PUT /password/update': { summary: 'Change the password (needs the current one)', access: 'login', body: updatePasswordSchema },
  'POST /password/forgot': { summary: 'Email a password-reset link', access: 'open', body: forgotPasswordSchema },
  'POST /reset/:token': { summary: 'Set a new password with the emailed link token', access: 'open', body: resetPasswordSchema },
  'POST /sendOTP': { summary: 'Email a 6-digit reset code (10 minutes, single use)', access: 'open', body: sendOtpSchema },
  'POST /password/reset-otp': { summary: 'Set a new password with the emailed code', access: 'open', body: resetPasswordWithOtpSchema },
  'GET /auth/providers': { summary: 'Sign-in providers the login page offers besides the password (Google when configured; else none)', access: 'open' },
  'GET /auth/oidc/start': { summary: 'Google sign-in: redirects the browser to the provider (returnTo: a path of the shop to land on)', access: 'open', query: ['returnTo'] },
  'GET /auth/oidc/callback': { summary: "Google sign-in: the provider's redirect back; sets the session cookies and redirects into the shop, or to /login?oidcError=<reason>", access: 'open', query: ['code', 'state', 'error'] },
  'POST /newsletter': { summary: 'Newsletter sign-up: mails a confirmation link (same answer whether or not subscribed)', access: 'open', body: subscribeNewsletterSchema },
  'GET /newsletter/confirm/:token': { summary: 'Confirm a newsletter sign-up (the link of the confirmation mail)', access: 'open' },
  'GET /newsletter/unsubscribe/:token': { summary: 'End a newsletter subscription (the link of every newsletter mail)', access: 'open' },
  'GET /admin/newsletter': { summary: 'Newsletter subscribers, 20 a page (status, page)', access: 'staff', query: ['status', 'page'] },
  'GET /admin/newsletter/export': { summary: 'Newsletter subscribers as CSV (status)', access: 'staff', query: ['status'] },
  'GET /admin/users': {
    summary: 'Find users, newest first: q (any part of a name or email, or phone digits), role, page, limit (1–100, 20). Answers users, totalUsers, totalPages, currentPage',
    access: 'admin',
    query: ['q', 'role', 'page', 'limit'],
  },
  'GET /admin/user/:id': { summary: 'One user', access: 'admin' },
  'PUT /admin/user/:id': { summary: "Change a user's role (user, emp, admin)", access: 'admin', body: setUserRoleSchema },
  'DELETE /admin/user/:id': { summary: 'Delete a user', access: 'admin' },
  'GET /products': { summary: 'Product listing: page, category, price, discount, inStock, sort, limit', access: 'open' },
  'GET /productsByTag': { summary: 'Products of a tag (index 0–5 or key)', access: 'open' },
  'GET /product/:id': { summary: 'One product', access: 'open' },
  'PUT /review': {
    summary: "Create or update the user's review of a product; it waits for staff approval (status pending) unless REVIEWS_NEED_APPROVAL is false, and is shown to others once approved",
    access: 'login',
  },
  'GET /categories': { summary: 'The top-level categories in order with their subcategories (hidden ones left out)', access: 'open' },
  'GET /search': {
    summary:
      "Typo-tolerant product search (q, 1–100 characters); counted up to 1,000: productCountCapped says productCount is a lower bound. didYouMean: the words corrected (corrected: true, the products were found through them) or, when nothing was found, a text that finds something (else null). The listing filters (category, subcat, price, discount, inStock, sort, page, limit) and the search's facet filters: size (one of the shop's sizes), color (a palette colour, any case), rating (1–4: that many stars and above); a bad value is a 400 naming it. facets=true adds facets: counted (at most 1,000), capped, and categories, priceBands, sizes, colors, ratings (each value, label, count) and inStock, of the matches under the filters asked for (decision 0059)",
    access: 'open',
    query: ['q', 'category', 'subcat', 'price', 'discount', 'inStock', 'sort', 'page', 'limit', 'size', 'color', 'rating', 'facets'],
  },
  'GET /search/suggest': {
    summary:
      "Suggestions as one types (q, 1–100 characters): products holding every word typed, the last as the start of a word, most popular first (at most 6: id, name, price in rupees, thumbnail, category), and visible categories with a word starting so (at most 4: index, str, name). No word of 2+ letters or digits: empty lists (decision 0060)",
    access: 'open',
    query: ['q'],
  },
  'GET /admin/products': { summary: 'All products (staff)', access: 'staff' },
  'GET /admin/products/low-stock': {
    summary: 'Products with LOW_STOCK_THRESHOLD units or fewer, or a size that has, fewest first (page, limit 1–100, 20): threshold, products (id, code, name, stock, lowSizes), totalProducts, totalPages, currentPage',
    access: 'staff',
    query: ['page', 'limit'],
  },
  'POST /admin/product/create': { summary: 'Create a product', access: 'staff' },
  'PUT /admin/product/:id': { summary: 'Update a product', access: 'staff' },
  'DELETE /admin/product/:id': { summary: 'Delete a product', access: 'staff' },
  'GET /admin/reviews': {
    summary:
      'With id: the reviews of that product. Without id: every review newest first (moderation), filtered by status (pending, approved, rejected; the queue is pending), rating (1–5) and productId, searched by q (comment, reviewer or product name), page, limit (1–100, 20); answers reviews (each with verifiedPurchase and productName), totalReviews, totalPages, currentPage',
    access: 'staff',
    query: ['id', 'q', 'status', 'rating', 'productId', 'page', 'limit'],
  },
  'DELETE /admin/reviews': { summary: 'Delete a review (productId, id)', access: 'staff' },
  'PUT /admin/review/:id': {
    summary: 'Moderate a review: status approved (shown, counted in the rating) or rejected with a reason (3–300 characters) that its author sees',
    access: 'staff',
    body: moderateReviewSchema,
  },
  'GET /admin/categories': { summary: 'Every category in order, hidden ones and hidden subcategories too', access: 'staff' },
  'POST /admin/categories': {
    summary: 'Add a category, or a subcategory with parentId; answers category (id, index, str as GET /categories shows them); 409 when the name is taken',
    access: 'admin',
    body: categoryCreateSchema,
  },
  'PUT /admin/categories/:id': {
    summary: "Rename, move (position), hide or show a category or subcategory ('12' or '12-3'); a category's image, colors, ssize, sizeSet",
    access: 'admin',
    body: categoryUpdateSchema,
  },
  'DELETE /admin/categories/:id': { summary: 'Delete a category or subcategory; 409 while products use it', access: 'admin' },
  'GET /admin/gst-rates': { summary: 'The GST rate table: rates (id, hsnPrefix, upTo in rupees per piece before tax or null, rate in percent, description); the longest matching prefix wins', access: 'staff' },
  'POST /admin/gst-rates': { summary: 'Add a rate (hsnPrefix 2/4/6/8 digits, upTo, rate one of 0, 0.25, 1.5, 3, 5, 18, 40, description); applies to orders placed after it; 409 when the prefix and limit exist', access: 'admin' },
  'PUT /admin/gst-rates/:id': { summary: 'Change a rate; orders placed before keep theirs', access: 'admin' },
  'DELETE /admin/gst-rates/:id': { summary: 'Remove a rate', access: 'admin' },
  // Cart lines are per product, size and colour (decision 0062); answers carry each line's lineId.
  'POST /addToCart': {
    summary:
      "Put the product in the cart as the line of its size and colour: a new line, or that line's quantity set (mode 'increase': raised by quantity). With lineId, that line's quantity is set. Answers productId, lineId, cartItems",
    access: 'login',
    body: addToCartSchema,
  },
  'GET /loadCart': { summary: 'The cart at current prices: cartItems (each with id = product id and its own lineId), totalItems, totalAmount, hasProblems', access: 'login' },
  'PUT /cart/updateItem': {
    summary: "Change a cart line's size or colour (the line keeps its lineId). The line is named by productId when the product has one line, else by lineId",
    access: 'login',
    body: updateCartItemSchema,
    conflict: 'The product has several lines and no lineId was sent, or another line already has that size and colour',
  },
  'DELETE /removeFromCart/:productId': {
    summary: 'Remove a cart line: the product’s only line, or the line given by the lineId query parameter',
    access: 'login',
    query: ['lineId'],
    conflict: 'The product has several lines and no lineId was sent',
  },
  'POST /cart/merge': {
    summary:
      "Merge the guest cart (mergeKey, at most 50 lines) into the caller's cart, capped by stock and 100 per line; answers message, results per line (requested, added, status merged/partial/refused, message) and cartItems. The same mergeKey again answers the first merge (replayed: true) and adds nothing",
    access: 'login',
    body: mergeGuestCartSchema,
  },
  'GET /wishlist': { summary: "The user's wishlist: per product productId, name, image, price, oldPrice, discountPercent, available, inStock, addedAt, sizeOptions, colorOptions, soldOutSizes", access: 'login' },
  'POST /wishlist': { summary: 'Add a product to the wishlist (productId)', access: 'login' },
  'DELETE /wishlist/:productId': { summary: 'Remove a product from the wishlist', access: 'login' },
  'POST /wishlist/:productId/move-to-cart': { summary: 'Move a wishlist product to the cart (optional quantity and properties { size, color }; without a size, the first size in stock: the shop asks the shopper when the product has sizes)', access: 'login' },
  'POST /new/order': { summary: 'Place a cash-on-delivery order (priced by the server)', access: 'login' },
  'GET /orders/user': { summary: "The user's orders", access: 'login' },
  'GET /order/:id': { summary: 'One order (buyer or staff)', access: 'login' },
  'POST /order/:id/cancel': { summary: 'Cancel own pending or processing order (stock goes back)', access: 'login' },
  'GET /orders/date': { summary: 'Orders of an Asia/Kolkata calendar day (date, page)', access: 'staff' },
  'GET /admin/orders': {
    summary:
      'Find orders, newest first: q (order number in any form — #FC7A0A, #C6FC7A0A, the full id, any case — or a buyer name or phone; a buyer email for admins only), status, payment (Pending, Paid, Refunded, Cancelled), from/to (Asia/Kolkata days, included), page, limit (1–100, 50). Answers orders, totalAmount (not cancelled, all pages), totalOrders, totalPages, currentPage',
    access: 'staff',
    query: ['q', 'status', 'payment', 'from', 'to', 'page', 'limit'],
  },
  'GET /admin/orders/export': {
    summary: 'The orders the same search finds (all pages, at most 5000) as a CSV download; the buyer email column only for admin',
    access: 'staff',
    query: ['q', 'status', 'payment', 'from', 'to'],
  },
  'GET /admin/gst-summary': {
    summary: 'The month\'s GST summary for GSTR-1 (month=YYYY-MM, Asia/Kolkata): invoices issued less credit notes issued, b2c by placeOfSupply and rate (taxableValue, cgst, sgst, igst), hsn by hsnCode and rate (quantity, totalValue, …), totals',
    access: 'admin',
    query: ['month'],
  },
  'GET /admin/gst-summary/csv': { summary: 'The same GST summary as a CSV download', access: 'admin', query: ['month'] },
  'GET /admin/dashboard/sales': {
    summary:
      "The staff dashboard's sales figures over the last `days` Asia/Kolkata days (1–90, 7 when absent): todaySales, totalEarnings (collected − refunded), bookedSales (not cancelled, not yet collected), collectedSales, refunded, ordersByStatus (all time), daily, periodByStatus, topProducts, salesByCategory (item value in rupees, orders not cancelled)",
    access: 'staff',
    query: ['days'],
  },
  'PUT /admin/order/:id': {
    summary: "Change an order's status; shipping (status shipped) needs courier and trackingNumber, shown to the buyer with the courier's tracking link",
    access: 'staff',
    body: changeOrderStatusSchema,
  },
  'DELETE /admin/order/:id': { summary: 'Delete an order', access: 'admin' },
  'POST /order/:id/return/quote': {
    summary: 'What returning these items would refund now (items): quote { refundAmount, couponLost, couponCode, keptPrice }; what is kept is re-priced (a coupon whose minimum no longer holds comes out of the refund)',
    access: 'login',
    body: returnQuoteSchema,
  },
  'POST /admin/order/:id/cod-collected': {
    summary: 'Record the cash of a shipped or delivered cash-on-delivery order as collected (payment Paid); 409 when not COD, already settled or not shipped',
    access: 'staff',
  },
  'GET /admin/order/:id/notes': { summary: 'Staff-only notes of an order, oldest first (notes: authorName, text, createdAt)', access: 'staff' },
  'POST /admin/order/:id/notes': { summary: 'Add a staff-only note to an order (text, 1–1000 characters); signed with the caller’s name', access: 'staff', body: orderNoteSchema },
  'POST /order/:id/return': {
    summary:
      'Return items of own delivered order within 30 days of delivery (items, reason, photo); a cash-on-delivery order also needs refundTo: { method: UPI, upiId } or { method: Bank transfer, ifsc, accountNumber, accountName }',
    access: 'login',
    body: requestReturnSchema,
  },
  'GET /returns/user': { summary: "The user's returns with their timelines", access: 'login' },
  'GET /admin/returns': { summary: 'Return requests (status, page; 20 per page)', access: 'staff' },
  'PUT /admin/return/:id': { summary: 'Approve, reject, receive (stock goes back) or refund a return', access: 'staff', body: updateReturnSchema },
  'GET /admin/return/:id/refund-details': {
    summary: 'The UPI ID or bank account a cash-on-delivery return is refunded to, in full, while it waits for its refund (received); 409 otherwise. Elsewhere refundTo is masked',
    access: 'staff',
  },
  'GET /order/:id/invoice': { summary: 'GST tax invoice of a delivered order (application/pdf; buyer or staff)', access: 'login', pdf: true },
  'GET /returns/:id/credit-note': { summary: 'The credit note of a received return: creditNote { number, invoiceNumber, lines (hsnCode, quantity, gstRate, taxableValue, cgst, sgst, igst, total), totals } (buyer or staff)', access: 'login' },
  'GET /returns/:id/credit-note/pdf': { summary: 'The credit note as a PDF (buyer or staff)', access: 'login', pdf: true },
  'GET /admin/coupons': { summary: 'Coupons newest first with their uses (page, limit 1–100, 50)', access: 'staff', query: ['page', 'limit'] },
  'POST /admin/coupons': {
    summary: "Create a coupon: code, type ('percent' | 'amount'), value (percent 1–100 or rupees), minOrder (rupees), validFrom, validTo, maxUses, maxUsesPerCustomer, active; 409 for a code taken",
    access: 'admin',
    body: couponInputSchema,
  },
  'PUT /admin/coupon/:id': { summary: "Replace a coupon's terms (same body as create)", access: 'admin', body: couponInputSchema },
  'DELETE /admin/coupon/:id': { summary: 'Delete a coupon no order used (409 for a used one: deactivate it instead)', access: 'admin' },
  'POST /coupon/check': {
    summary: 'Whether a coupon code may be used on these items now, with the price it gives (code, items); each refusal a 4xx saying why; limited per shopper and client',
    access: 'login',
    body: checkCouponSchema,
  },
  'POST /createOrder': { summary: 'Payment test provider: create a payment order', access: 'open' },
  'POST /verifyOrder': { summary: 'Payment test provider: verify a payment signature', access: 'open' },
  'POST /payments/test/:orderId/pay': { summary: 'Built-in test provider: pay a payment order (test mode only)', access: 'open' },
  'POST /upload': { summary: 'Upload an image (multipart, field file); answers secure_url', access: 'login', multipart: true },
};

const errorResponse = {
  description: 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

function operation(route: Route) {
  const key = `${route.method} ${route.path}`;
  const doc = docs[key] ?? { summary: key, access: 'open' as Access };
  const params = [
    ...[...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
    ...(doc.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
  ];
  const op: Record<string, unknown> = {
    summary: doc.summary,
    tags: [route.service],
    parameters: params,
    responses: {
      200: doc.pdf
        ? { description: 'The PDF file', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success: JSON with `success: true`' },
      400: errorResponse,
      ...(doc.access !== 'open' ? { 401: errorResponse } : {}),
      ...(doc.access === 'staff' || doc.access === 'admin' ? { 403: errorResponse } : {}),
      ...(doc.conflict ? { 409: { ...errorResponse, description: doc.conflict } } : {}),
      429: errorResponse,
      503: errorResponse,
    },
  };
  if (doc.access !== 'open') op.security = [{ cookieAuth: [] }, { bearerAuth: [] }];
  if (doc.access === 'staff') op.description = 'Roles admin and emp.';
  if (doc.access === 'admin') op.description = 'Role admin.';
  if (doc.body || doc.multipart) {
    const schema = doc.body ? z.toJSONSchema(doc.body, { io: 'input', unrepresentable: 'any' }) : { type: 'object' };
    op.requestBody = {
      required: true,
      content: doc.multipart ? { 'multipart/form-data': { schema } } : { 'application/json': { schema } },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of the REST side, built from the gateway's route table. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeTable) {
    const path = `/api/v1${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ShopKart REST API',
      version: '1',
      description: 'Every path answers JSON. Errors are `{ "success": false, "message": "..." }`. Money is in rupees with 2 decimals. The same data is available through GraphQL at /graphql.',
    },
    paths,
    components: {
      schemas: {
        Error: { type: 'object', required: ['success', 'message'], properties: { success: { const: false }, message: { type: 'string' } } },
      },
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}
