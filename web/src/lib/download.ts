import { ServerMessageError } from './api-errors';
import { fetchWithTimeout } from './http';

/** The file name a Content-Disposition header gives, if any. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * Downloads a file the session may read (e.g. a tax invoice) and hands it to the browser to save.
 * A 401 refreshes the session once and retries; a refusal throws ServerMessageError with the
 * server's message.
 */
export async function downloadFile(url: string, fallbackName: string, refreshSession: () => Promise<boolean>): Promise<void> {
  let response = await fetchWithTimeout(url);
  if (response.status === 401 && (await refreshSession())) response = await fetchWithTimeout(url);
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ServerMessageError(answer.message ?? '');
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
