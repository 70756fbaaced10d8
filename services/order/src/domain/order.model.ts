import { asc, inArray } from 'drizzle-orm';
import { courierOf, paiseToRupees, rateBpToPercent, trackingUrlOf, type OrderStatus, type PaymentMethod, type PaymentStatus, type Role } from '@shop/proto-contracts';
import type { Db, Tx } from '@shop/platform';
import { orderItems, type OrderItemRow, type OrderNoteRow, type OrderRow } from '../db/schema';
import { canBuyerCancel, estimatedDeliveryOf, nextStatusesFor } from './order-status.machine';

/** A stored order with its items, as the domain hands it out. */
export interface Order extends OrderRow {
  items: OrderItemRow[];
}

/** Attaches each order's items (one query), keeping the orders' order. */
export async function withItems(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.lineNo));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return rows.map((r) => ({ ...r, items: byOrder.get(r.id) ?? [] }));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * An order as REST and GraphQL show it (the spec's reading A): money in rupees with 2 decimals,
 * dates as ISO text. GraphQL resolves `user` and `orderItems.product` as entity references.
 * `nextStatuses` are the moves the viewer may make (staff: the machine's; anyone else: cancelling).
 */
export function toOrderView(o: Order, viewer?: { role: Role }) {
  return {
    _id: o.id,
    id: o.id,
    userId: o.userId,
    user: o.userId,
    buyerName: o.userName,
    createdAt: o.createdAt.toISOString(),
    orderStatus: o.status as OrderStatus,
    orderItems: o.items.map((i) => ({
      product: i.productId,
      productId: i.productId,
      name: i.name,
      image: i.image,
      price: paiseToRupees(i.pricePaise),
      quantity: i.quantity,
      properties: { size: i.size, color: i.color },
      hsnCode: i.hsnCode,
      gstRate: i.gstRateBp === null ? null : rateBpToPercent(i.gstRateBp),
      taxableValue: i.taxablePaise === null ? null : paiseToRupees(i.taxablePaise),
      tax: i.taxPaise === null ? null : paiseToRupees(i.taxPaise),
    })),
    shippingInfo: {
      address: o.shipAddress,
      city: o.shipCity,
      state: o.shipState,
      country: o.shipCountry,
      pinCode: o.shipPinCode,
      phoneNo: o.shipPhone,
    },
    paymentInfo: { id: o.paymentId, status: o.paymentStatus as PaymentStatus, method: o.paymentMethod as PaymentMethod },
    itemPrice: paiseToRupees(o.itemsPaise),
    discountPrice: paiseToRupees(o.discountPaise),
    couponCode: o.couponCode,
    couponDiscount: paiseToRupees(o.couponDiscountPaise),
    taxPrice: paiseToRupees(o.taxPaise),
    shippingPrice: paiseToRupees(o.shippingPaise),
    totalPrice: paiseToRupees(o.totalPaise),
    roundOff: paiseToRupees(o.roundOffPaise),
    pricesIncludeGst: o.pricesIncludeGst,
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    deliveredAt: iso(o.deliveredAt),
    cancelledAt: iso(o.cancelledAt),
    estimatedDelivery: estimatedDeliveryOf(o).toISOString(),
    // How the parcel travels (decision 0054): the buyer and staff alike; null before shipping.
    shipment: o.courier
      ? {
          courier: o.courier,
          courierName: courierOf(o.courier)?.name ?? o.courier,
          trackingNumber: o.trackingNumber,
          trackingUrl: trackingUrlOf(o.courier, o.trackingNumber),
        }
      : null,
    canCancel: canBuyerCancel(o.status),
    nextStatuses: [...nextStatusesFor(o.status, viewer)],
    // Staff only (decision 0103): whether an admin archived it; null for the buyer, whose account keeps it as ever.
    archived: viewer && (viewer.role === 'admin' || viewer.role === 'emp') ? o.archivedAt !== null : null,
  };
}
export type OrderView = ReturnType<typeof toOrderView>;

/** A staff-only order note as staff see it. */
export function toOrderNoteView(n: OrderNoteRow) {
  return { id: n.id, orderId: n.orderId, authorName: n.authorName, text: n.text, createdAt: n.createdAt.toISOString() };
}
