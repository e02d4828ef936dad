import { use } from 'react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { loadFooter } from './lazy-footer';
import { once, type Load as LoadOnce } from './once';
import { RequireAuth } from './require-auth';
import { RequireOperator } from './require-operator';

type Load = LoadOnce<ComponentType>;

export interface AppRoute {
  path: string;
  /** The page's module, as the build's manifest names it (`src/features/home/home-page.tsx`). */
  module: string;
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

/** Every page's module, each a chunk of its own, loaded on demand (keys as seen from here). */
const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>(
  '../features/*/*-page.tsx',
);

/**
 * A route's page: the export `name` of `features/{file}.tsx`, loaded once. The module's name is
 * kept with it, so the prerender can have each page ask for its own chunk along with the app's
 * (web/scripts/prerender.ts).
 */
function page(file: string, name: string): Pick<AppRoute, 'module' | 'load'> {
  const key = `../features/${file}.tsx`;
  const importer = pageModules[key];
  if (!importer) throw new Error(`There is no page module ${key}`);
  return {
    module: `src/features/${file}.tsx`,
    load: once(() =>
      importer().then((module) => {
        const Page = module[name];
        if (!Page) throw new Error(`${key} exports no ${name}`);
        return Page;
      }),
    ),
  };
}

const home = page('home/home-page', 'HomePage');
const adminConsole = page('admin/admin-page', 'AdminPage');
/** The console's screens: one page that shows the screen its path names. */
export const ADMIN_PATHS = [
  '/admin',
  '/admin/orders',
  '/admin/provisioning',
  '/admin/stuck',
  '/admin/customers',
  '/admin/today',
  '/admin/tickets',
  '/admin/reports',
] as const;

/** Every route of the reference product. No route has a path parameter. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', ...home },
  { path: '/home', ...home },
  {
    path: '/hosting',
    ...page('catalog/hosting-page', 'HostingPage'),
  },
  { path: '/vps', ...page('catalog/vps-page', 'VpsPage') },
  {
    path: '/storage',
    ...page('catalog/storage-page', 'StoragePage'),
  },
  {
    path: '/domain',
    ...page('catalog/domain-plans-page', 'DomainPlansPage'),
  },
  {
    path: '/pricing',
    ...page('catalog/bundles-page', 'BundlesPage'),
  },
  {
    path: '/domains',
    ...page('domain-search/domain-search-page', 'DomainSearchPage'),
  },
  {
    path: '/support',
    ...page('support/support-page', 'SupportPage'),
  },
  {
    path: '/documentation',
    ...page('docs/documentation-page', 'DocumentationPage'),
  },
  {
    path: '/contact',
    ...page('contact/contact-page', 'ContactPage'),
  },
  {
    path: '/about',
    ...page('company/about-page', 'AboutPage'),
  },
  {
    path: '/blog',
    ...page('company/blog-page', 'BlogPage'),
  },
  {
    path: '/careers',
    ...page('company/careers-page', 'CareersPage'),
  },
  {
    path: '/privacy',
    ...page('policies/privacy-page', 'PrivacyPage'),
  },
  {
    path: '/terms',
    ...page('policies/terms-page', 'TermsPage'),
  },
  {
    path: '/refund',
    ...page('policies/refund-page', 'RefundPage'),
  },
  {
    path: '/shipping',
    ...page('policies/shipping-page', 'ShippingPage'),
  },
  {
    path: '/checkout',
    ...page('checkout/checkout-page', 'CheckoutPage'),
  },
  {
    // A plan change (D26): a larger plan now, a smaller one at the renewal.
    path: '/change-plan',
    guarded: true,
    ...page('checkout/change-plan-page', 'ChangePlanPage'),
  },
  {
    path: '/login',
    ...page('auth/login-page', 'LoginPage'),
  },
  {
    path: '/signup',
    ...page('auth/signup-page', 'SignupPage'),
  },
  {
    path: '/forgot-password',
    ...page('auth/forgot-password-page', 'ForgotPasswordPage'),
  },
  {
    // The pre-debit notice's one-click opt-out (D25): no sign-in.
    path: '/auto-renew/off',
    ...page('auto-renew/auto-renew-off-page', 'AutoRenewOffPage'),
  },
  {
    path: '/dashboard',
    guarded: true,
    ...page('dashboard/dashboard-page', 'DashboardPage'),
  },
  ...ADMIN_PATHS.map((path) => ({ path, guarded: true, operatorsOnly: true, ...adminConsole })),
  {
    path: '*',
    ...page('not-found/not-found-page', 'NotFoundPage'),
  },
];

/** Each fixed path's route, by its path in lower case; made on first use. */
let byPath: Map<string, AppRoute> | undefined;

/**
 * What react-router matches a path by: each segment URL-decoded (an encoded slash stays one
 * segment), any trailing slashes dropped, and ASCII letters in either case.
 */
function pathKey(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    // A malformed escape: react-router matches the path as it is.
  }
  return (decoded.replace(/\/+$/, '') || '/').replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The route pattern that serves `pathname` ('*' for unknown paths), as the router's own match
 * would find it (tests/web/app/routes.test.ts compares the two). Every path is fixed, so this is
 * a lookup: the entry asks it before hydrating, and react-router's matchRoutes (ranking and a
 * regular expression for each of some 40 routes) cost a few tens of ms of a phone's main thread
 * there, in the same task as the entry's evaluation.
 */
export function routeFor(pathname: string): AppRoute {
  byPath ??= new Map(
    appRoutes
      .filter((route) => route.path !== '*')
      .map((route) => [route.path.toLowerCase(), route]),
  );
  return byPath.get(pathKey(pathname)) ?? (appRoutes[appRoutes.length - 1] as AppRoute);
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

const elementByPath = new Map(elements.map(({ path, element }) => [path, element]));

/**
 * The page at the address: the element of the route routeFor() finds, as react-router's <Routes>
 * would render it. <Routes> ranks the some 40 routes and compiles a regular expression for each
 * one it tries on every render (hydration, each navigation, each change of the query such as a
 * dashboard tab): tens of ms of a phone's main thread each time, in one component's render. Every
 * path is fixed and no page reads route params or links relative to its route, so the lookup is
 * all the matching the app needs (tests/web/app/routes.test.ts holds it to the router's match).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return elementByPath.get(routeFor(pathname).path) ?? null;
}
