import { useCallback, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { getErrorMessage } from '../../../lib/api-errors';
import { formatINR } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { shopDateTime } from '../api/admin-orders-dates';
import type { AdminOrder, AdminOrderFilters } from '../api/admin-orders-documents';
import { keptForTheBooks, orderStatusLabel, orderStatusOf, type OrderStatus } from '@shop/proto-contracts/web';
import { moveLabel } from '../api/order-moves';
import { adminOrderNumber, useAdminOrdersActions } from '../hooks/use-admin-orders-actions';
import { useAdminOrders } from '../hooks/use-admin-orders';
import { AdminPager } from './admin-pager';
import { OrderSearchForm } from './order-search-form';
import { useAdminOrdersParams } from '../hooks/use-admin-orders-params';

const LOADING_TEXT = 'Loading orders...';
const EMPTY_TEXT = 'No orders yet.';
const NO_MATCH_TEXT = 'No orders match this search.';
const LOAD_ERROR = 'Could not fetch orders.';
const LOAD_FAILED = 'Failed to Fetch Orders';

/** The status as a coloured pill (the shop's status colours); a status the shop does not know is neutral. */
function StatusBadge({ status }: { status: string }) {
  const known = orderStatusOf(status);
  return <span className={`badge order-status order-status--${known ?? 'other'}`}>{orderStatusLabel(status)}</span>;
}

interface OrderRowProps {
  order: AdminOrder;
  isAdmin: boolean;
  busyId: string | null;
  onMove(order: AdminOrder, to: OrderStatus): void;
  onCollect(order: AdminOrder): void;
  onDelete(order: AdminOrder): void;
  onArchive(order: AdminOrder, archived: boolean): void;
}

const PAYMENT_METHOD_SHORT: Record<string, string> = { COD: 'COD', ONLINE: 'Online' };

/** Whether the cash of a cash-on-delivery order is still to be collected now it has left the warehouse. */
export function codToCollect(order: Pick<AdminOrder, 'orderStatus' | 'paymentInfo'>): boolean {
  const status = orderStatusOf(order.orderStatus);
  return order.paymentInfo.method === 'COD' && order.paymentInfo.status === 'Pending' && (status === 'shipped' || status === 'delivered');
}

/** The staff page of one order. */
export function adminOrderHref(orderId: string): string {
  return `/admin/order/${orderId}`;
}

/** The CSV export of what the list shows. */
function exportHref(filters: AdminOrderFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return `/api/v1/admin/orders/export?${query}`;
}

function actionsIdOf(orderId: string): string {
  return `admin-order-actions-${orderId}`;
}

function OrderRow({ order, isAdmin, busyId, onMove, onCollect, onDelete, onArchive }: OrderRowProps) {
  const number = adminOrderNumber(order.id);
  const placed = shopDateTime(order.createdAt);
  const moves = order.nextStatuses;
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
        <span className="admin-orders__status">
          <StatusBadge status={order.orderStatus} />
          {order.archived ? <span className="badge admin-orders__archived">Archived</span> : null}
          <span className="admin-orders__payment">
            {PAYMENT_METHOD_SHORT[order.paymentInfo.method] ?? order.paymentInfo.method} · {order.paymentInfo.status}
          </span>
        </span>
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
          {codToCollect(order) ? (
            <button type="button" className="btn btn--sm btn--outline" onClick={() => onCollect(order)} disabled={busyId !== null}>
              Cash collected
              <span className="sr-only"> {number}</span>
            </button>
          ) : null}
          {/* Decision 0103: what was shipped or invoiced is in the books, archived (admin), never deleted. */}
          {isAdmin && (order.archived || keptForTheBooks({ status: order.orderStatus, shippedAt: order.shippedAt })) ? (
            <button
              type="button"
              className="btn btn--sm btn--outline admin-orders__delete"
              onClick={() => onArchive(order, !order.archived)}
              disabled={busyId !== null}
            >
              {order.archived ? 'Unarchive' : 'Archive'}
              <span className="sr-only"> order {number}</span>
            </button>
          ) : isAdmin ? (
            <button
              type="button"
              className="btn btn--sm admin-ops-btn--danger admin-orders__delete"
              onClick={() => onDelete(order)}
              disabled={busyId !== null}
            >
              Delete<span className="sr-only"> order {number}</span>
            </button>
          ) : null}
          {moves.length === 0 && !isAdmin && !codToCollect(order) ? <span className="admin-ops-actions__none">No actions</span> : null}
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
 * Orders Management: every order, newest first, 10 a page from the server, found by number,
 * buyer, status, payment and a range of India days, with the moves the status machine allows
 * (each asked first), collecting cash on delivery and, for admins, deletion. Filters and page
 * live in the address.
 */
export function OrdersSection() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { page, setPage, filters, filtered, setFilters } = useAdminOrdersParams();
  const { state, reload } = useAdminOrders(filters, page);
  const shown = state.status === 'ready' ? state.page : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

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
  const { changeStatus, collectCod, deleteOrder, archiveOrder, busyId, dialog } = useAdminOrdersActions(onChanged);

  useEffect(() => {
    const target = focusAfterChange.current;
    if (busyId !== null || target === null) return;
    focusAfterChange.current = null;
    const actions = target ? document.getElementById(actionsIdOf(target)) : null;
    (actions?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? actions ?? headingRef.current)?.focus();
  }, [busyId]);

  // An address past the last page (e.g. after deletions) shows the last page instead. An empty
  // list still has page 1: going to "page 0" would only set page 1 again, over and over.
  const lastPage = shown ? Math.max(1, shown.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  let body;
  if (state.status === 'loading') body = <PageLoader message={LOADING_TEXT} />;
  else if (state.status === 'error') {
    body = <LoadError message={LOAD_ERROR} detail={getErrorMessage(state.error, LOAD_FAILED)} onRetry={reload} />;
  } else if (state.page.orders.length === 0) body = <p className="admin-ops-empty">{filtered ? NO_MATCH_TEXT : EMPTY_TEXT}</p>;
  else {
    body = (
      <div className="admin-ops-table-wrap">
        <table role="table" className="admin-ops-table admin-orders__table">
          <caption className="sr-only">{filtered ? 'Orders found' : 'All orders, newest first'}</caption>
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
                onCollect={(o) => void collectCod(o.id, o.totalPrice)}
                onDelete={(o) => void deleteOrder(o.id)}
                onArchive={(o, archived) => void archiveOrder(o.id, archived)}
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
      <OrderSearchForm filters={filters} filtered={filtered} onSearch={setFilters} />
      <div className="admin-orders__toolbar">
        <p className="admin-orders__summary" role="status">
          {count !== null ? (
            <>
              <span>
                <strong>{count}</strong> {count === 1 ? 'order' : 'orders'} {filtered ? 'found' : 'in all'}
              </span>
              {count > 0 && shown ? (
                <span>
                  Total <strong>{formatINR(shown.totalAmount)}</strong>{' '}
                  <span className="admin-orders__summary-note">(cancelled orders not counted)</span>
                </span>
              ) : null}
            </>
          ) : null}
        </p>
        {count ? (
          <a className="btn btn--outline btn--sm admin-orders__export" href={exportHref(filters)} download>
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
      {dialog}
    </section>
  );
}
