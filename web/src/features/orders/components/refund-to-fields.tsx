import { useId } from 'react';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, refundToMessages, UPI_ID_PATTERN, type RefundTo } from '@shop/proto-contracts/web';

/** What the shopper has typed so far. */
export interface RefundToDraft {
  method: 'UPI' | 'Bank transfer';
  upiId: string;
  ifsc: string;
  accountNumber: string;
  accountName: string;
}

export const EMPTY_REFUND_TO: RefundToDraft = { method: 'UPI', upiId: '', ifsc: '', accountNumber: '', accountName: '' };

/** The draft as the server takes it, or the message of its first mistake (the server's rules). */
export function readRefundTo(d: RefundToDraft): { refundTo: RefundTo } | { problem: string } {
  if (d.method === 'UPI') {
    const upiId = d.upiId.trim();
    return UPI_ID_PATTERN.test(upiId) ? { refundTo: { method: 'UPI', upiId } } : { problem: refundToMessages.upiInvalid };
  }
  const ifsc = d.ifsc.trim().toUpperCase();
  const accountNumber = d.accountNumber.replace(/\s+/g, '');
  const accountName = d.accountName.trim();
  if (!IFSC_PATTERN.test(ifsc)) return { problem: refundToMessages.ifscInvalid };
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) return { problem: refundToMessages.accountNumberInvalid };
  if (!accountName) return { problem: refundToMessages.accountNameRequired };
  return { refundTo: { method: 'Bank transfer', ifsc, accountNumber, accountName } };
}

/**
 * Where the refund of a cash-on-delivery order goes (there is no card to refund to): a UPI ID, or a
 * bank account (decision 0054).
 */
export function RefundToFields({ value, onChange }: { value: RefundToDraft; onChange(next: RefundToDraft): void }) {
  const id = useId();
  const set = (key: keyof RefundToDraft) => (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value });
  return (
    <fieldset className="refund-to">
      <legend className="field__label">Refund to (cash-on-delivery order)</legend>
      <div className="refund-to__methods">
        {(['UPI', 'Bank transfer'] as const).map((method) => (
          <label key={method} className="refund-to__method">
            <input type="radio" name={`${id}-method`} value={method} checked={value.method === method} onChange={() => onChange({ ...value, method })} />{' '}
            {method === 'UPI' ? 'UPI' : 'Bank account'}
          </label>
        ))}
      </div>
      {value.method === 'UPI' ? (
        <div className="field">
          <label htmlFor={`${id}-upi`} className="field__label">
            UPI ID
          </label>
          <input id={`${id}-upi`} className="field__input" value={value.upiId} onChange={set('upiId')} placeholder="name@okaxis" autoComplete="off" spellCheck={false} />
        </div>
      ) : (
        <div className="refund-to__bank">
          <div className="field">
            <label htmlFor={`${id}-name`} className="field__label">
              Account holder
            </label>
            <input id={`${id}-name`} className="field__input" value={value.accountName} onChange={set('accountName')} autoComplete="name" maxLength={100} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-account`} className="field__label">
              Account number
            </label>
            <input id={`${id}-account`} className="field__input" value={value.accountNumber} onChange={set('accountNumber')} inputMode="numeric" autoComplete="off" maxLength={22} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-ifsc`} className="field__label">
              IFSC
            </label>
            <input id={`${id}-ifsc`} className="field__input" value={value.ifsc} onChange={set('ifsc')} placeholder="HDFC0001234" autoComplete="off" maxLength={11} />
          </div>
        </div>
      )}
      <p className="field__hint">Only the staff member paying your refund sees these details in full.</p>
    </fieldset>
  );
}
