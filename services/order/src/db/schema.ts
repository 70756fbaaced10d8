import { bigint, boolean, integer, jsonb, pgSchema, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CouponType, OrderStatus, PaymentMethod, PaymentStatus, RefundMethod, RefundTo, ReturnStatus, SellerDetails } from '@shop/proto-contracts';

/** The order service's tables (created by db/migrations; this file only describes them to drizzle). */
export const orderSchema = pgSchema('order');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const paise = (name: string) => bigint(name, { mode: 'number' });

export const orders = orderSchema.table('orders', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  userEmail: text('user_email').notNull().default(''),
  userName: text('user_name').notNull().default(''),
  status: text('status').$type<OrderStatus>().notNull(),
  shipAddress: text('ship_address').notNull(),
  shipCity: text('ship_city').notNull(),
  shipState: text('ship_state').notNull(),
  shipCountry: text('ship_country').notNull(),
  shipPinCode: integer('ship_pin_code').notNull(),
  shipPhone: text('ship_phone').notNull(),
  paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('COD'),
  paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('Pending'),
  paymentId: text('payment_id'),
  itemsPaise: paise('items_paise').notNull(),
  discountPaise: paise('discount_paise').notNull().default(0),
  couponCode: text('coupon_code'),
  couponDiscountPaise: paise('coupon_discount_paise').notNull().default(0),
  taxPaise: paise('tax_paise').notNull(),
  shippingPaise: paise('shipping_paise').notNull(),
  totalPaise: paise('total_paise').notNull(),
  /** True from decision 0045 on: prices include GST, taxPaise is the GST contained in the total. */
  pricesIncludeGst: boolean('prices_include_gst').notNull().default(false),
  /** Cash round off to the whole rupee (−49…+50), part of totalPaise. */
  roundOffPaise: paise('round_off_paise').notNull().default(0),
  /** CGST + SGST (true) or IGST (false); null on orders from before decision 0045. */
  intraState: boolean('intra_state'),
  shippingGstRateBp: integer('shipping_gst_rate_bp'),
  shippingTaxPaise: paise('shipping_tax_paise'),
  idempotencyKey: text('idempotency_key'),
  estimatedDelivery: ts('estimated_delivery'),
  paidAt: ts('paid_at'),
  shippedAt: ts('shipped_at'),
  deliveredAt: ts('delivered_at'),
  cancelledAt: ts('cancelled_at'),
  /** Set when shipped (decision 0054): a COURIERS id and the courier's tracking number. */
  courier: text('courier'),
  trackingNumber: text('tracking_number'),
  /**
   * The buyer's email was proven when the order was placed (the token's emailVerified claim,
   * decision 0042 amendment): false sends no order mail; null on orders from before the column (mailed as before).
   */
  buyerEmailVerified: boolean('buyer_email_verified'),
  /** When an admin archived the order (decision 0103): hidden from staff's default lists, kept everywhere else; null when not archived. */
  archivedAt: ts('archived_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

export const orderItems = orderSchema.table(
  'order_items',
  {
    orderId: uuid('order_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    pricePaise: integer('price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    size: text('size'),
    color: text('color'),
    /** The top-level category when ordered (id and name then); null on lines from before it was copied. */
    categoryId: text('category_id'),
    categoryName: text('category_name'),
    /** As priced at checkout (decision 0045); null on lines of orders from before it. */
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    /** The line's share of the order's discounts; value = price × quantity − discount = taxable + tax. */
    discountPaise: paise('discount_paise'),
    taxablePaise: paise('taxable_paise'),
    taxPaise: paise('tax_paise'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineNo] })],
);
export type OrderItemRow = typeof orderItems.$inferSelect;

/** Staff-only notes on an order (decision 0054). */
export const orderNotes = orderSchema.table('order_notes', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  authorId: uuid('author_id').notNull(),
  authorName: text('author_name').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type OrderNoteRow = typeof orderNotes.$inferSelect;

export const paymentKeys = orderSchema.table('payment_keys', {
  keyId: text('key_id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentOrders = orderSchema.table('payment_orders', {
  id: text('id').primaryKey(),
  amountPaise: paise('amount_paise').notNull(),
  currency: text('currency').notNull(),
  keyId: text('key_id').notNull(),
  status: text('status').$type<'created' | 'paid'>().notNull().default('created'),
  paymentId: text('payment_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
});
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/** A checkout whose stock may be reserved but whose order is not written yet (id = the order id). */
export const pendingCheckouts = orderSchema.table('pending_checkouts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  startedAt: ts('started_at').notNull(),
});
/** Checkouts that ended without an order: their ids are never used again (decision 0077). */
export const releasedCheckouts = orderSchema.table('released_checkouts', {
  id: uuid('id').primaryKey(),
  releasedAt: ts('released_at').notNull(),
});
export const returns = orderSchema.table('returns', {
  id: uuid('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  userId: uuid('user_id').notNull(),
  status: text('status').$type<ReturnStatus>().notNull(),
  reason: text('reason').notNull(),
  photo: text('photo'),
  refundPaise: paise('refund_paise').notNull(),
  refundMethod: text('refund_method').$type<RefundMethod>(),
  refundReference: text('refund_reference'),
  receivedAt: ts('received_at'),
  refundedAt: ts('refunded_at'),
  /** COD orders: where the shopper asked the refund to be paid (decision 0054); null for online payments. */
  refundTo: jsonb('refund_to').$type<RefundTo>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ReturnRow = typeof returns.$inferSelect;

export const returnItems = orderSchema.table(
  'return_items',
  {
    returnId: uuid('return_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.lineNo] })],
);
export type ReturnItemRow = typeof returnItems.$inferSelect;

export const returnSteps = orderSchema.table(
  'return_steps',
  {
    returnId: uuid('return_id').notNull(),
    status: text('status').$type<ReturnStatus>().notNull(),
    note: text('note'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.status] })],
);
export type ReturnStepRow = typeof returnSteps.$inferSelect;

export const invoiceCounters = orderSchema.table('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const invoices = orderSchema.table('invoices', {
  orderId: uuid('order_id').primaryKey(),
  number: text('number').notNull(),
  financialYear: text('financial_year').notNull(),
  sequence: integer('sequence').notNull(),
  issuedAt: ts('issued_at').notNull(),
  seller: jsonb('seller').$type<SellerDetails>(),
  hsnCodes: jsonb('hsn_codes').$type<Record<string, string>>(),
});
export type InvoiceRow = typeof invoices.$inferSelect;

export const creditNoteCounters = orderSchema.table('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A credit note per received return of an invoiced order (decision 0048). */
export const creditNotes = orderSchema.table('credit_notes', {
  returnId: uuid('return_id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  number: text('number').notNull(),
  financialYear: text('financial_year').notNull(),
  sequence: integer('sequence').notNull(),
  issuedAt: ts('issued_at').notNull(),
  seller: jsonb('seller').$type<SellerDetails>().notNull(),
});
export type CreditNoteRow = typeof creditNotes.$inferSelect;

export const coupons = orderSchema.table('coupons', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  type: text('type').$type<CouponType>().notNull(),
  percent: smallint('percent'),
  amountPaise: paise('amount_paise'),
  minOrderPaise: paise('min_order_paise').notNull().default(0),
  validFrom: ts('valid_from').notNull(),
  validTo: ts('valid_to'),
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type CouponRow = typeof coupons.$inferSelect;

export const couponUses = orderSchema.table('coupon_uses', {
  orderId: uuid('order_id').primaryKey(),
  couponId: uuid('coupon_id').notNull(),
  userId: uuid('user_id').notNull(),
  discountPaise: paise('discount_paise').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  releasedAt: ts('released_at'),
});

/** Delivery zones by PIN prefix (decision 0068): the longest prefix matching a PIN code applies. */
export const deliveryZones = orderSchema.table('delivery_zones', {
  pinPrefix: text('pin_prefix').primaryKey(),
  label: text('label').notNull(),
  serviceable: boolean('serviceable').notNull(),
  codAvailable: boolean('cod_available').notNull(),
  deliveryDays: smallint('delivery_days').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
