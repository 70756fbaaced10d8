import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isShopImagePath } from '@shop/proto-contracts/web';
import { toast } from 'react-toastify/unstyled';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Pagination } from '../../../components/pagination';
import { payloadMessage } from '../../../lib/api-errors';
import { formatDate, formatINR } from '../../../lib/format';
import { returnStatusLabel } from '@shop/proto-contracts/web';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { ACTION_LABELS, REFUND_METHODS, RETURN_FILTERS, UPDATE_RETURN, type AdminReturn } from '../api/admin-returns-documents';
import { useAdminReturns } from '../hooks/use-admin-returns';
import { PayTo } from './pay-to';

const UPDATE_FAILED = 'Could not update the return. Please try again.';

/** The moves of one return: a note for approve/reject, method and reference for a refund. */
function ReturnActions({ ret, onChanged }: { ret: AdminReturn; onChanged(ret: AdminReturn): void }) {
  const { mutate, loading } = useSessionMutation(UPDATE_RETURN);
  const [note, setNote] = useState('');
  const [method, setMethod] = useState<string>(ret.paymentMethod === 'COD' ? 'UPI' : 'Original payment method');
  const [reference, setReference] = useState('');
  const id = useId();
  if (ret.nextStatuses.length === 0) return null;
  const refunding = ret.nextStatuses.includes('refunded');

  async function move(status: string, event?: FormEvent) {
    event?.preventDefault();
    try {
      const input = refunding ? { status, refundMethod: method, refundReference: reference, note: note || null } : { status, note: note || null };
      const { updateReturn } = await mutate({ id: ret.id, input });
      if (!updateReturn.success || !updateReturn.return) return void toast.error(payloadMessage(updateReturn, UPDATE_FAILED));
      toast.success(`Return ${returnStatusLabel(status).toLowerCase()}`);
      setNote('');
      onChanged(updateReturn.return);
    } catch (error) {
      toastFailure(error, UPDATE_FAILED);
    }
  }

  return (
    <form className="admin-return__actions" onSubmit={(e) => void move(ret.nextStatuses[0]!, e)}>
      {refunding ? (
        <div className="admin-return__refund">
          <label className="field__label" htmlFor={`${id}-method`}>
            Refund method
          </label>
          <select id={`${id}-method`} className="field__input" value={method} onChange={(e) => setMethod(e.target.value)}>
            {REFUND_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
          <label className="field__label" htmlFor={`${id}-ref`}>
            Refund reference
          </label>
          <input id={`${id}-ref`} className="field__input" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={100} placeholder="e.g. UPI transaction ID" />
        </div>
      ) : null}
      <label className="field__label" htmlFor={`${id}-note`}>
        Note for the customer <span className="field__optional">(optional)</span>
      </label>
      <input id={`${id}-note`} className="field__input" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      <div className="admin-return__buttons">
        {ret.nextStatuses.map((status) => (
          <button
            key={status}
            type="button"
            className={`btn btn--sm ${status === 'rejected' ? 'btn--outline' : 'btn--primary'}`}
            disabled={loading}
            onClick={() => void move(status)}
          >
            {ACTION_LABELS[status] ?? status}
          </button>
        ))}
      </div>
    </form>
  );
}

function ReturnCard({ ret, onChanged }: { ret: AdminReturn; onChanged(ret: AdminReturn): void }) {
  const headingId = useId();
  return (
    <article className="card admin-return" aria-labelledby={headingId}>
      <header className="admin-return__head">
        <h2 id={headingId} className="admin-return__title">
          Return for order <Link to={`/admin/order/${encodeURIComponent(ret.orderId)}`}>{ret.orderNumber}</Link>
        </h2>
        <span className={`return-badge return-badge--${ret.status}`}>{returnStatusLabel(ret.status)}</span>
      </header>
      <p className="admin-return__meta">
        {ret.customer.name || 'Customer'} · {ret.customer.email ? `${ret.customer.email} · ` : ''}asked on <time dateTime={ret.createdAt}>{formatDate(ret.createdAt)}</time>
      </p>
      <ul className="admin-return__items">
        {ret.items.map((item) => (
          <li key={`${item.productId}-${item.properties.size ?? ''}`}>
            {item.name}
            {item.properties.size ? ` (${item.properties.size})` : ''} × {item.quantity}
          </li>
        ))}
      </ul>
      <p className="admin-return__reason">
        <strong>Reason:</strong> {ret.reason}
      </p>
      {/* Only the shop's own images: a staff page never loads a URL a shopper typed. */}
      {isShopImagePath(ret.photo) ? (
        <a className="admin-return__photo" href={ret.photo} target="_blank" rel="noreferrer">
          <img src={ret.photo} alt={`Photo sent with the return for order ${ret.orderNumber}`} width={96} height={96} loading="lazy" />
        </a>
      ) : null}
      <p className="admin-return__refund-amount">
        Refund due: <strong>{formatINR(ret.refundAmount)}</strong> ({ret.paymentMethod === 'COD' ? 'cash on delivery order' : 'paid online'})
        {ret.refundReference ? ` · paid by ${ret.refundMethod ?? ''}, ref. ${ret.refundReference}` : ''}
      </p>
      <PayTo ret={ret} />
      <ol className="admin-return__timeline">
        {ret.timeline.map((step) => (
          <li key={step.status}>
            {returnStatusLabel(step.status)} · <time dateTime={step.at}>{formatDate(step.at)}</time>
            {step.note ? ` — ${step.note}` : ''}
          </li>
        ))}
      </ol>
      <ReturnActions ret={ret} onChanged={onChanged} />
    </article>
  );
}

/** Staff: return requests by status, each with its items, reason, photo, refund and the next moves. */
export function AdminReturnsView() {
  const { filter, page, data, loading, error, retry, show, replace } = useAdminReturns();
  const listId = useId();
  const answer = data?.adminReturns;

  let body;
  if (answer) {
    body =
      answer.returns.length === 0 ? (
        <p className="admin-returns__empty">No {filter === 'all' ? '' : `${returnStatusLabel(filter).toLowerCase()} `}returns.</p>
      ) : (
        <>
          <div className="admin-returns__list">
            {answer.returns.map((ret) => (
              <ReturnCard key={ret.id} ret={ret} onChanged={replace} />
            ))}
          </div>
          <Pagination current={answer.currentPage} total={answer.totalPages} onChange={(p) => show({ page: p })} label="Returns pages" />
        </>
      );
  } else if (loading) body = <PageLoader message="Loading returns..." />;
  else if (error) body = <LoadError message="Could not fetch the returns." onRetry={retry} />;

  return (
    <div className="admin-returns">
      <h1 className="page-heading">Returns</h1>
      <div className="order-filters" role="group" aria-label="Filter returns by status">
        {RETURN_FILTERS.map((f) => (
          <button key={f} type="button" className="order-filter" aria-pressed={filter === f} aria-controls={listId} onClick={() => show({ filter: f })}>
            {f === 'all' ? 'All' : returnStatusLabel(f)}
          </button>
        ))}
      </div>
      <p className="admin-returns__count" aria-live="polite">
        {answer ? `${answer.total} ${answer.total === 1 ? 'return' : 'returns'}` : ''}
        {page > 1 ? ` · page ${page}` : ''}
      </p>
      <div id={listId}>{body}</div>
    </div>
  );
}
