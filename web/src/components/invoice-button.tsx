import { useState } from 'react';
import { formatOrderNumber } from '../lib/format';
import { downloadFile } from '../lib/download';
import { useSession } from '../lib/session';
import { toastFailure } from '../lib/toast-failure';

const DOWNLOAD_FAILED = 'Could not download the invoice. Please try again.';
const CREDIT_NOTE_FAILED = 'Could not download the credit note. Please try again.';

/** Downloads a received return's credit note (PDF, decision 0048). */
export function CreditNoteButton({ returnId, number }: { returnId: string; number: string }) {
  const { refreshSession } = useSession();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(`/api/v1/returns/${returnId}/credit-note/pdf`, `${number.replace(/\//g, '-')}.pdf`, refreshSession);
    } catch (error) {
      toastFailure(error, CREDIT_NOTE_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn--outline btn--sm" onClick={() => void download()} disabled={busy}>
      {busy ? 'Downloading…' : 'Download credit note'}
      <span className="sr-only"> {number}</span>
    </button>
  );
}

/** Downloads a delivered order's GST tax invoice (PDF). */
export function InvoiceButton({ orderId, url }: { orderId: string; url: string }) {
  const { refreshSession } = useSession();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(url, `invoice-${formatOrderNumber(orderId).slice(1)}.pdf`, refreshSession);
    } catch (error) {
      toastFailure(error, DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn--outline btn--sm" onClick={() => void download()} disabled={busy}>
      {busy ? 'Downloading…' : 'Download invoice'}
      <span className="sr-only"> of order {formatOrderNumber(orderId)}</span>
    </button>
  );
}
