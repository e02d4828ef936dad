import { Suspense, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingText } from '../components/loading-text';
import { header } from '../content/header';
import { Header } from './header';
import { LazyFooter } from './lazy-footer';
import { RouteMeta } from './route-meta';

/**
 * A new route starts at the top. Not on the first render: the page is already where the visitor
 * has scrolled it while the app loaded, and scrolling there would force a layout of the whole page
 * in the middle of hydration.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The operator's console (/admin…): a work tool, so no shop footer under it. */
function inConsole(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The frame of every route: skip link, header, the page, and (outside the console) the footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {header.skipLink}
      </a>
      <RouteMeta />
      <ScrollToTop />
      <Header />
      {/* At least a screen tall, so content that loads later never pushes a visible footer (CLS). */}
      <main id="main" tabIndex={-1} className="min-h-[100svh] flex-1 focus:outline-none">
        <Suspense fallback={<LoadingText>Loading...</LoadingText>}>{children}</Suspense>
      </main>
      {inConsole(pathname) ? null : <LazyFooter />}
    </div>
  );
}
