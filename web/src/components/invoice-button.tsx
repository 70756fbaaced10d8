import { useState } from 'react';
import { formatOrderNumber } from '../lib/format';
import { downloadFile } from '../lib/download';
import { useSession } from '../lib/session';
import { toastFailure } from '../lib/toast-failure';

const DOWNLOAD_FAILED = 'Could not download the invoice. Please try again.';

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
