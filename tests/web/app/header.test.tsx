import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../../../web/src/app/auth';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../web/src/app/header';
import { startMockApi } from '../support/api-server';
import {
  fetchAuthSession,
  holdSession,
  resetAuthMock,
  setSignedInUser,
  signOut,
} from '../support/amplify-auth-mock';
import { currentLocation, renderApp, renderWithProviders } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

startMockApi();

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

function servicesButton() {
  return screen.getByRole('button', { name: 'Services' });
}

function serviceLinks() {
  return screen.queryAllByRole('link', {
    name: /Web Hosting|VPS Hosting|Domain Registration|Cloud Storage/,
  });
}

beforeEach(() => resetAuthMock());
afterEach(() => {
  vi.useRealTimers();
  scrollTo(0);
});

describe('the Services dropdown', () => {
  it('lists the four services with their routes when opened', () => {
    renderWithProviders(<Header />);
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(servicesButton());
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
    const menu = within(
      document.getElementById(servicesButton().getAttribute('aria-controls') ?? '')!,
    );
    expect(menu.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Web HostingFast, secure sites with free SSL', '/hosting'],
      ['VPS HostingDedicated resources, full root access', '/vps'],
      ['Domain RegistrationYour name on the web', '/domain'],
      ['Cloud StorageSafe, scalable file storage', '/storage'],
    ]);
  });

  it('closes 150 ms after the mouse leaves, not before', () => {
    vi.useFakeTimers();
    renderWithProviders(<Header />);
    const wrapper = servicesButton().parentElement!;
    fireEvent.mouseEnter(wrapper);
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseLeave(wrapper);
    act(() => vi.advanceTimersByTime(149));
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when the mouse comes back within 150 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<Header />);
    const wrapper = servicesButton().parentElement!;
    fireEvent.mouseEnter(wrapper);
    fireEvent.mouseLeave(wrapper);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseEnter(wrapper);
    act(() => vi.advanceTimersByTime(500));
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on a click outside it, not on a click inside', () => {
    renderWithProviders(<Header />);
    fireEvent.click(servicesButton());
    fireEvent.mouseDown(screen.getByRole('link', { name: /^Web Hosting/ }));
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseDown(document.body);
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard: ArrowDown opens and moves in, arrows move, Escape closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    servicesButton().focus();
    await user.keyboard('{ArrowDown}');
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(document.activeElement).toHaveAttribute('href', '/hosting'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('href', '/vps');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toHaveAttribute('href', '/storage');
    await user.keyboard('{Escape}');
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'false');
    expect(servicesButton()).toHaveFocus();
  });

  it('opens on hover and stays open when the hovering pointer then clicks the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await user.click(servicesButton());
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
    await user.click(servicesButton());
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus tabs out of it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    servicesButton().focus();
    await user.keyboard('{Enter}');
    expect(serviceLinks()).toHaveLength(4);
    await user.tab();
    expect(document.activeElement).toHaveAttribute('href', '/hosting');
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < 4; i += 1) await user.tab();
    expect(document.activeElement).toHaveAttribute('href', '/support');
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'false');
    expect(servicesButton()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the header', () => {
  it('changes style only after scrolling more than 20 px', () => {
    renderWithProviders(<Header />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(20);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(21);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    expect(header.className).toContain('shadow-md');
    scrollTo(5);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('shows Bundles, Support, Docs and Contact, and Login and Get Started when logged out', async () => {
    renderWithProviders(<Header />, '/login');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Bundles' })).toHaveAttribute('href', '/pricing');
    expect(nav.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/documentation');
    expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows Dashboard and Logout when logged in; Logout signs out and goes to /', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    const user = userEvent.setup();
    renderApp('/pricing');
    const logout = (await screen.findAllByRole('button', { name: 'Logout' }))[0]!;
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    await user.click(logout);
    // Signing out loads Amplify first (a public page has not), so wait for the call.
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(currentLocation()).toBe('/'));
    expect((await screen.findAllByRole('link', { name: 'Get Started' })).length).toBeGreaterThan(0);
  });

  it('shows an operator a Console link to /admin, and a buyer none', async () => {
    setSignedInUser({ sub: 'op1', email: 'ops@example.in', 'cognito:groups': ['operators'] });
    renderApp('/pricing');
    expect((await screen.findAllByRole('link', { name: 'Console' }))[0]).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('puts the shop footer under the shop, and none under the console', async () => {
    setSignedInUser({ sub: 'op1', email: 'ops@example.in', 'cognito:groups': ['operators'] });
    const view = renderApp('/pricing');
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    view.unmount();

    renderApp('/admin/customers');
    expect((await screen.findAllByRole('link', { name: 'Console' })).length).toBeGreaterThan(0);
    // The footer's module is loaded now (above), and a loaded footer renders in the same pass as
    // the header: were it there, it would be here already.
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows a buyer no Console link', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    renderApp('/pricing');
    await screen.findAllByRole('button', { name: 'Logout' });
    expect(screen.queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('shows a signed-in buyer Dashboard and Logout at once, from the stored session, before auth loads', () => {
    // A stored session, while Amplify is still checking it (auth stays loading).
    const release = holdSession();
    renderWithProviders(<Header />, '/pricing');
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    release();
  });

  it('shows a visitor without a stored session Login and Get Started at once, without Amplify', () => {
    renderWithProviders(<Header />, '/pricing');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('prerenders neither state: a hidden placeholder of the signed-out size stands in', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/pricing']}>
        <AuthProvider>
          <Header />
        </AuthProvider>
      </MemoryRouter>,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const placeholders = doc.querySelectorAll('[data-auth="pending"]');
    expect(placeholders.length).toBeGreaterThan(0);
    for (const placeholder of placeholders) {
      expect(placeholder.getAttribute('aria-hidden')).toBe('true');
      expect(placeholder.className).toContain('invisible');
      expect(placeholder.querySelector('a, button')).toBeNull();
    }
    expect(
      doc.querySelector('a[href="/login"], a[href="/signup"], a[href="/dashboard"]'),
    ).toBeNull();
  });

  it('has a mobile menu toggle that opens and closes the menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(panel).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Cloud Storage' })).toHaveAttribute(
      'href',
      '/storage',
    );
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(panel).not.toBeVisible();
  });

  it('has a skip link to the main content', async () => {
    renderApp('/about');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
