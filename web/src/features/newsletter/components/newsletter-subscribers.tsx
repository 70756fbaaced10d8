import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { formatCount, formatDate } from '../../../lib/format';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { exportHref, NEWSLETTER_SUBSCRIBERS, type NewsletterStatus } from '../api/newsletter-documents';

const FILTERS: ReadonlyArray<{ value: NewsletterStatus | ''; label: string }> = [
  { value: '', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Awaiting confirmation' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];
const STATUS_LABELS: Record<NewsletterStatus, string> = { confirmed: 'Confirmed', pending: 'Awaiting confirmation', unsubscribed: 'Unsubscribed' };

/**
 * Staff (admin and emp): who signed up for the newsletter, 20 a page, by status, and the list as a
 * CSV file. Only confirmed addresses may be mailed; the others are shown so staff can answer a
 * shopper who asks.
 */
export function NewsletterSubscribers() {
  const [status, setStatus] = useState<NewsletterStatus | ''>('');
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useSessionQuery(NEWSLETTER_SUBSCRIBERS, {
    status: status || null,
    page,
  });
  const list = data?.newsletterSubscribers;

  let body;
  if (error && !loading) body = <LoadError message="Failed to load newsletter subscribers." onRetry={refetch} />;
  else if (!list) body = <Spinner label="Loading subscribers" />;
  else if (list.subscribers.length === 0) body = <p className="newsletter-admin__empty">No subscribers found.</p>;
  else
    body = (
      <>
        <div className="newsletter-admin__table-wrap">
          <table className="newsletter-admin__table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
                <th scope="col">Signed up</th>
                <th scope="col">Confirmed</th>
              </tr>
            </thead>
            <tbody>
              {list.subscribers.map((s) => (
                <tr key={s.email}>
                  <td className="newsletter-admin__email">{s.email}</td>
                  <td data-label="Status">
                    <span className={`newsletter-status newsletter-status--${s.status}`}>{STATUS_LABELS[s.status]}</span>
                  </td>
                  <td data-label="Signed up">{formatDate(s.subscribedAt)}</td>
                  <td data-label="Confirmed">{s.confirmedAt ? formatDate(s.confirmedAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination current={list.currentPage} total={list.totalPages} onChange={setPage} />
      </>
    );

  return (
    <div className="newsletter-admin">
      <div className="newsletter-admin__head">
        <h1 className="page-heading">Newsletter subscribers</h1>
        {list ? <p className="newsletter-admin__count">{formatCount(list.total)} in this list</p> : null}
      </div>
      <div className="newsletter-admin__tools">
        <label className="newsletter-admin__filter">
          <span>Status</span>
          <select
            className="filters__select"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as NewsletterStatus | '');
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <a className="btn btn--outline" href={exportHref(status)} download>
          Export CSV
        </a>
      </div>
      {body}
    </div>
  );
}
