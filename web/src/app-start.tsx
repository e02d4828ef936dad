/**
 * The app, the build's entry: hydrates the prerendered page (or renders one the server did not
 * prerender). A prerendered page loads it only once its first paint is on screen (the page's boot
 * script, web/scripts/page-boot.ts), so that paint waits for HTML and CSS alone; what a visitor
 * types meanwhile survives hydration (lib/keep-typed-input.ts). The stylesheet is inlined into
 * each page by the prerender.
 */
import './styles.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { AUTH_ROUTES } from './app/auth';
import { preloadRoute, routeFor } from './app/routes';
import { loadConfig } from './lib/config';
import { captureTypedInput } from './lib/keep-typed-input';
import { hasStoredSession } from './lib/stored-session';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Runs once the tree is on the page (after hydration has committed); renders nothing. */
function AfterCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

const appWith = (afterCommit: () => void = () => undefined) => (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
    <AfterCommit run={afterCommit} />
  </StrictMode>
);

/**
 * Runs `step` in a task of its own, once the one running now has ended. Asking for a chunk costs
 * main thread: Vite's loader looks each of its imports up among the page's links and inserts a
 * modulepreload link for each one not there yet (about 1 ms each on a throttled phone), so the
 * entry's own evaluation and each group of requests below are separate tasks, none of them long.
 */
function inTaskOfItsOwn(step: () => void): void {
  setTimeout(step, 0);
}

// A prerendered page names its route; hydrate it when it is the page we are on, so the server's
// HTML stays as it is. Anything else (an unknown path served the fallback page) renders fresh.
const prerendered = container.dataset.prerendered;
const { pathname } = window.location;
// A signed-in visitor on a page that reads the session (/dashboard, /checkout…) needs Amplify, the
// site's config and the API client before it shows anything: ask for all of them now, beside the
// page's own code, instead of each once the one before it has arrived.
if ((AUTH_ROUTES.includes(pathname) || pathname.startsWith('/admin')) && hasStoredSession()) {
  // The config's loader is part of this entry (a few hundred bytes), so /config.json is asked
  // for now, beside Amplify's chunks, not after a chunk of its own.
  loadConfig().catch(() => undefined);
  inTaskOfItsOwn(() => {
    void import('./lib/session').catch(() => undefined);
    void import('./lib/rest-client').catch(() => undefined);
    if (pathname === '/dashboard') {
      void import('./features/dashboard/api/get-dashboard')
        .then((dashboard) => dashboard.prefetchDashboard())
        .catch(() => undefined);
    }
  });
}

if (prerendered && prerendered === routeFor(pathname).path) {
  inTaskOfItsOwn(() => {
    void preloadRoute(pathname)
      .catch(() => undefined)
      .then(() => {
        // What a visitor typed into the prerendered forms survives hydration.
        const restoreTypedInput = captureTypedInput(container);
        // As a transition, hydration yields to the browser between components instead of
        // holding the main thread for the whole page in one long task.
        startTransition(() => {
          hydrateRoot(container, appWith(restoreTypedInput));
        });
      });
  });
} else {
  container.textContent = '';
  createRoot(container).render(appWith());
}

// The performance-metrics reporter, started once the page has loaded.
function startMetrics() {
  void import('./lib/performance-metrics').then((m) => m.startPerformanceReporter());
}
if (document.readyState === 'complete') startMetrics();
else window.addEventListener('load', startMetrics, { once: true });
