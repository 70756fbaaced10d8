import { toast as toastify, type Id, type ToastOptions } from 'react-toastify/unstyled';

/**
 * The shop's toasts: react-toastify's, except that a message already on screen is not stacked
 * again (a shopper pressing Increase five times sees one "Updated … quantity" toast, not five).
 * The toast's id is its kind and text, which react-toastify uses to ignore a repeat while the
 * first is shown.
 */
function once(kind: 'success' | 'error' | 'info' | 'warning') {
  return (message: string, options?: ToastOptions): Id => toastify[kind === 'warning' ? 'warn' : kind](message, { toastId: `${kind}:${message}`, ...options });
}

export const toast = {
  success: once('success'),
  error: once('error'),
  info: once('info'),
  warn: once('warning'),
  dismiss: toastify.dismiss,
};
