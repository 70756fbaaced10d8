import { randomUUID } from 'node:crypto';
import { isIntraState, orderMessages, priceOrder, STANDARD_GST_RATE_BP, type CheckCouponInput, type OrderPrice, type PlaceOrderInput, type StockReservation } from '@shop/proto-contracts';
import { AppError, businessMetrics, foldedTransaction, serviceUnavailable, type Logger, type Mail } from '@shop/platform';
import { orderIdsOfKey } from './checkout-id';
import { CatalogNotReached, type OrderDeps } from './order-deps';
import { orderPlacedEvent } from './order.events';
import { giveUpPendingCheckout, recordPendingCheckout, releaseThroughEvent } from './pending-checkout.recovery';
import type { Order } from './order.model';
import { assertCouponMinimum, countCouponLookup, lockUsableCoupon, recordCouponUse, usableCoupon } from './coupon.service';
import { eq } from 'drizzle-orm';
import { pendingCheckouts, type CouponRow, type OrderItemRow, type OrderRow } from '../db/schema';
import { findByIdempotencyKey, hasEarlierOrder, loadOrder } from './order.service';
import { insertOrder, isSettledOtherwise, lockBuyer, settleCheckout, settledOf, startCheckout } from './checkout.statements';
import { mailsToBuyer, orderPlacedMail } from './order-mail';
import { initialStatusOf } from './order-status.machine';
import { estimatedDeliveryAt, promiseForCashOrder } from './delivery-promise.service';

/** The buyer, from the access token (their email and name go into the order for its mails). */
export interface Buyer {
  userId: string;
  email: string;
  name: string;
  /** The token's emailVerified claim: only a proven address gets the order's mails (decision 0042, amendment). */
  emailVerified: boolean;
}

/** Where the request came from (the gateway's word for it): coupon look-ups are limited per address. */
export interface Caller {
  ip: string;
}

/** What the checkout steps share while an order is being placed. */
interface CheckoutState {
  orderId: string;
  buyer: Buyer;
  input: PlaceOrderInput;
  idempotencyKey?: string;
  caller: Caller;
  reservation?: StockReservation;
  firstOrder?: boolean;
  price?: OrderPrice;
  order?: Order;
  /** The pending checkout is recorded already (with the idempotency check, when there is no coupon to check first). */
  recorded: boolean;
  /** Whether the buyer had a live order when the pending checkout was recorded with the idempotency check (not known otherwise). */
  liveAtStart?: boolean;
  /** The day the order is promised for (YYYY-MM-DD), from the shipping PIN's zone (decision 0068). */
  deliveryDate?: string;
}

/** One step of a flow: what it does, and how to undo it when a later step fails. */
interface FlowStep<S> {
  name: string;
  run(state: S): Promise<void>;
  compensate?(state: S): Promise<void>;
}

/**
 * Runs the steps in order; when one fails, the compensations of the steps already done run in
 * reverse order (each failure of a compensation is logged, not thrown), then the error goes on.
 */
async function runFlow<S>(flow: string, steps: FlowStep<S>[], state: S, logger: Logger): Promise<void> {
  const done: FlowStep<S>[] = [];
  for (const step of steps) {
    try {
      await step.run(state);
    } catch (err) {
      for (const finished of done.reverse()) {
        try {
          await finished.compensate?.(state);
        } catch (undoErr) {
          logger.error({ err: undoErr, flow, step: finished.name }, 'compensation failed');
        }
      }
      throw err;
    }
    done.push(step);
  }
}

/** The same request (shopper and idempotency key) is being placed by another call: its outcome is the answer. */
class SameCheckoutInFlight extends Error {
  constructor() {
    super('the checkout of this idempotency key is in flight');
  }
}

/** Another request with the same idempotency key won the race: its order is the answer. */
class AlreadyPlaced extends Error {
  constructor(readonly order: Order) {
    super('order already placed with this idempotency key');
  }
}

/**
 * Gives a reservation's stock back: straight away over HTTP (then the pending checkout ends), or,
 * when the catalog cannot be reached, through OrderCancelled in the outbox, which the catalog acts
 * on once it is back. Should even that fail (the database is down too), the pending checkout stays
 * and the recovery gives it up after the reservation timeout.
 */
async function releaseStock(deps: OrderDeps, state: CheckoutState): Promise<void> {
  try {
    await deps.catalog.releaseReservation(state.orderId);
    await deps.db.transaction((tx) => giveUpPendingCheckout(tx, state.orderId, deps.clock()));
    return;
  } catch (err) {
    deps.logger.warn({ err: String(err), orderId: state.orderId }, 'stock release failed; left to OrderCancelled');
  }
  await releaseThroughEvent(deps, state.orderId, state.buyer.userId, 'checkout-failed');
  deps.publishEvents();
}

/** The recovery gave this checkout up while it ran (it took longer than the reservation timeout). */
class CheckoutExpired extends Error {
  constructor() {
    super('checkout outlived the reservation timeout');
  }
}

/**
 * Checkout as a named sequence (STYLE.md): promise a delivery day to the shipping PIN (refusing one
 * not served or without cash on delivery) → check the coupon, if one is named (nothing held yet) →
 * record the pending checkout (durably, before any stock is held) → reserve the stock in the
 * catalog (all lines or none; it answers the current prices) → price the order with the server's
 * prices and write it, its items, its coupon use and OrderPlaced in one transaction that also ends
 * the pending checkout. A failure after the reservation gives the stock
 * back; a process that dies in between leaves the pending checkout, which the recovery gives up
 * after the reservation timeout (decision 0020). No database transaction is open while the catalog
 * is called.
 */
function checkoutSteps(deps: OrderDeps): FlowStep<CheckoutState>[] {
  return [
    {
      // A PIN the shop does not serve, or where cash is not taken, is refused before any stock is
      // held (decision 0068). Its promised day is the one the order keeps. Nothing was held yet:
      // a refusal only ends the pending checkout recorded with the idempotency check.
      name: 'promise-delivery',
      async run(state) {
        try {
          state.deliveryDate = (await promiseForCashOrder(deps, state.input.shippingInfo.pinCode)).deliveryDate;
        } catch (err) {
          if (state.recorded) await deps.db.transaction((tx) => giveUpPendingCheckout(tx, state.orderId, deps.clock()));
          throw err;
        }
      },
    },
    {
      // A coupon that cannot be used is refused before any stock is held (decision 0028).
      name: 'check-coupon',
      async run(state) {
        const code = state.input.couponCode;
        if (!code) return;
        await countCouponLookup(deps, { userId: state.buyer.userId, ip: state.caller.ip });
        await usableCoupon(deps.db, code, state.buyer.userId, deps.clock());
      },
    },
    {
      name: 'record-checkout',
      async run(state) {
        if (!state.recorded && !(await recordPendingCheckout(deps, state.orderId, state.buyer.userId))) throw new SameCheckoutInFlight();
      },
    },
    {
      name: 'reserve-stock',
      async run(state) {
        try {
          state.reservation = await deps.catalog.reserveStock(state.orderId, state.input.items);
        } catch (err) {
          // The catalog may have reserved before the answer was lost: undo whatever it did.
          if (err instanceof AppError && err.kind === 'SERVICE_UNAVAILABLE' && !(err instanceof CatalogNotReached)) await releaseStock(deps, state);
          // A refusal (short stock, unknown product) or a request that never arrived held nothing: the checkout simply ends.
          else if (err instanceof AppError) await deps.db.transaction((tx) => giveUpPendingCheckout(tx, state.orderId, deps.clock()));
          throw err;
        }
      },
      compensate: (state) => releaseStock(deps, state),
    },
    {
      name: 'write-order',
      async run(state) {
        // The usual checkout (no coupon; its start saw whether the buyer had a live order): BEGIN,
        // the buyer's lock, the order's write settling the checkout itself, and COMMIT, in one
        // write. When the checkout was settled otherwise meanwhile (given up by the recovery, its
        // key used, or another order of the buyer changed the first-order rule), nothing was
        // written and the checkout settles first, as every checkout with a coupon does.
        if (!state.input.couponCode && state.liveAtStart !== undefined) {
          const composed = composeOrder(deps, state, { any: state.liveAtStart });
          try {
            await foldedTransaction(deps.db, (f) =>
              f.send([lockBuyer(state.buyer.userId), insertOrder(deps.schema, deps.mailer, composed.row, composed.items, orderPlacedEvent(composed.order), composed.mail, { live: state.liveAtStart! })], {
                commit: true,
              }),
            );
            adopt(deps, state, composed);
            return;
          } catch (err) {
            if (!isSettledOtherwise(err)) throw err;
          }
        }
        let composed: ComposedOrder | undefined;
        await foldedTransaction(deps.db, async (f) => {
          // BEGIN, the buyer's lock and the settling statement go in one write: one checkout per
          // user at a time, so the first-order check and the idempotency key hold. The lock is its
          // own statement: the settling one's snapshot is taken once the lock is held.
          // It ends the pending checkout and reads the buyer's earlier orders.
          const [, settled] = await f.send([lockBuyer(state.buyer.userId), settleCheckout(state.orderId, state.buyer.userId, state.idempotencyKey)]);
          const before = settledOf(settled, state.idempotencyKey);
          // Given up by the recovery meanwhile: its OrderCancelled is on its way, no order may follow.
          if (!before.ended) throw new CheckoutExpired();
          if (before.sameKey) {
            const earlier = await loadOrder(f.tx, before.sameKey);
            if (earlier) throw new AlreadyPlaced(earlier);
          }
          // The coupon's row lock makes concurrent checkouts using it take turns: the last use is
          // taken once and the per-customer count is exact. A refusal here rolls everything back.
          const lines = state.reservation!.lines;
          const coupon = state.input.couponCode
            ? await lockUsableCoupon(f.tx, state.input.couponCode, state.buyer.userId, deps.clock(), lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0))
            : undefined;
          composed = composeOrder(deps, state, { any: before.any, coupon });
          // The order, its items, OrderPlaced and the mail: one statement (the copy composed is what
          // is stored), sent with the COMMIT unless a coupon use follows it.
          const write = insertOrder(deps.schema, deps.mailer, composed.row, composed.items, orderPlacedEvent(composed.order), composed.mail);
          if (!coupon) await f.send([write], { commit: true });
          else {
            await f.send([write]);
            // The coupon use refers to the order, so it follows it.
            await recordCouponUse(f.tx, { orderId: state.orderId, couponId: coupon.id, userId: state.buyer.userId, discountPaise: composed.price.couponDiscountPaise, at: composed.row.createdAt });
          }
        });
        adopt(deps, state, composed!);
      },
    },
  ];
}

/** An order as it will be written: its row, items, price and confirmation mail. */
interface ComposedOrder {
  row: OrderRow;
  items: OrderItemRow[];
  order: Order;
  price: OrderPrice;
  firstOrder: boolean;
  mail: Mail | undefined;
}

/**
 * The order of a checkout whose stock is reserved, priced with the catalog's reserved prices and
 * rates (decision 0046), the first-order discount when the buyer has no live order (`any`), and the
 * coupon (locked by the caller) if one is used.
 */
function composeOrder(deps: OrderDeps, state: CheckoutState, rule: { any: boolean; coupon?: CouponRow }): ComposedOrder {
  const { coupon } = rule;
  const lines = state.reservation!.lines;
  // Each line at the rate the catalog reserved it under (decision 0046); a catalog from before
  // rates were data answers none, and the line is then at the standard rate.
  const priced = lines.map((l) => ({ unitPricePaise: l.pricePaise, quantity: l.quantity, gstRateBp: l.gstRateBp ?? STANDARD_GST_RATE_BP }));
  const now = deps.clock();
  const intraState = isIntraState(deps.seller.state, state.input.shippingInfo.state);
  const price = priceOrder(priced, { firstOrder: !rule.any, coupon, intraState, cash: true });
  const { shippingInfo } = state.input;
  const row: OrderRow = {
    id: state.orderId,
    userId: state.buyer.userId,
    userEmail: state.buyer.email ?? '',
    userName: state.buyer.name ?? '',
    status: initialStatusOf('COD'),
    shipAddress: shippingInfo.address,
    shipCity: shippingInfo.city,
    shipState: shippingInfo.state,
    shipCountry: shippingInfo.country,
    shipPinCode: shippingInfo.pinCode,
    shipPhone: shippingInfo.phoneNo,
    paymentMethod: 'COD',
    paymentStatus: 'Pending',
    paymentId: null,
    itemsPaise: price.itemsPaise,
    discountPaise: price.discountPaise,
    couponCode: coupon?.code ?? null,
    couponDiscountPaise: price.couponDiscountPaise,
    taxPaise: price.taxPaise,
    shippingPaise: price.shippingPaise,
    totalPaise: price.totalPaise,
    pricesIncludeGst: true,
    roundOffPaise: price.roundOffPaise,
    intraState,
    shippingGstRateBp: price.shipping.rateBp,
    shippingTaxPaise: price.shipping.taxPaise,
    idempotencyKey: state.idempotencyKey ?? null,
    estimatedDelivery: estimatedDeliveryAt(state.deliveryDate!),
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    courier: null,
    trackingNumber: null,
    buyerEmailVerified: state.buyer.emailVerified === true,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const items: OrderItemRow[] = lines.map((l, lineNo) => ({
    orderId: state.orderId,
    lineNo,
    productId: l.productId,
    name: l.name,
    image: l.image,
    pricePaise: l.pricePaise,
    quantity: l.quantity,
    size: l.size,
    color: l.color,
    categoryId: l.categoryId ?? null,
    categoryName: l.categoryName ?? null,
    hsnCode: l.hsnCode ?? null,
    gstRateBp: price.lines[lineNo]!.rateBp,
    discountPaise: price.lines[lineNo]!.discountPaise,
    taxablePaise: price.lines[lineNo]!.taxablePaise,
    taxPaise: price.lines[lineNo]!.taxPaise,
  }));
  const order: Order = { ...row, items };
  // The confirmation mail is recorded with the order (decision 0038): exactly one per order.
  return { row, items, order, price, firstOrder: !rule.any, mail: confirmationOf(deps, order) };
}

/** The checkout's order once written (committed): kept in the state, and its mail sent on. */
function adopt(deps: OrderDeps, state: CheckoutState, composed: ComposedOrder): void {
  state.order = composed.order;
  state.price = composed.price;
  state.firstOrder = composed.firstOrder;
  if (composed.mail) deps.mailer.recorded(composed.mail);
}

/** The order's confirmation mail to its buyer (none without an address: logged). */
function confirmationOf(deps: OrderDeps, order: Order): Mail | undefined {
  if (!mailsToBuyer(order)) return undefined;
  if (!order.userEmail) {
    deps.logger.warn({ orderId: order.id }, 'no e-mail address for the buyer; order mail not sent');
    return undefined;
  }
  return orderPlacedMail(order, { email: order.userEmail, name: order.userName }, deps.publicUrl);
}

/**
 * Places a cash-on-delivery order for the buyer. With an idempotency key, the order's id is derived
 * from the buyer and the key (decision 0077): the same user and key answer the order placed first
 * (`created: false`), or wait for the same checkout still in flight, and nothing else happens — no
 * stock is reserved and no coupon use counted again. Prices are the catalog's at this moment;
 * anything a client said about prices was dropped by the input schema. A coupon code is priced and
 * its use counted with the order.
 */
export async function placeOrder(
  deps: OrderDeps,
  buyer: Buyer,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
  caller: Caller,
): Promise<{ order: Order; created: boolean }> {
  // Without a coupon to check first, the pending checkout is recorded by the same statement that
  // looks the key up; with one, once the coupon has been found usable.
  const record = !input.couponCode;
  const candidates = idempotencyKey ? orderIdsOfKey(buyer.userId, idempotencyKey) : [randomUUID()];
  const start = await startCheckout(deps.db, { userId: buyer.userId, idempotencyKey, candidates, now: deps.clock(), record });
  const earlier = start.earlier && (await loadOrder(deps.db, start.earlier));
  if (earlier) return { order: earlier, created: false };
  // Every id of this key spent by failed checkouts: a fresh one (the key's unique index still holds).
  const state: CheckoutState = {
    orderId: start.orderId ?? randomUUID(),
    buyer,
    input,
    idempotencyKey,
    caller,
    recorded: start.recorded,
    liveAtStart: start.recorded ? start.live : undefined,
  };
  try {
    if (record && start.orderId && !start.recorded && !start.earlier) throw new SameCheckoutInFlight();
    await runFlow('checkout', checkoutSteps(deps), state, deps.logger);
  } catch (err) {
    if (err instanceof SameCheckoutInFlight) return { order: await outcomeOfSameCheckout(deps, state.orderId), created: false };
    if (err instanceof AlreadyPlaced) return { order: err.order, created: false };
    if (err instanceof CheckoutExpired) throw serviceUnavailable(orderMessages.catalogUnavailable);
    if (idempotencyKey && isUniqueViolation(err)) {
      const earlier = await findByIdempotencyKey(deps.db, buyer.userId, idempotencyKey);
      if (earlier) return { order: earlier, created: false };
    }
    throw err;
  }
  deps.publishEvents();
  businessMetrics.ordersPlaced.inc({ service: 'order' });
  return { order: state.order!, created: true };
}

/** How long a duplicate waits for the same checkout in flight before asking the shopper to try again. */
const SAME_CHECKOUT_WAIT_MS = 15_000;
const SAME_CHECKOUT_POLL_MS = 50;

/**
 * Waits for the checkout of the same id run by another request: its order once written, or a 503
 * (try again) when it ended without one or is still running after SAME_CHECKOUT_WAIT_MS. Nothing
 * is reserved meanwhile; a retry after a failed checkout takes the key's next id.
 */
async function outcomeOfSameCheckout(deps: OrderDeps, orderId: string): Promise<Order> {
  const until = Date.now() + SAME_CHECKOUT_WAIT_MS;
  for (;;) {
    const [order, stillPending] = await Promise.all([loadOrder(deps.db, orderId), isPending(deps, orderId)]);
    if (order) return order;
    if (!stillPending || Date.now() >= until) throw serviceUnavailable(orderMessages.catalogUnavailable);
    await new Promise((resolve) => setTimeout(resolve, SAME_CHECKOUT_POLL_MS));
  }
}

async function isPending(deps: OrderDeps, orderId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: pendingCheckouts.id }).from(pendingCheckouts).where(eq(pendingCheckouts.id, orderId));
  if (row) return true;
  // Written meanwhile (the pending checkout ends with the order's own transaction).
  return Boolean(await loadOrder(deps.db, orderId));
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * What the items would cost now (prices from the catalog's public API), with the first-order
 * discount if it applies and the coupon if one is given (already checked by the caller).
 * Nothing is reserved, so the order itself may still find a line short.
 */
export async function quoteCheckout(
  deps: OrderDeps,
  userId: string,
  items: PlaceOrderInput['items'],
  coupon?: CouponRow,
  shipState?: string,
): Promise<OrderPrice & { firstOrder: boolean }> {
  const ids = [...new Set(items.map((i) => i.productId))];
  const products = new Map((await Promise.all(ids.map((id) => deps.catalog.getProduct(id)))).map((p) => [p.id, p]));
  const firstOrder = !(await hasEarlierOrder(deps.db, userId));
  const price = priceOrder(
    items.map((i) => {
      const p = products.get(i.productId)!;
      return { unitPricePaise: p.pricePaise, quantity: i.quantity, gstRateBp: p.gstRateBp ?? STANDARD_GST_RATE_BP };
    }),
    // Without an address yet, the quote is within the seller's state; the total is the same either way.
    { firstOrder, coupon, intraState: shipState ? isIntraState(deps.seller.state, shipState) : true, cash: true },
  );
  return { ...price, firstOrder };
}

/**
 * The checkout's Apply field: whether the shopper may use this code on these items now, and what
 * the order would then cost (server prices). Each call counts against the look-up limits, so codes
 * cannot be found by trying; a refusal is the same 4xx and text the order itself would get.
 */
export async function checkCoupon(
  deps: OrderDeps,
  userId: string,
  caller: Caller,
  input: CheckCouponInput,
): Promise<{ coupon: CouponRow; quote: OrderPrice & { firstOrder: boolean } }> {
  await countCouponLookup(deps, { userId, ip: caller.ip });
  const coupon = await usableCoupon(deps.db, input.code, userId, deps.clock());
  const quote = await quoteCheckout(deps, userId, input.items, coupon);
  // The minimum is on the items' subtotal, known once the prices are.
  assertCouponMinimum(coupon, quote.itemsPaise);
  return { coupon, quote };
}
