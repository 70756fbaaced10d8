import { assertLoggedIn, assertRole, badRequest, clientAddress, forbidden, type GraphQLContext, type SubgraphResolvers } from '@shop/platform';
import { gstSummary, toGstSummaryView } from '../domain/gst-summary.service';
import { getCreditNote, toCreditNoteView } from '../domain/credit-note.service';
import {
  adminOrdersQuerySchema,
  archiveOrderSchema,
  createPaymentOrderSchema,
  idempotencyKeySchema,
  isOrderId,
  orderItemsSchema,
  orderMessages,
  ordersByDateQuerySchema,
  paiseToRupees,
  parseContract,
  placeOrderSchema,
  adminReturnsQuerySchema,
  requestReturnSchema,
  returnQuoteSchema,
  refundToBodySchema,
  updateReturnSchema,
  verifyPaymentSchema,
  returnMessages,
  adminCouponsQuerySchema,
  changeOrderStatusSchema,
  orderNoteSchema,
  shippingMessages,
  checkCouponSchema,
  couponInputSchema,
  couponMessages,
  deliveryMessages,
} from '@shop/proto-contracts';
import { checkCoupon, placeOrder, quoteCheckout } from '../domain/checkout.flow';
import { toCheckoutQuoteView } from '../domain/checkout-quote.view';
import { createCoupon, deleteCoupon, listCoupons, toCouponView, updateCoupon } from '../domain/coupon.service';
import type { OrderDeps } from '../domain/order-deps';
import { toOrderNoteView, toOrderView, type OrderView } from '../domain/order.model';
import { nextStatusesFor } from '../domain/order-status.machine';
import { addOrderNote, archiveOrder, cancelOwnOrder, collectCod, deleteOrder, hasEarlierOrder, isStaff, listAllOrders, listOrdersByDate, listUserOrders, loadOrder, notesOf, setOrderStatus } from '../domain/order.service';
import { countPaymentCall, createPaymentOrder, payInTestMode, verifyPayment } from '../domain/payment.service';
import { salesStats, salesStatsView } from '../domain/sales-stats.service';
import { findInvoice } from '../domain/invoice.service';
import { toReturnView, type ReturnView } from '../domain/return.model';
import { listOrderReturns, listReturns, listUserReturns, quoteReturn, refundDetailsOf, requestReturn, updateReturn } from '../domain/return.service';
import { returnableUntil } from '../domain/return-status.machine';
import { parseInput } from '../parse-input';
import { createDeliveryZone, deleteDeliveryZone, deliveryPromise, listDeliveryZones, toDeliveryZoneView, updateDeliveryZone } from '../domain/delivery-promise.service';

type Args = Record<string, any>;

/** The user a `User` representation names, if it is the caller; FORBIDDEN otherwise. */
function ownUserId(ctx: GraphQLContext, user: { id: string }): string {
  const principal = assertLoggedIn(ctx);
  if (String(user.id) !== principal.userId) throw forbidden();
  return principal.userId;
}

/** The order subgraph: the same domain functions as the REST routes. */
export function orderResolvers(deps: OrderDeps): SubgraphResolvers {
  return {
    Query: {
      order: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const viewer = assertLoggedIn(ctx);
        if (!isOrderId(args.id)) throw badRequest(orderMessages.invalidOrderId);
        const order = await loadOrder(deps.db, String(args.id).toLowerCase());
        return order && (order.userId === viewer.userId || isStaff(viewer)) ? toOrderView(order) : null;
      },
      ordersByDate: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        const page = await listOrdersByDate(deps, parseInput(ordersByDateQuerySchema, { date: args.date, page: args.page ?? 1, archived: args.archived }));
        return { orders: page.orders.map((o) => toOrderView(o, ctx.principal)), total: page.total, totalPages: page.totalPages, currentPage: page.currentPage };
      },
      adminOrders: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        const { pageSize, ...rest } = args;
        const query = parseInput(adminOrdersQuerySchema, { ...rest, page: args.page ?? 1, limit: pageSize ?? args.limit ?? 50 });
        const page = await listAllOrders(deps, query, assertRole(ctx, 'admin', 'emp'));
        return {
          orders: page.orders.map((o) => toOrderView(o, ctx.principal)),
          totalAmount: paiseToRupees(page.totalAmountPaise),
          total: page.total,
          totalPages: page.totalPages,
          currentPage: page.currentPage,
        };
      },
      salesStats: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        return salesStatsView(await salesStats(deps, args.days ?? 7));
      },
      gstSummary: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        return toGstSummaryView(await gstSummary(deps, typeof args.month === 'string' ? args.month : ''));
      },
      creditNote: async (_p: unknown, args: Args, ctx: GraphQLContext) => toCreditNoteView(await getCreditNote(deps, assertLoggedIn(ctx), String(args.returnId))),
      returnQuote: async (_p: unknown, args: Args, ctx: GraphQLContext) =>
        quoteReturn(deps, assertLoggedIn(ctx).userId, String(args.orderId), parseInput(returnQuoteSchema, { items: args.items })),
      myReturns: async (_p: unknown, _a: Args, ctx: GraphQLContext) => (await listUserReturns(deps, assertLoggedIn(ctx).userId)).map((ret) => toReturnView(ret, ctx.principal)),
      adminReturns: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        const page = await listReturns(deps, parseInput(adminReturnsQuerySchema, { status: args.status, page: args.page ?? 1 }));
        return { returns: page.returns.map((ret) => toReturnView(ret, ctx.principal)), total: page.total, totalPages: page.totalPages, currentPage: page.currentPage };
      },
      returnRefundDetails: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        return refundDetailsOf(deps, String(args.id));
      },
      checkoutQuote: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        return toCheckoutQuoteView(await quoteCheckout(deps, userId, parseInput(orderItemsSchema, args.items)));
      },
      checkCoupon: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const { coupon, quote } = await checkCoupon(deps, userId, { ip: clientAddress(ctx.req) }, parseInput(checkCouponSchema, args));
        return { success: true, message: couponMessages.applied(coupon.code), code: coupon.code, quote: toCheckoutQuoteView(quote, coupon.code) };
      },
      adminCoupons: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        const page = await listCoupons(deps, parseInput(adminCouponsQuerySchema, { page: args.page ?? 1, limit: args.limit ?? 50 }));
        return { coupons: page.coupons.map(toCouponView), total: page.total, totalPages: page.totalPages, currentPage: page.currentPage };
      },
      deliveryPromise: (_p: unknown, args: Args) => deliveryPromise(deps, args.pin),
      deliveryZones: async (_p: unknown, _a: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        return (await listDeliveryZones(deps.db)).map(toDeliveryZoneView);
      },
    },
    User: {
      __resolveReference: (ref: { id: string }) => ({ id: ref.id }),
      orders: async (user: { id: string }, _a: Args, ctx: GraphQLContext) => (await listUserOrders(deps, ownUserId(ctx, user))).map((o) => toOrderView(o, ctx.principal)),
      firstOrderDiscountEligible: async (user: { id: string }, _a: Args, ctx: GraphQLContext) => !(await hasEarlierOrder(deps.db, ownUserId(ctx, user))),
    },
    Order: {
      // Another subgraph's reference resolves only for the buyer or staff.
      __resolveReference: async (ref: { id: string }, ctx: GraphQLContext) => {
        if (!ctx.principal || !isOrderId(ref.id)) return null;
        const order = await loadOrder(deps.db, ref.id.toLowerCase());
        return order && (order.userId === ctx.principal.userId || isStaff(ctx.principal)) ? toOrderView(order) : null;
      },
      user: (order: OrderView) => ({ __typename: 'User', id: order.userId }),
      // Decided here for whoever asks: staff the machine's moves, the buyer only cancelling.
      nextStatuses: (order: OrderView, _a: Args, ctx: GraphQLContext) => nextStatusesFor(order.orderStatus, ctx.principal),
      // The Order object only ever reaches the buyer or staff (see above), so its returns and invoice may too.
      returnableUntil: (order: OrderView) =>
        returnableUntil({ status: order.orderStatus, deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null })?.toISOString() ?? null,
      returns: async (order: OrderView, _a: Args, ctx: GraphQLContext) => (await listOrderReturns(deps, order.id)).map((ret) => toReturnView(ret, ctx.principal)),
      // Staff-only: the buyer reading their own order gets null, never the notes.
      staffNotes: async (order: OrderView, _a: Args, ctx: GraphQLContext) =>
        ctx.principal && isStaff(ctx.principal) ? (await notesOf(deps.db, order.id)).map(toOrderNoteView) : null,
      invoiceNumber: async (order: OrderView) => (order.orderStatus === 'delivered' ? ((await findInvoice(deps, order.id))?.number ?? null) : null),
      invoiceUrl: async (order: OrderView) =>
        order.orderStatus === 'delivered' && (await findInvoice(deps, order.id)) ? `/api/v1/order/${order.id}/invoice` : null,
    },
    ReturnItem: {
      product: (item: ReturnView['items'][number]) => ({ __typename: 'Product', id: item.productId }),
    },
    OrderItem: {
      product: (item: OrderView['orderItems'][number]) => ({ __typename: 'Product', id: item.productId }),
    },
    Mutation: {
      createDeliveryZone: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        return { success: true, message: deliveryMessages.zoneCreated, zone: toDeliveryZoneView(await createDeliveryZone(deps, args.input)) };
      },
      updateDeliveryZone: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        // A field sent as null is a field not changed.
        const change = Object.fromEntries(Object.entries(args.input ?? {}).filter(([, v]) => v !== null));
        return { success: true, message: deliveryMessages.zoneUpdated, zone: toDeliveryZoneView(await updateDeliveryZone(deps, String(args.pinPrefix), change)) };
      },
      deleteDeliveryZone: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        await deleteDeliveryZone(deps, String(args.pinPrefix));
        return { success: true, message: deliveryMessages.zoneDeleted };
      },
      placeOrder: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const { userId, email, name, emailVerified } = assertLoggedIn(ctx);
        const key = args.idempotencyKey == null ? undefined : parseInput(idempotencyKeySchema, args.idempotencyKey);
        const { order } = await placeOrder(deps, { userId, email, name, emailVerified }, parseInput(placeOrderSchema, args.input), key, { ip: clientAddress(ctx.req) });
        return { success: true, message: orderMessages.orderPlaced, order: toOrderView(order) };
      },
      cancelOrder: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const order = await cancelOwnOrder(deps, assertLoggedIn(ctx).userId, String(args.id));
        return { success: true, message: orderMessages.orderCancelled, order: toOrderView(order) };
      },
      setOrderStatus: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        const change = parseInput(changeOrderStatusSchema, { status: args.status, courier: args.courier, trackingNumber: args.trackingNumber });
        const order = await setOrderStatus(deps, String(args.id), change);
        return { success: true, message: orderMessages.orderUpdated, order: toOrderView(order) };
      },
      collectCod: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        const order = await collectCod(deps, String(args.id));
        return { success: true, message: shippingMessages.codCollected, order: toOrderView(order) };
      },
      addOrderNote: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const { userId, name } = assertRole(ctx, 'admin', 'emp');
        const { text } = parseInput(orderNoteSchema, { text: args.text });
        const note = await addOrderNote(deps, { userId, name }, String(args.id), text);
        return { success: true, message: shippingMessages.noteAdded, note: toOrderNoteView(note) };
      },
      requestReturn: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const { refundTo } = parseInput(refundToBodySchema, { refundTo: args.input?.refundTo });
        const ret = await requestReturn(deps, userId, String(args.orderId), parseInput(requestReturnSchema, args.input), refundTo);
        return { success: true, message: returnMessages.returnRequested, return: toReturnView(ret, ctx.principal) };
      },
      updateReturn: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin', 'emp');
        const ret = await updateReturn(deps, String(args.id), parseInput(updateReturnSchema, args.input));
        return { success: true, message: returnMessages.returnUpdated, return: toReturnView(ret, ctx.principal) };
      },
      // Admin only, as REST (decision 0103): archive or unarchive; delete only what never shipped.
      setOrderArchived: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const viewer = assertRole(ctx, 'admin', 'emp');
        const { archived } = parseInput(archiveOrderSchema, { archived: args.archived });
        const order = await archiveOrder(deps, viewer, String(args.id), archived);
        return { success: true, message: archived ? orderMessages.orderArchived : orderMessages.orderUnarchived, order: toOrderView(order, ctx.principal) };
      },
      deleteOrder: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const viewer = assertRole(ctx, 'admin', 'emp');
        await deleteOrder(deps, viewer, String(args.id));
        return { success: true, message: orderMessages.orderDeleted };
      },
      createCoupon: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        const coupon = await createCoupon(deps, parseInput(couponInputSchema, args.input));
        return { success: true, message: couponMessages.created, coupon: toCouponView(coupon) };
      },
      updateCoupon: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        const coupon = await updateCoupon(deps, String(args.id), parseInput(couponInputSchema, args.input));
        return { success: true, message: couponMessages.updated, coupon: toCouponView(coupon) };
      },
      deleteCoupon: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        assertRole(ctx, 'admin');
        await deleteCoupon(deps, String(args.id));
        return { success: true, message: couponMessages.deleted };
      },
      createPaymentOrder: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        await countPaymentCall(deps, { ip: clientAddress(ctx.req) });
        return createPaymentOrder(deps, parseInput(createPaymentOrderSchema, args));
      },
      verifyPayment: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        await countPaymentCall(deps, { ip: clientAddress(ctx.req) });
        const parsed = parseContract(verifyPaymentSchema, args);
        const verified = parsed.success && (await verifyPayment(deps, parsed.data));
        return verified
          ? { success: true, message: orderMessages.paymentVerified }
          : { success: false, message: orderMessages.paymentVerificationFailed };
      },
      payTestPaymentOrder: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        await countPaymentCall(deps, { ip: clientAddress(ctx.req) });
        const orderId = String(args.orderId).trim();
        return { success: true, orderId, ...(await payInTestMode(deps, orderId)) };
      },
    },
  };
}
