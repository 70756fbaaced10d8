import type { EventEnvelope } from '@shop/proto-contracts';
import { fixedStatement, outboxInsertText, outboxParams, type Db, type Folded, type FixedStatement, type Mail, type Mailer } from '@shop/platform';
import type { OrderItemRow, OrderRow } from '../db/schema';

/*
 * The checkout's statements, written once as SQL text (decision 0033): the hot path runs the same
 * few statements for every order, so drizzle does not build them again on each call, and rows that
 * are written together go in one statement (a data-modifying `with`), one round trip instead of
 * several. The tables are the ones of db/migrations (schema "order"); the outbox is the service's.
 */

/** The buyer's order placed with an idempotency key (the unique index answers). */
const orderWithKey = (user: string, key: string) => `select id from "order".orders where user_id = ${user}::uuid and idempotency_key = ${key}::text`;

/** Whether the buyer has an order that is not cancelled: the first-order rule (the first such row of the buyer's index answers). */
const hasLiveOrder = (user: string) => `exists (select 1 from "order".orders where user_id = ${user}::uuid and lower(status) <> 'cancelled')`;

/** Ends the pending checkout (a `with` query answering its id when there was one). */
const endPending = (id: string) => `delete from "order".pending_checkouts where id = ${id}::uuid returning id`;

/**
 * Starts a checkout in one statement: the order this user already placed with this idempotency
 * key, if any; else the first of the candidate ids not spent by a checkout that ended without an
 * order (decision 0077); and, when asked to record and there is no earlier order, the pending
 * checkout under that id (decision 0020) — committed when the statement ends, before any stock is
 * held. A pending checkout of the same id already there (the same request in flight) is left as
 * it is and reported as not recorded.
 */
const startCheckoutStatement = fixedStatement<{ earlier: string | null; order_id: string | null; recorded: number; live: boolean }>(`with earlier as (
    ${orderWithKey('$1', '$2')}
  ), candidate as (
    select c.id from unnest($3::uuid[]) with ordinality as c(id, n)
    where not exists (select 1 from "order".released_checkouts as r where r.id = c.id)
    order by c.n limit 1
  ), pending as (
    insert into "order".pending_checkouts (id, user_id, started_at)
    select id, $1::uuid, $4::timestamptz from candidate where $5::boolean and not exists (select 1 from earlier)
    on conflict (id) do nothing
    returning id
  )
  select (select id from earlier) as earlier, (select id from candidate) as order_id, (select count(*) from pending)::int as recorded,
    ${hasLiveOrder('$1')} as live`);

export interface StartedCheckout {
  /** The order placed earlier with this key (nothing recorded then). */
  earlier?: string;
  /** The id this checkout goes under; undefined when every candidate is spent. */
  orderId?: string;
  /** Whether the pending checkout was recorded by this statement. */
  recorded: boolean;
  /**
   * Whether the buyer had an order that is not cancelled when the checkout started (the first-order
   * rule as it stood then; the order's write checks it again under the buyer's lock).
   */
  live: boolean;
}

export async function startCheckout(
  db: Db,
  request: { userId: string; idempotencyKey: string | undefined; candidates: string[]; now: Date; record: boolean },
): Promise<StartedCheckout> {
  const [row] = await startCheckoutStatement(db, [request.userId, request.idempotencyKey ?? null, request.candidates, request.now.toISOString(), request.record]);
  return { earlier: row?.earlier ?? undefined, orderId: row?.order_id ?? undefined, recorded: Number(row?.recorded ?? 0) > 0, live: Boolean(row?.live) };
}

/**
 * Under the buyer's checkout lock (its own statement before this one, so this statement's snapshot
 * — taken when it starts, once the lock is held — sees every checkout that held the lock before):
 * ends the pending checkout, and reads the order placed with this key (the unique index) and
 * whether the buyer has an order that is not cancelled (the first-order rule; the first such row
 * of the buyer's index answers, however many orders they have).
 */
const settleCheckoutStatement = fixedStatement<SettledRow>(`with ended as (
    ${endPending('$1')}
  )
  select (select count(*) from ended)::int as ended,
    (${orderWithKey('$2', '$3')}) as same_key,
    ${hasLiveOrder('$2')} as live`);

export interface SettledCheckout {
  /** False when the recovery gave the checkout up meanwhile (no order may follow). */
  ended: boolean;
  /** Whether the buyer has an order that is not cancelled (or the one with this key). */
  any: boolean;
  /** The order placed with this key, if any. */
  sameKey?: string;
}

type SettledRow = { ended: number; same_key: string | null; live: boolean };

/** One checkout per buyer at a time: the first-order rule and the idempotency key hold (released with the transaction). */
const lockBuyerStatement = fixedStatement(`select pg_advisory_xact_lock(hashtext($1::text))`);

export function lockBuyer(userId: string): Folded {
  return [lockBuyerStatement, [`order-checkout:${userId}`]];
}

/** The settling statement, sent after the buyer's lock (in the same batch: its snapshot is taken once the lock is held). */
export function settleCheckout(orderId: string, userId: string, idempotencyKey: string | undefined): Folded<SettledRow> {
  return [settleCheckoutStatement, [orderId, userId, idempotencyKey ?? null]];
}

export function settledOf(rows: SettledRow[], idempotencyKey: string | undefined): SettledCheckout {
  const [row] = rows;
  const sameKey = idempotencyKey !== undefined && row?.same_key ? row.same_key : undefined;
  return { ended: Number(row?.ended ?? 0) > 0, any: Boolean(row?.live || sameKey), sameKey };
}

const ORDER_PARAMS = 29;
const ITEM_PARAMS = 15;

/** What the order's write raises when it settles the checkout itself and finds it settled otherwise (see insertOrder). */
const SETTLED_OTHERWISE = 'checkout settled otherwise';

/** Whether an error is the order's write finding the checkout settled otherwise (nothing was written: the transaction rolled back). */
export function isSettledOtherwise(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return [e, e?.cause].some((x) => x?.code === '22P02' && String(x.message).includes(SETTLED_OTHERWISE));
}

/**
 * The checkout settled in the order's own statement (see insertOrder's `settles`): the pending
 * checkout ends, no order has the key yet, and the buyer has a live order exactly when the price
 * assumed so ($55); else an error (the text depends on the rows, so it is raised only then) and the
 * COMMIT sent with it rolls back.
 */
const SETTLING_CTES = `ended as (
        ${endPending('$1')}
      ), settled as (
        select case when (select count(*) from ended) = 1
            and not exists (${orderWithKey('$2', '$21')})
            and ${hasLiveOrder('$2')} = $55::boolean
          -- The text is built from the rows so that it is cast only when this branch is taken.
          then 1 else ('${SETTLED_OTHERWISE}: ' || (select count(*) from ended) || ' ended')::int end as ok
      ), `;

/** The order, its items, its event and its confirmation mail in one statement (one round trip), per outbox schema and mailer. */
const writeOrderStatements = new Map<string, FixedStatement<{ n: number }>>();
function writeOrderStatement(schema: string, mailer: Mailer, settles: boolean): FixedStatement<{ n: number }> {
  const key = `${schema}|${mailer.transport}|${settles}`;
  let statement = writeOrderStatements.get(key);
  if (!statement) {
    statement = fixedStatement(`with ${settles ? SETTLING_CTES : ''}o as (
        insert into "order".orders (id, user_id, user_email, user_name, status, ship_address, ship_city, ship_state, ship_country,
          ship_pin_code, ship_phone, payment_method, payment_status, items_paise, discount_paise, coupon_code, coupon_discount_paise,
          tax_paise, shipping_paise, total_paise, idempotency_key, created_at, updated_at,
          prices_include_gst, round_off_paise, intra_state, shipping_gst_rate_bp, shipping_tax_paise, buyer_email_verified, estimated_delivery)
        values ($1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text,
          $10::int, $11::text, $12::text, $13::text, $14::bigint, $15::bigint, $16::text, $17::bigint,
          $18::bigint, $19::bigint, $20::bigint, $21::text, $22::timestamptz, $22::timestamptz,
          $23::boolean, $24::bigint, $25::boolean, $26::int, $27::bigint, $28::boolean, $29::timestamptz)
      ), i as (
        insert into "order".order_items (order_id, line_no, product_id, name, image, price_paise, quantity, size, color, category_id, category_name,
          hsn_code, gst_rate_bp, discount_paise, taxable_paise, tax_paise)
        select $1::uuid, l.* from unnest($30::smallint[], $31::uuid[], $32::text[], $33::text[], $34::int[], $35::int[], $36::text[], $37::text[], $38::text[], $39::text[],
          $40::text[], $41::int[], $42::bigint[], $43::bigint[], $44::bigint[]) as l
      ), e as (
        ${outboxInsertText(schema, ORDER_PARAMS + ITEM_PARAMS + 1)}
      ), m as (
        ${mailer.insertText(ORDER_PARAMS + ITEM_PARAMS + OUTBOX_PARAMS + 1)}
      )
      select ${settles ? '(select ok from settled)' : '1'} as n`);
    writeOrderStatements.set(key, statement);
  }
  return statement;
}

const OUTBOX_PARAMS = 7;

/**
 * Writes a new order with its items, its event and its confirmation mail (none when `mail` is
 * undefined), in the caller's transaction, in one statement. The row is as given (every column
 * the order has when placed), so the caller's copy is the stored one.
 *
 * With `settles` (sent after the buyer's lock, in the same batch), the statement also settles the
 * checkout as settleCheckout does, and fails (see isSettledOtherwise) unless it ended the pending
 * checkout, no order has the key, and the buyer's live order is as `settles.live` says: one round
 * trip for the usual checkout, whose price assumed the first-order rule as it stood at its start.
 */
export function insertOrder(
  schema: string,
  mailer: Mailer,
  row: OrderRow,
  items: OrderItemRow[],
  event: EventEnvelope,
  mail: Mail | undefined,
  settles?: { live: boolean },
): Folded<{ n: number }> {
  const column = <K extends keyof OrderItemRow>(key: K) => items.map((i) => i[key]);
  return [
    writeOrderStatement(schema, mailer, settles !== undefined),
    [
      row.id,
      row.userId,
      row.userEmail,
      row.userName,
      row.status,
      row.shipAddress,
      row.shipCity,
      row.shipState,
      row.shipCountry,
      row.shipPinCode,
      row.shipPhone,
      row.paymentMethod,
      row.paymentStatus,
      row.itemsPaise,
      row.discountPaise,
      row.couponCode,
      row.couponDiscountPaise,
      row.taxPaise,
      row.shippingPaise,
      row.totalPaise,
      row.idempotencyKey,
      row.createdAt.toISOString(),
      row.pricesIncludeGst,
      row.roundOffPaise,
      row.intraState,
      row.shippingGstRateBp,
      row.shippingTaxPaise,
      row.buyerEmailVerified,
      row.estimatedDelivery?.toISOString() ?? null,
      column('lineNo'),
      column('productId'),
      column('name'),
      column('image'),
      column('pricePaise'),
      column('quantity'),
      column('size'),
      column('color'),
      column('categoryId'),
      column('categoryName'),
      column('hsnCode'),
      column('gstRateBp'),
      column('discountPaise'),
      column('taxablePaise'),
      column('taxPaise'),
      ...outboxParams(event),
      mail?.to ?? null,
      mail?.subject ?? null,
      mail?.text ?? null,
      ...(settles ? [settles.live] : []),
    ],
  ];
}
