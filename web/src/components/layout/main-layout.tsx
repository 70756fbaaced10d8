import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../page-loader';
import { Footer } from './footer';
import { Header } from './header';

/** Every page: skip link, header, the page (loaded on demand), footer. */
export function MainLayout() {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
