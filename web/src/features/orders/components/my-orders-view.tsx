import { useCallback, useId, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PackageIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import type { OrderSummary } from '../api/order-documents';
import { emptyListText, matchesStatusFilter, STATUS_FILTERS, type StatusFilter } from '../api/order-status';
import { useCancelOrder } from '../hooks/use-cancel-order';
import { useMyOrders } from '../hooks/use-my-orders';
import { useMyReturns } from '../hooks/use-my-returns';
import { useStatusFilter } from '../hooks/use-status-filter';
import { OrderCard } from './order-card';
import { OrderFilterChips } from './order-filter-chips';

const LOADING_TEXT = 'Loading your orders...';
const LOAD_ERROR = 'Could not fetch your orders.';

function countByFilter(orders: OrderSummary[]): Record<StatusFilter, number> {
  const counts = Object.fromEntries(STATUS_FILTERS.map((filter) => [filter.value, 0])) as Record<StatusFilter, number>;
  for (const order of orders) {
    for (const filter of STATUS_FILTERS) {
      if (matchesStatusFilter(order.orderStatus, filter.value)) counts[filter.value] += 1;
    }
  }
  return counts;
}

function EmptyOrders({ filter }: { filter: StatusFilter }) {
  return (
    <div className="orders-empty">
      <span className="orders-empty__icon" aria-hidden="true">
        <PackageIcon size={32} />
      </span>
      <p className="orders-empty__title">{emptyListText(filter)}</p>
      <p className="orders-empty__text">
        {filter === 'all'
          ? 'Orders you place show up here, with their delivery status.'
          : 'Choose another filter above to see your other orders.'}
      </p>
      <Link to="/" className="btn btn--primary">
        Continue Shopping
      </Link>
    </div>
  );
}

/** My Orders: the shopper's orders, filtered by the status chip in the address. */
export function MyOrdersView() {
  const { state, retry, applyOrder } = useMyOrders();
  const returnsOf = useMyReturns();
  const [filter, setFilter] = useStatusFilter();
  const { cancelOrder, cancellingId } = useCancelOrder({ onOrderChanged: applyOrder, onStale: retry });
  const listId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  const orders = state.status === 'ready' ? state.orders : null;
  const counts = useMemo(() => (orders ? countByFilter(orders) : null), [orders]);
  const shown = useMemo(
    () => orders?.filter((order) => matchesStatusFilter(order.orderStatus, filter)) ?? [],
    [orders, filter],
  );

  // A cancelled order leaves a Processing list (and its card with it): the focus then goes to the
  // page's heading rather than being lost. Elsewhere the card keeps it (OrderCard).
  const cancelFromCard = useCallback(
    async (orderId: string) => {
      const cancelled = await cancelOrder(orderId);
      if (!cancelled || matchesStatusFilter('cancelled', filter)) return cancelled;
      heading.current?.focus();
      return false;
    },
    [cancelOrder, filter],
  );

  let body;
  if (state.status === 'loading') body = <PageLoader message={LOADING_TEXT} />;
  else if (state.status === 'error') body = <LoadError message={LOAD_ERROR} onRetry={retry} />;
  else if (shown.length === 0) body = <EmptyOrders filter={filter} />;
  else {
    body = (
      <ul className="order-list" aria-label="Orders">
        {shown.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} returns={returnsOf(order.id)} onCancel={cancelFromCard} cancellingId={cancellingId} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="container orders-page">
      <PageTitle title="My Orders" description="Your orders at ShopKart: their status, delivery timeline and items." />
      <h1 ref={heading} tabIndex={-1} className="page-heading">
        My Orders
      </h1>
      <OrderFilterChips value={filter} onChange={setFilter} counts={counts} controls={listId} />
      <p className="orders-page__summary" role="status">
        {orders && shown.length > 0 ? `Showing ${shown.length} of ${orders.length} ${orders.length === 1 ? 'order' : 'orders'}` : ''}
      </p>
      <div id={listId} className="orders-page__body">
        {body}
      </div>
    </div>
  );
}
