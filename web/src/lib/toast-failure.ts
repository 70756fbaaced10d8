import type { ToastOptions } from 'react-toastify/unstyled';
import { toast } from './toast';
import { getErrorMessage, isSessionExpired } from './api-errors';

/**
 * Error toast for a failed call. A call that failed because the session expired says nothing
 * more: the session-expired toast has already told the visitor and sent them to /login.
 */
export function toastFailure(error: unknown, fallback: string, options?: ToastOptions): void {
  if (isSessionExpired(error)) return;
  toast.error(getErrorMessage(error, fallback), options);
}
