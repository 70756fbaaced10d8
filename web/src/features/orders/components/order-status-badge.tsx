import { orderStatusLabel, orderStatusOf } from '@shop/proto-contracts/web';

/** The status as a coloured pill; a status the shop does not know gets a neutral style. */
export function OrderStatusBadge({ status }: { status: string }) {
  const known = orderStatusOf(status);
  return (
    <span className={`badge order-status order-status--${known ?? 'other'}`}>
      <span className="sr-only">Status: </span>
      {orderStatusLabel(status)}
    </span>
  );
}
