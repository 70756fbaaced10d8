import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { ConfirmDialogProvider } from '../components/confirm-dialog';
import { CartProvider } from '../lib/cart-store';
import { SessionProvider } from '../lib/session';
import { TOAST_MS } from '../lib/toast-durations';
import { createTokenRefresher } from '../lib/token-refresher';
import { ScrollToTop } from './scroll-to-top';

/**
 * Router, session and toasts. GraphQL needs no provider: every page sends its documents with
 * lib/graphql-request.ts (decision 0084).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [refresher] = useState(createTokenRefresher);

  return (
    <BrowserRouter>
      <ScrollToTop />
      <SessionProvider refresher={refresher}>
        <CartProvider>
          <ConfirmDialogProvider>{children}</ConfirmDialogProvider>
          <ToastContainer position="top-right" autoClose={TOAST_MS.standard} />
        </CartProvider>
      </SessionProvider>
    </BrowserRouter>
  );
}
