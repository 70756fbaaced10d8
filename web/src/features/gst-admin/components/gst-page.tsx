import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { formatINR } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { useStaffRole } from '../../admin/components/admin-shell';
import { CREATE_GST_RATE, GST_RATES, GST_SLABS, GST_SUMMARY, gstSummaryCsvHref, UPDATE_GST_RATE, type GstRate } from '../api/gst-documents';

const SAVE_FAILED = 'Could not save the GST rate. Please try again.';

/** This month on the shop's calendar (Asia/Kolkata), YYYY-MM. */
function thisMonth(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

/** One rate row: admin changes its rate (a GST slab); emp reads. */
function RateRow({ rate, canEdit, onSaved }: { rate: GstRate; canEdit: boolean; onSaved(): void }) {
  const { mutate, loading } = useSessionMutation(UPDATE_GST_RATE);
  const [value, setValue] = useState(rate.rate);
  const save = async () => {
    try {
      await mutate({ id: rate.id, input: { rate: value } });
      toast.success(`GST rate of ${rate.hsnPrefix} saved`);
      onSaved();
    } catch (failure) {
      toastFailure(failure, SAVE_FAILED);
    }
  };
  return (
    <tr>
      <td>{rate.hsnPrefix}</td>
      <td data-label="Up to">{rate.upTo === null ? 'Any value' : `${formatINR(rate.upTo)} a piece`}</td>
      <td data-label="Rate">
        {canEdit ? (
          <span className="gst-admin__rate-edit">
            <select className="filters__select" aria-label={`Rate of ${rate.hsnPrefix}${rate.upTo === null ? '' : ` up to ${rate.upTo}`}`} value={value} onChange={(e) => setValue(Number(e.target.value))}>
              {GST_SLABS.map((s) => (
                <option key={s} value={s}>
                  {s}%
                </option>
              ))}
            </select>
            {value !== rate.rate ? (
              <button type="button" className="btn btn--outline btn--sm" disabled={loading} onClick={() => void save()}>
                Save
              </button>
            ) : null}
          </span>
        ) : (
          `${rate.rate}%`
        )}
      </td>
      <td data-label="What">{rate.description}</td>
    </tr>
  );
}

/** Admin adds a rate for an HSN prefix (and a limit per piece, when the rate depends on it). */
function AddRate({ onSaved }: { onSaved(): void }) {
  const { mutate, loading } = useSessionMutation(CREATE_GST_RATE);
  const [prefix, setPrefix] = useState('');
  const [upTo, setUpTo] = useState('');
  const [rate, setRate] = useState<number>(18);
  const [description, setDescription] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await mutate({ input: { hsnPrefix: prefix.trim(), upTo: upTo.trim() ? Number(upTo) : null, rate, description } });
      toast.success(`GST rate for ${prefix.trim()} added`);
      setPrefix('');
      setUpTo('');
      setDescription('');
      onSaved();
    } catch (failure) {
      toastFailure(failure, SAVE_FAILED);
    }
  };
  return (
    <form className="gst-admin__add" onSubmit={(e) => void submit(e)}>
      <label>
        <span>HSN prefix</span>
        <input className="field__input" value={prefix} onChange={(e) => setPrefix(e.target.value)} inputMode="numeric" maxLength={8} required />
      </label>
      <label>
        <span>Up to (₹ a piece before tax, optional)</span>
        <input className="field__input" value={upTo} onChange={(e) => setUpTo(e.target.value)} inputMode="decimal" />
      </label>
      <label>
        <span>Rate</span>
        <select className="filters__select" value={rate} onChange={(e) => setRate(Number(e.target.value))}>
          {GST_SLABS.map((s) => (
            <option key={s} value={s}>
              {s}%
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>What</span>
        <input className="field__input" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
      </label>
      <button type="submit" className="btn btn--primary btn--sm" disabled={loading}>
        Add rate
      </button>
    </form>
  );
}

/** The month's GST summary for GSTR-1 (admin): B2C by state and rate, HSN-wise, and its CSV. */
function MonthlySummary() {
  const [month, setMonth] = useState(thisMonth());
  const { data, loading, error, refetch } = useSessionQuery(GST_SUMMARY, { month }, { skip: !/^\d{4}-\d{2}$/.test(month) });
  const s = data?.gstSummary;
  return (
    <section className="gst-admin__summary" aria-labelledby="gst-summary-title">
      <h2 id="gst-summary-title" className="card__title">
        Monthly GST summary (GSTR-1)
      </h2>
      <div className="newsletter-admin__tools">
        <label className="newsletter-admin__filter">
          <span>Month</span>
          <input className="field__input" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </label>
        <a className="btn btn--outline" href={gstSummaryCsvHref(month)} download>
          Download CSV
        </a>
      </div>
      {error && !loading ? (
        <LoadError message="Failed to load the GST summary." onRetry={refetch} />
      ) : !s ? (
        <Spinner label="Loading the GST summary" />
      ) : (
        <>
          <p>
            {s.invoices} invoices less {s.creditNotes} credit notes · taxable value {formatINR(s.totals.taxableValue)} · CGST {formatINR(s.totals.cgst)} · SGST{' '}
            {formatINR(s.totals.sgst)} · IGST {formatINR(s.totals.igst)}
          </p>
          <div className="newsletter-admin__table-wrap">
            <table className="newsletter-admin__table" aria-label="B2C supplies by place of supply and rate">
              <thead>
                <tr>
                  <th scope="col">Place of supply</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Taxable value</th>
                  <th scope="col">CGST</th>
                  <th scope="col">SGST</th>
                  <th scope="col">IGST</th>
                </tr>
              </thead>
              <tbody>
                {s.b2c.map((b) => (
                  <tr key={`${b.placeOfSupply}-${b.rate}`}>
                    <td>{b.placeOfSupply}</td>
                    <td data-label="Rate">{b.rate}%</td>
                    <td data-label="Taxable value">{formatINR(b.taxableValue)}</td>
                    <td data-label="CGST">{formatINR(b.cgst)}</td>
                    <td data-label="SGST">{formatINR(b.sgst)}</td>
                    <td data-label="IGST">{formatINR(b.igst)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="newsletter-admin__table-wrap">
            <table className="newsletter-admin__table" aria-label="HSN summary">
              <thead>
                <tr>
                  <th scope="col">HSN</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total value</th>
                  <th scope="col">Taxable value</th>
                  <th scope="col">CGST</th>
                  <th scope="col">SGST</th>
                  <th scope="col">IGST</th>
                </tr>
              </thead>
              <tbody>
                {s.hsn.map((h) => (
                  <tr key={`${h.hsnCode}-${h.rate}`}>
                    <td>{h.hsnCode}</td>
                    <td data-label="Rate">{h.rate}%</td>
                    <td data-label="Quantity">{h.quantity}</td>
                    <td data-label="Total value">{formatINR(h.totalValue)}</td>
                    <td data-label="Taxable value">{formatINR(h.taxableValue)}</td>
                    <td data-label="CGST">{formatINR(h.cgst)}</td>
                    <td data-label="SGST">{formatINR(h.sgst)}</td>
                    <td data-label="IGST">{formatINR(h.igst)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * /admin/gst (staff): the GST rate table by HSN (admin edits, emp reads; decision 0046) and, for
 * admin, the monthly GST summary to file GSTR-1 from (decision 0049).
 */
export function GstPage() {
  const role = useStaffRole();
  const { data, loading, error, refetch } = useSessionQuery(GST_RATES, {});
  const isAdmin = role === 'admin';
  return (
    <div className="newsletter-admin gst-admin">
      <div className="newsletter-admin__head">
        <h1 className="page-heading">GST</h1>
      </div>
      {isAdmin ? <MonthlySummary /> : null}
      <section aria-labelledby="gst-rates-title">
        <h2 id="gst-rates-title" className="card__title">
          GST rates by HSN
        </h2>
        <p>
          Prices include GST. A product pays the rate of the longest HSN prefix that matches its code; where a limit is given, while a piece is worth at most that much
          before tax. A change applies to orders placed after it.{isAdmin ? '' : ' Only an admin changes the rates.'}
        </p>
        {isAdmin ? <AddRate onSaved={refetch} /> : null}
        {error && !loading ? (
          <LoadError message="Failed to load the GST rates." onRetry={refetch} />
        ) : !data ? (
          <Spinner label="Loading GST rates" />
        ) : (
          <div className="newsletter-admin__table-wrap">
            <table className="newsletter-admin__table" aria-label="GST rates">
              <thead>
                <tr>
                  <th scope="col">HSN prefix</th>
                  <th scope="col">Up to</th>
                  <th scope="col">Rate</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {data.gstRates.map((r) => (
                  <RateRow key={`${r.id}-${r.rate}`} rate={r} canEdit={isAdmin} onSaved={refetch} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
