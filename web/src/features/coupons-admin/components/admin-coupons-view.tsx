import { useId, useState, type FormEvent } from 'react';
import { useDialogs } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { getErrorMessage, payloadMessage } from '../../../lib/api-errors';
import { formatCount, formatDate, formatINR } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { couponInputOf, CREATE_COUPON, DELETE_COUPON, lastDayOf, startDayOf, UPDATE_COUPON, type AdminCoupon, type CouponInput } from '../api/admin-coupons-documents';
import { useAdminCoupons } from '../hooks/use-admin-coupons';

const SAVE_FAILED = 'Could not save the coupon. Please try again.';
const DELETE_FAILED = 'Could not delete the coupon. Please try again.';

interface FormState {
  code: string;
  type: 'percent' | 'amount';
  value: string;
  minOrder: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}

const EMPTY_FORM: FormState = { code: '', type: 'percent', value: '', minOrder: '', validFrom: '', validTo: '', maxUses: '', maxUsesPerCustomer: '1', active: true };

function formOf(c: AdminCoupon): FormState {
  return {
    code: c.code,
    type: c.type === 'amount' ? 'amount' : 'percent',
    value: String(c.value),
    minOrder: c.minOrder ? String(c.minOrder) : '',
    validFrom: startDayOf(c.validFrom),
    validTo: c.validTo ? lastDayOf(c.validTo) : '',
    maxUses: c.maxUses === null ? '' : String(c.maxUses),
    maxUsesPerCustomer: c.maxUsesPerCustomer === null ? '' : String(c.maxUsesPerCustomer),
    active: c.active,
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** What the form sends; the server checks every field and says what is wrong. */
function inputOf(form: FormState): CouponInput {
  return {
    code: form.code.trim(),
    type: form.type,
    value: Number(form.value),
    minOrder: numberOrNull(form.minOrder),
    validFrom: form.validFrom || null,
    validTo: form.validTo || null,
    maxUses: numberOrNull(form.maxUses),
    maxUsesPerCustomer: numberOrNull(form.maxUsesPerCustomer),
    active: form.active,
  };
}

export const discountText = (c: Pick<AdminCoupon, 'type' | 'value'>) => (c.type === 'percent' ? `${c.value}% off` : `${formatINR(c.value)} off`);

/** Create or edit: the coupon's terms, in rupees and shop days. */
function CouponForm({ editing, onSaved, onCancel }: { editing: AdminCoupon | null; onSaved(c: AdminCoupon): void; onCancel(): void }) {
  const [form, setForm] = useState<FormState>(editing ? formOf(editing) : EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const create = useSessionMutation(CREATE_COUPON);
  const update = useSessionMutation(UPDATE_COUPON);
  const id = useId();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const payload = editing
        ? (await update.mutate({ id: editing.id, input: inputOf(form) })).updateCoupon
        : (await create.mutate({ input: inputOf(form) })).createCoupon;
      if (!payload.success || !payload.coupon) return setError(payloadMessage(payload, SAVE_FAILED));
      toast.success(editing ? `Coupon ${payload.coupon.code} updated` : `Coupon ${payload.coupon.code} created`);
      onSaved(payload.coupon);
    } catch (err) {
      setError(getErrorMessage(err, SAVE_FAILED));
    }
  }

  const field = (key: keyof FormState, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="field__input"
        value={String(form[key])}
        onChange={(e) => set(key, e.target.value as never)}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        {...props}
      />
      {hint ? (
        <p id={`${id}-${key}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="card coupon-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="coupon-form__title">
        {editing ? `Edit coupon ${editing.code}` : 'New coupon'}
      </h2>
      <div className="form__grid">
        {field('code', 'Code', { required: true, maxLength: 20, autoCapitalize: 'characters', spellCheck: false }, '3–20 letters, digits, - or _')}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-type`}>
            Type
          </label>
          <select id={`${id}-type`} className="field__input" value={form.type} onChange={(e) => set('type', e.target.value as FormState['type'])}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off (₹)</option>
          </select>
        </div>
        {field('value', form.type === 'percent' ? 'Percent off' : 'Amount off (₹)', { type: 'number', required: true, min: form.type === 'percent' ? 1 : 0.01, max: form.type === 'percent' ? 100 : undefined, step: form.type === 'percent' ? 1 : 0.01 })}
        {field('minOrder', 'Minimum order (₹)', { type: 'number', min: 0, step: 0.01 }, 'Items before discounts and GST; empty for none')}
        {field('validFrom', 'Valid from', { type: 'date' }, 'Empty: from now')}
        {field('validTo', 'Valid until (last day)', { type: 'date' }, 'Empty: no end')}
        {field('maxUses', 'Uses in all', { type: 'number', min: 1, step: 1 }, 'Empty: no limit')}
        {field('maxUsesPerCustomer', 'Uses per customer', { type: 'number', min: 1, step: 1 }, 'Empty: no limit')}
      </div>
      <label className="coupon-form__active">
        <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active (shoppers can use it)
      </label>
      {error ? (
        <p className="coupon-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="coupon-form__buttons">
        <button type="submit" className="btn btn--primary" disabled={create.loading || update.loading}>
          {editing ? 'Save changes' : 'Create coupon'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Staff: the shop's coupon codes with their uses. Admin creates, edits, deactivates and deletes
 * them (a used coupon cannot be deleted, only deactivated); emp sees the list (decision 0028).
 */
export function AdminCouponsView() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { setPage, data, loading, error, retry, replace, remove } = useAdminCoupons();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const dialogs = useDialogs();
  const update = useSessionMutation(UPDATE_COUPON);
  const del = useSessionMutation(DELETE_COUPON);
  const list = data?.adminCoupons;

  async function setActive(c: AdminCoupon, active: boolean) {
    if (!active && !(await dialogs.confirm(`Deactivate coupon ${c.code}? Shoppers will no longer be able to use it.`, { confirmLabel: 'Deactivate' }))) return;
    try {
      const { updateCoupon } = await update.mutate({ id: c.id, input: couponInputOf(c, { active }) });
      if (!updateCoupon.success || !updateCoupon.coupon) return void toast.error(payloadMessage(updateCoupon, SAVE_FAILED));
      toast.success(`Coupon ${c.code} ${active ? 'activated' : 'deactivated'}`);
      replace(updateCoupon.coupon);
    } catch (err) {
      toastFailure(err, SAVE_FAILED);
    }
  }

  async function deleteCoupon(c: AdminCoupon) {
    if (!(await dialogs.confirm(`Delete coupon ${c.code}? This cannot be undone.`, { confirmLabel: 'Delete', danger: true }))) return;
    try {
      const { deleteCoupon: payload } = await del.mutate({ id: c.id });
      if (!payload.success) return void (await dialogs.notify(payloadMessage(payload, DELETE_FAILED)));
      toast.success(`Coupon ${c.code} deleted`);
      remove(c.id);
    } catch (err) {
      // A used coupon is refused with the reason (deactivate it instead): worth a dialog, not a toast.
      await dialogs.notify(getErrorMessage(err, DELETE_FAILED));
    }
  }

  let body;
  if (error && !loading && !list) body = <LoadError message="Could not fetch the coupons." onRetry={retry} />;
  else if (!list) body = <Spinner label="Loading coupons" />;
  else if (list.coupons.length === 0) body = <p className="coupons-admin__empty">No coupons yet.</p>;
  else
    body = (
      <>
        <div className="coupons-admin__table-wrap">
          <table className="coupons-admin__table">
            <caption className="sr-only">Coupons</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Minimum order</th>
                <th scope="col">Valid</th>
                <th scope="col">Uses</th>
                <th scope="col">Status</th>
                {isAdmin ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.coupons.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="coupons-admin__code">
                    {c.code}
                  </th>
                  <td>{discountText(c)}</td>
                  <td>{c.minOrder > 0 ? formatINR(c.minOrder) : '—'}</td>
                  <td>
                    {formatDate(c.validFrom)} – {c.validTo ? formatDate(new Date(c.validTo).getTime() - 1) : 'no end'}
                  </td>
                  <td>
                    {formatCount(c.uses)}
                    {c.maxUses !== null ? ` of ${formatCount(c.maxUses)}` : ''}
                    {c.maxUsesPerCustomer !== null ? <span className="coupons-admin__per"> · {c.maxUsesPerCustomer} per customer</span> : null}
                  </td>
                  <td>
                    <span className={`coupon-status coupon-status--${c.active ? 'active' : 'inactive'}`}>{c.active ? 'Active' : 'Inactive'}</span>
                  </td>
                  {isAdmin ? (
                    <td className="coupons-admin__actions">
                      <button type="button" className="btn btn--sm btn--outline" aria-label={`Edit ${c.code}`} onClick={() => setEditing(c)}>
                        Edit
                      </button>
                      <button type="button" className="btn btn--sm btn--outline" aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.code}`} onClick={() => void setActive(c, !c.active)}>
                        {c.active ? 'Deactivate' : 'Activate'}
                      </button>
                      <button type="button" className="btn btn--sm btn--ghost coupons-admin__delete" aria-label={`Delete ${c.code}`} onClick={() => void deleteCoupon(c)}>
                        Delete
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination current={list.currentPage} total={list.totalPages} onChange={setPage} label="Coupon pages" />
      </>
    );

  return (
    <div className="coupons-admin">
      <div className="coupons-admin__head">
        <h1 className="page-heading">Coupons</h1>
        {isAdmin && editing === null ? (
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            New coupon
          </button>
        ) : null}
      </div>
      {list ? <p className="coupons-admin__count">{`${formatCount(list.total)} ${list.total === 1 ? 'coupon' : 'coupons'}`}</p> : null}
      {isAdmin && editing !== null ? (
        <CouponForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onSaved={(c) => {
            replace(c);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {body}
    </div>
  );
}
