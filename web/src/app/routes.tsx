import { use } from 'react';
import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { loadFooter } from './lazy-footer';
import { once, type Load as LoadOnce } from './once';
import { RequireAuth } from './require-auth';
import { RequireOperator } from './require-operator';

type Load = LoadOnce<ComponentType>;

export interface AppRoute {
  path: string;
  load: Load;
  /** Needs a signed-in user (the /dashboard guard). */
  guarded?: boolean;
  /**
   * The operator's console: a signed-in member of the operators group only. Its code is its own
   * chunk, loaded only once the guard has seen the group (never preloaded for anyone else).
   */
  operatorsOnly?: boolean;
}

/**
 * Renders a route's page, suspending only while its chunk loads (each page's module is its own
 * chunk, loaded once: ./once). The page being hydrated was loaded beforehand (app-start.tsx), so it
 * renders at once and the server's HTML is hydrated in the same pass as the layout.
 */
function RoutePage({ load }: { load: Load }) {
  const Page = use(load());
  return <Page />;
}

const home = once(() => import('../features/home/home-page').then((m) => m.HomePage));
const adminConsole = once(() => import('../features/admin/admin-page').then((m) => m.AdminPage));
/** The console's screens: one page that shows the screen its path names. */
export const ADMIN_PATHS = [
  '/admin',
  '/admin/orders',
  '/admin/provisioning',
  '/admin/stuck',
  '/admin/customers',
  '/admin/today',
] as const;

/** Every route of the reference product. No route has a path parameter. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', load: home },
  { path: '/home', load: home },
  {
    path: '/hosting',
    load: once(() => import('../features/catalog/hosting-page').then((m) => m.HostingPage)),
  },
  { path: '/vps', load: once(() => import('../features/catalog/vps-page').then((m) => m.VpsPage)) },
  {
    path: '/storage',
    load: once(() => import('../features/catalog/storage-page').then((m) => m.StoragePage)),
  },
  {
    path: '/domain',
    load: once(() =>
      import('../features/catalog/domain-plans-page').then((m) => m.DomainPlansPage),
    ),
  },
  {
    path: '/pricing',
    load: once(() => import('../features/catalog/bundles-page').then((m) => m.BundlesPage)),
  },
  {
    path: '/domains',
    load: once(() =>
      import('../features/domain-search/domain-search-page').then((m) => m.DomainSearchPage),
    ),
  },
  {
    path: '/support',
    load: once(() => import('../features/support/support-page').then((m) => m.SupportPage)),
  },
  {
    path: '/documentation',
    load: once(() =>
      import('../features/docs/documentation-page').then((m) => m.DocumentationPage),
    ),
  },
  {
    path: '/contact',
    load: once(() => import('../features/contact/contact-page').then((m) => m.ContactPage)),
  },
  {
    path: '/about',
    load: once(() => import('../features/company/about-page').then((m) => m.AboutPage)),
  },
  {
    path: '/blog',
    load: once(() => import('../features/company/blog-page').then((m) => m.BlogPage)),
  },
  {
    path: '/careers',
    load: once(() => import('../features/company/careers-page').then((m) => m.CareersPage)),
  },
  {
    path: '/privacy',
    load: once(() => import('../features/policies/privacy-page').then((m) => m.PrivacyPage)),
  },
  {
    path: '/terms',
    load: once(() => import('../features/policies/terms-page').then((m) => m.TermsPage)),
  },
  {
    path: '/refund',
    load: once(() => import('../features/policies/refund-page').then((m) => m.RefundPage)),
  },
  {
    path: '/shipping',
    load: once(() => import('../features/policies/shipping-page').then((m) => m.ShippingPage)),
  },
  {
    path: '/checkout',
    load: once(() => import('../features/checkout/checkout-page').then((m) => m.CheckoutPage)),
  },
  {
    path: '/login',
    load: once(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
  },
  {
    path: '/signup',
    load: once(() => import('../features/auth/signup-page').then((m) => m.SignupPage)),
  },
  {
    path: '/forgot-password',
    load: once(() =>
      import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
    ),
  },
  {
    path: '/dashboard',
    guarded: true,
    load: once(() => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
  },
  ...ADMIN_PATHS.map((path) => ({ path, guarded: true, operatorsOnly: true, load: adminConsole })),
  {
    path: '*',
    load: once(() => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage)),
  },
];

/** The route pattern that serves `pathname` ('*' for unknown paths). */
export function routeFor(pathname: string): AppRoute {
  const matches = matchRoutes(
    appRoutes.map((route) => ({ path: route.path, route })),
    pathname,
  );
  const match = matches?.[0]?.route.route;
  return match ?? (appRoutes[appRoutes.length - 1] as AppRoute);
}

/**
 * Loads the code of the page at `pathname` and of the frame's lazy part (the footer), together:
 * before hydrating, so the server's HTML is kept as it is.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = routeFor(pathname);
  return Promise.all([
    loadFooter(),
    // The console's code loads only for an operator, once the guard has seen the group.
    route.operatorsOnly ? undefined : route.load(),
  ]);
}

const elements = appRoutes.map((route) => ({
  path: route.path,
  element: route.operatorsOnly ? (
    <RequireAuth>
      <RequireOperator>
        <RoutePage load={route.load} />
      </RequireOperator>
    </RequireAuth>
  ) : route.guarded ? (
    <RequireAuth>
      <RoutePage load={route.load} />
    </RequireAuth>
  ) : (
    <RoutePage load={route.load} />
  ),
}));

export function AppRoutes() {
  return (
    <Routes>
      {elements.map(({ path, element }) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  );
}
