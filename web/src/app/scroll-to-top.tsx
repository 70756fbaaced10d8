import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Navigations that change only what a page shows (a listing's filters) say so in their state. */
function keepsScroll(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { keepScroll?: unknown }).keepScroll);
}

/**
 * Spec: the page scrolls to the top on every route change. Focus moves to the main region too,
 * so keyboard and screen-reader users start reading the new page rather than the old link.
 * A filter change on a listing keeps the scroll position (and the focus on the filter).
 */
export function ScrollToTop() {
  const { pathname, search, state } = useLocation();
  const firstRender = useRef(true);
  const keepScroll = keepsScroll(state);

  useLayoutEffect(() => {
    if (!keepScroll) window.scrollTo(0, 0);
    // Only a new address scrolls; the state is read as it was for that address.
  }, [pathname, search]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
