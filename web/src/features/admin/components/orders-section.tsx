import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { getErrorMessage } from '../../../lib/api-errors';
import { formatINR } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { formatCalendarDay, isCalendarDay, shopDateTime, shopToday } from '../api/admin-orders-dates';
import type { AdminOrder, AdminOrderFilters } from '../api/admin-orders-documents';
import { knownOrderStatusOf, moveLabel, nextOrderStatuses, orderStatusLabel, type KnownOrderStatus } from '../api/admin-orders-status';
import { adminOrderNumber, useAdminOrdersActions } from '../hooks/use-admin-orders-actions';
import { useAdminOrders } from '../hooks/use-admin-orders';
import { AdminPager } from './admin-pager';
import { OrderSearchForm } from './order-search-form';
import { useAdminOrdersParams } from '../hooks/use-admin-orders-params';

const LOADING_TEXT = 'Loading orders...';
const EMPTY_TEXT = 'No orders found for the selected date.';
const NO_MATCH_TEXT = 'No orders match this search.';
const LOAD_ERROR = 'Could not fetch orders for the selected date.';
const LOAD_FAILED = 'Failed to Fetch Orders';

/** The status as a coloured pill (the shop's status colours); a status the shop does not know is neutral. */
function StatusBadge({ status }: { status: string }) {
  const known = knownOrderStatusOf(status);
  return <span className={`badge order-status order-status--${known ?? 'other'}`}>{orderStatusLabel(status)}</span>;
}

interface OrderRowProps {
  order: AdminOrder;
  isAdmin: boolean;
  busyId: string | null;
  onMove(order: AdminOrder, to: KnownOrderStatus): void;
  onDelete(order: AdminOrder): void;
}

/** The staff page of one order. */
export function adminOrderHref(orderId: string): string {
  return `/admin/order/${orderId}`;
}

/** The CSV export of what the list shows (a day is a search from that day to that day). */
function exportHref(filters: AdminOrderFilters | null, date: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters ?? { from: date, to: date })) if (value) query.set(key, value);
  return `/api/v1/admin/orders/export?${query}`;
}

function actionsIdOf(orderId: string): string {
  return `admin-order-actions-${orderId}`;
}

function OrderRow({ order, isAdmin, busyId, onMove, onDelete }: OrderRowProps) {
  const number = adminOrderNumber(order.id);
  const placed = shopDateTime(order.createdAt);
  const moves = nextOrderStatuses(order.orderStatus);
  const busy = busyId === order.id;

  return (
    <tr role="row" className="admin-orders__row" aria-busy={busy || undefined}>
      <th role="rowheader" scope="row" className="admin-orders__number">
        <Link className="admin-orders__number-text" to={adminOrderHref(order.id)}>
          <span className="sr-only">Open order </span>
          {number}
        </Link>
        {order.buyerName ? <span className="admin-orders__buyer">{order.buyerName}</span> : null}
      </th>
      <td role="cell" data-label="Placed">
        <time dateTime={order.createdAt} className="admin-orders__placed">
          <span>{placed.date}</span> <span className="admin-orders__time">{placed.time} IST</span>
        </time>
      </td>
      <td role="cell" data-label="Items">
        <ul className="admin-orders__items">
          {order.orderItems.map((item, index) => (
            <li key={`${item.productId}-${index}`}>
              {item.quantity} x {item.name}
            </li>
          ))}
        </ul>
      </td>
      <td role="cell" data-label="Status">
        <StatusBadge status={order.orderStatus} />
      </td>
      <td role="cell" data-label="Total" className="admin-ops-table__num">
        {formatINR(order.totalPrice)}
      </td>
      <td role="cell" data-label="Actions">
        <div id={actionsIdOf(order.id)} className="admin-ops-actions" tabIndex={-1}>
          {moves.map((to) => (
            <button
              key={to}
              type="button"
              className={`btn btn--sm ${to === 'cancelled' ? 'admin-ops-btn--danger' : 'btn--outline'}`}
              onClick={() => onMove(order, to)}
              disabled={busyId !== null}
            >
              {moveLabel(to)}
              <span className="sr-only"> {number}</span>
            </button>
          ))}
          {isAdmin ? (
            <button
              type="button"
              className="btn btn--sm admin-ops-btn--danger admin-orders__delete"
              onClick={() => onDelete(order)}
              disabled={busyId !== null}
            >
              Delete<span className="sr-only"> order {number}</span>
            </button>
          ) : null}
          {moves.length === 0 && !isAdmin ? <span className="admin-ops-actions__none">No actions</span> : null}
          {busy ? (
            <span className="admin-ops-actions__busy" role="status">
              Updating...
            </span>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * Orders Management: the orders of one Asia/Kolkata day, 10 a page from the server, with the moves
 * the status machine allows and, for admins, deletion. The day and page live in the address.
 */
export function OrdersSection() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { date, page, setDate, setPage, filters, setFilters } = useAdminOrdersParams();
  const { state, reload } = useAdminOrders(filters ?? { q: '', status: '', from: date, to: date }, page);
  const shown = state.status === 'ready' ? state.page : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const dateId = useId();
  const today = shopToday();

  // The field may hold a half-typed day; the list follows only complete, real days.
  const [draft, setDraft] = useState(date);
  const [shownDate, setShownDate] = useState(date);
  if (shownDate !== date) {
    setShownDate(date);
    setDraft(date);
  }

  function changeDate(value: string) {
    setDraft(value);
    if (isCalendarDay(value) && value !== date) setDate(value);
  }

  // The clicked button goes away with the old status (or the order with its deletion): the
  // keyboard focus then moves to the order's remaining actions, or to the heading.
  const focusAfterChange = useRef<string | null>(null);
  // Read again after every change: the total over all pages moves with a cancellation, and a
  // deletion (or a status that no longer matches the search) moves the next order up.
  const onChanged = useCallback(
    (change: 'status' | 'deleted', orderId: string) => {
      focusAfterChange.current = change === 'status' ? orderId : '';
      reload();
    },
    [reload],
  );
  const { changeStatus, deleteOrder, busyId } = useAdminOrdersActions(onChanged);

  useEffect(() => {
    const target = focusAfterChange.current;
    if (busyId !== null || target === null) return;
    focusAfterChange.current = null;
    const actions = target ? document.getElementById(actionsIdOf(target)) : null;
    (actions?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? actions ?? headingRef.current)?.focus();
  }, [busyId]);

  // An address past the last page (e.g. after deletions) shows the last page instead. An empty
  // day still has page 1: going to "page 0" would only set page 1 again, over and over.
  const lastPage = shown ? Math.max(1, shown.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  let body;
  if (state.status === 'loading') body = <PageLoader message={LOADING_TEXT} />;
  else if (state.status === 'error') {
    body = <LoadError message={LOAD_ERROR} detail={getErrorMessage(state.error, LOAD_FAILED)} onRetry={reload} />;
  } else if (state.page.orders.length === 0) body = <p className="admin-ops-empty">{filters ? NO_MATCH_TEXT : EMPTY_TEXT}</p>;
  else {
    body = (
      <div className="admin-ops-table-wrap">
        <table role="table" className="admin-ops-table admin-orders__table">
          <caption className="sr-only">{filters ? 'Orders found' : `Orders placed on ${formatCalendarDay(date)} (India time)`}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">Order</th>
              <th role="columnheader" scope="col">Placed</th>
              <th role="columnheader" scope="col">Items</th>
              <th role="columnheader" scope="col">Status</th>
              <th role="columnheader" scope="col" className="admin-ops-table__num">
                Total
              </th>
              <th role="columnheader" scope="col">Actions</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {state.page.orders.map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                isAdmin={isAdmin}
                busyId={busyId}
                onMove={(o, to) => void changeStatus(o.id, to)}
                onDelete={(o) => void deleteOrder(o.id)}
              />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const count = shown?.total ?? null;
  return (
    <section className="admin-ops-section admin-orders" aria-labelledby={headingId}>
      <div className="admin-ops-section__head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="admin-ops-section__title">
          Orders Management
        </h2>
      </div>
      <OrderSearchForm filters={filters} onSearch={setFilters} />
      <div className="admin-orders__toolbar">
        {filters ? null : (
          <div className="field admin-orders__date">
            <label htmlFor={dateId} className="field__label">
              Date
            </label>
            <input
              id={dateId}
              type="date"
              className="field__input"
              value={draft}
              max={today}
              onChange={(event) => changeDate(event.target.value)}
              aria-describedby={`${dateId}-hint`}
            />
            <span id={`${dateId}-hint`} className="field__hint">
              India time (IST)
            </span>
          </div>
        )}
        <p className="admin-orders__summary" role="status">
          {count !== null && filters ? (
            <>
              <span>
                <strong>{count}</strong> {count === 1 ? 'order' : 'orders'} found
              </span>
              {count > 0 && shown ? (
                <span>
                  Total <strong>{formatINR(shown.totalAmount)}</strong>{' '}
                  <span className="admin-orders__summary-note">(cancelled orders not counted)</span>
                </span>
              ) : null}
            </>
          ) : count !== null ? (
            <>
              <span>
                <strong>{count}</strong> {count === 1 ? 'order' : 'orders'} on {formatCalendarDay(date)}
              </span>
              {count > 0 && shown ? (
                <span>
                  Day&apos;s total <strong>{formatINR(shown.totalAmount)}</strong>{' '}
                  <span className="admin-orders__summary-note">(cancelled orders not counted)</span>
                </span>
              ) : null}
            </>
          ) : null}
        </p>
        {count ? (
          <a className="btn btn--outline btn--sm admin-orders__export" href={exportHref(filters, date)} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <div className="admin-orders__body" aria-busy={state.status === 'loading' || undefined}>
        {body}
      </div>
      {shown && (shown.orders.length > 0 || page > 1) ? (
        <AdminPager label="Orders pages" page={page} totalPages={shown.totalPages} onChange={(next) => setPage(next)} />
      ) : null}
    </section>
  );
}
