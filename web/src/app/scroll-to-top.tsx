import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Spec: the page scrolls to the top on every route change. Focus moves to the main region too,
 * so keyboard and screen-reader users start reading the new page rather than the old link.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const firstRender = useRef(true);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
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
