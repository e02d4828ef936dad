import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../components/button';
import { Container } from '../components/container';
import { header, siteName } from '../content/header';
import { hasStoredSession } from '../lib/stored-session';
import { useAuth } from './auth';
import { OPERATORS_GROUP } from './require-operator';
import { ServicesMenu } from './services-menu';

/** Scrolled more than this, the header changes style (as in the reference product). */
export const SCROLL_THRESHOLD_PX = 20;

export function useScrolledPast(threshold: number): boolean {
  // False on the server and the first client render, so hydration matches.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/**
 * Whether this browser holds a stored session, read without Amplify; null on the server and while
 * hydrating (the prerendered HTML cannot know). Read in a layout effect, so the header shows the
 * signed-in state before the browser paints. The header's own state, not the auth context's: a
 * change to a context above the page would make React hydrate the whole page at once, in one long
 * task, where it otherwise hydrates the page in slices.
 */
function useStoredSession(): boolean | null {
  const [stored, setStored] = useState<boolean | null>(null);
  useLayoutEffect(() => setStored(hasStoredSession()), []);
  return stored;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 ${
    isActive ? 'text-brand-700' : 'text-slate-700'
  }`;

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={header.homeLabel}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#1d4ed8" />
        <path d="M9 9h4v5.5h6V9h4v14h-4v-5h-6v5H9z" fill="#fff" />
      </svg>
      <span className="text-lg font-bold tracking-tight text-slate-900">{siteName}</span>
    </Link>
  );
}

export function Header() {
  const { user, loading, signOut } = useAuth();
  const storedSession = useStoredSession();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobileId = useId();

  useEffect(() => setMobileOpen(false), [pathname]);

  async function logout() {
    setMobileOpen(false);
    await signOut();
    void navigate('/');
  }

  // Until auth has loaded, the stored session decides (no "Login" flash for a signed-in buyer);
  // before even that is known (prerendered HTML, hydration) a blank of the same size stands in.
  const signedIn = loading ? storedSession : user !== null;
  const authLinks =
    signedIn === null ? (
      <span aria-hidden="true" className="invisible flex items-center gap-2" data-auth="pending">
        <span className={navLinkClass({ isActive: false })}>{header.login}</span>
        <span className={buttonClasses('accent', 'sm')}>{header.getStarted}</span>
      </span>
    ) : signedIn ? (
      <>
        {user?.groups.includes(OPERATORS_GROUP) ? (
          <NavLink to="/admin" className={navLinkClass}>
            {header.console}
          </NavLink>
        ) : null}
        <NavLink to="/dashboard" className={navLinkClass}>
          {header.dashboard}
        </NavLink>
        <button
          type="button"
          onClick={() => void logout()}
          className={buttonClasses('secondary', 'sm')}
        >
          {header.logout}
        </button>
      </>
    ) : (
      <>
        <NavLink to="/login" className={navLinkClass}>
          {header.login}
        </NavLink>
        <Link to="/signup" className={buttonClasses('accent', 'sm')}>
          {header.getStarted}
        </Link>
      </>
    );

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`sticky top-0 z-40 border-b transition-all duration-200 ${
        scrolled
          ? 'border-slate-200 bg-white/95 shadow-md backdrop-blur'
          : 'border-transparent bg-white'
      }`}
    >
      <Container
        className={`flex items-center justify-between gap-4 ${scrolled ? 'py-2' : 'py-4'}`}
      >
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavLink to={header.bundles.to} className={navLinkClass}>
            {header.bundles.label}
          </NavLink>
          <ServicesMenu />
          {header.links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {/* Wide enough for either state, so the nav never moves when the state is known. */}
        <div className="hidden min-w-48 items-center justify-end gap-2 lg:flex">{authLinks}</div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls={mobileId}
          aria-label={mobileOpen ? header.closeMenu : header.openMenu}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {mobileOpen ? (
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </Container>
      <div
        id={mobileId}
        hidden={!mobileOpen}
        className="border-t border-slate-200 bg-white lg:hidden"
      >
        <nav aria-label="Mobile">
          <Container className="flex flex-col gap-1 py-4">
            <NavLink to={header.bundles.to} className={navLinkClass}>
              {header.bundles.label}
            </NavLink>
            <p className="px-3 pt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {header.servicesLabel}
            </p>
            {header.services.map((service) => (
              <NavLink key={service.to} to={service.to} className={navLinkClass}>
                {service.label}
              </NavLink>
            ))}
            <hr className="my-2 border-slate-200" />
            {header.links.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
            <div className="mt-3 flex items-center gap-3 border-t border-slate-200 pt-4">
              {authLinks}
            </div>
          </Container>
        </nav>
      </div>
    </header>
  );
}
