import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@domain/api';
import { API, apiError, startMockApi } from '../support/api-server';
import {
  resetAuthMock,
  setSignedInUser,
  signOut,
  TEST_ID_TOKEN,
} from '../support/amplify-auth-mock';
import { currentLocation, dashboardShown, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const dashboard: DashboardResponse = {
  user: {
    id: 'u1',
    email: 'asha.rao@example.in',
    name: 'Asha Rao',
    phone: '+919876543210',
    currentPlan: 'premiumhosting',
    expiry: '2099-11-22T00:00:00.000Z',
  },
  services: [
    {
      id: 's1',
      planId: 'premiumhosting',
      name: 'Premium Hosting',
      category: 'hosting',
      months: 12,
      purchaseDate: '2098-11-22T00:00:00.000Z',
      renewalDate: '2099-11-22T00:00:00.000Z',
      status: 'active',
      state: 'active',
      pricePaidPaise: 5_662_584,
      renewable: true,
      daysLeft: 365,
      provisioning: { state: 'ready' },
    },
    {
      id: 's2',
      planId: 'basicdomain',
      name: 'Basic Domain',
      category: 'domain',
      months: 12,
      purchaseDate: '2024-01-10T00:00:00.000Z',
      renewalDate: '2025-01-10T00:00:00.000Z',
      status: 'expired',
      state: 'suspended',
      pricePaidPaise: 140_184,
      domain: 'asharao.com',
      renewable: true,
      daysLeft: 0,
      provisioning: { state: 'manual' },
    },
  ],
  payments: [
    {
      id: 'pay1',
      date: '2098-11-22T10:00:00.000Z',
      amountPaise: 3_538_584,
      status: 'paid',
      planName: 'Premium Hosting',
      paymentId: 'pay_1',
      orderId: 'order_1',
    },
  ],
};

let authorization: string | null;

function serveDashboard(body: DashboardResponse = dashboard) {
  server.use(
    http.get(`${API}/me/dashboard`, async ({ request }) => {
      authorization = request.headers.get('authorization');
      await delay(50);
      return HttpResponse.json(body);
    }),
  );
}

beforeEach(() => {
  resetAuthMock();
  authorization = null;
  setSignedInUser({ sub: 'u1', email: 'asha.rao@example.in' });
  serveDashboard();
});

async function openDashboard() {
  renderApp('/dashboard');
  await dashboardShown();
  return userEvent.setup();
}

function tab(name: string) {
  return screen.getByRole('tab', { name });
}

function panel() {
  return within(screen.getByRole('tabpanel'));
}

describe('/dashboard', () => {
  it("shows 'Loading your dashboard...' and then the welcome line with the email's name part", async () => {
    renderApp('/dashboard');
    expect(await screen.findByText('Loading your dashboard...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, asha.rao!' }),
    ).toBeInTheDocument();
    expect(authorization).toBe(`Bearer ${TEST_ID_TOKEN}`);
  });

  it('puts the welcome line on the page first and the cards after it, in a commit of their own, none lost', async () => {
    // What each DOM change added, in order: React's commits as the browser sees them.
    const added: Element[][] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        added.push([...record.addedNodes].filter((node) => node instanceof Element));
      }
    });
    const { container } = renderApp('/dashboard');
    observer.observe(container, { childList: true, subtree: true });
    await dashboardShown();
    observer.disconnect();

    // The records are read once the page is complete, when the welcome line's insertion holds the
    // cards too if they came later: so each part's own insertion is the last one holding it.
    const insertedLast = (selector: string) =>
      added.findLastIndex((nodes) =>
        nodes.some((node) => node.matches(selector) || node.querySelector(selector) !== null),
      );
    const welcome = insertedLast('h1');
    expect(welcome).toBeGreaterThanOrEqual(0);
    // Not one render of the whole page: the cards and the current plan went in after the welcome
    // line, by an insertion of their own.
    expect(insertedLast('[data-testid="service"]')).toBeGreaterThan(welcome);
    expect(insertedLast('[data-testid="current-plan"]')).toBeGreaterThan(welcome);
    // Nothing lost on the way: the current plan, and its tab's one card, with its payment.
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Premium Hosting');
    const [service, ...others] = panel().getAllByTestId('service');
    expect(others).toHaveLength(0);
    expect(service).toHaveTextContent('Premium Hosting');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
  });

  it("greets 'User' when there is no email", async () => {
    setSignedInUser({ sub: 'u1', email: '' });
    serveDashboard({ ...dashboard, user: { ...dashboard.user, email: '' } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, User!' })).toBeInTheDocument();
  });

  it('has the sidebar tabs and Logout, and the quick buttons', async () => {
    await openDashboard();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Domains',
      'Hosting',
      'VPS',
      'Storage',
      'Bundles',
      'Payments',
      'Support',
      'Settings',
    ]);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'New Website' })).toHaveAttribute('href', '/hosting');
    expect(main.getByRole('link', { name: 'Add Domain' })).toHaveAttribute('href', '/domains');
  });

  it('opens on the current plan’s tab with the Current Active Plan card and the service, active', async () => {
    await openDashboard();
    expect(tab('Hosting')).toHaveAttribute('aria-selected', 'true');
    const card = screen.getByTestId('current-plan');
    expect(card).toHaveTextContent('Current Active Plan');
    expect(card).toHaveTextContent('Premium Hosting');
    expect(card).toHaveTextContent('Active');
    const service = panel().getByTestId('service');
    expect(service).toHaveTextContent('Premium Hosting');
    expect(service).toHaveTextContent('Renews on22 Nov 2099');
    expect(within(service).getByText('Active')).toBeInTheDocument();
  });

  it.each([
    // Just bought: paid, its account still being made (#26: it said "Active").
    [{ state: 'setting_up', provisioning: { state: 'pending' } }, 'Setting up'],
    // Expired at most 7 days ago, still live (D22 grace).
    [{ state: 'grace', status: 'expired', daysLeft: 0 }, 'Renewal due'],
  ] as const)(
    'names the current plan and its card by its state: %j is %s',
    async (change, word) => {
      serveDashboard({
        ...dashboard,
        services: [{ ...dashboard.services[0]!, ...change }, dashboard.services[1]!],
      });
      await openDashboard();
      expect(screen.getByTestId('current-plan')).toHaveTextContent(word);
      expect(within(screen.getByTestId('current-plan')).queryByText('Active')).toBeNull();
      expect(
        within(panel().getByTestId('service')).getByTestId('service-status'),
      ).toHaveTextContent(word);
    },
  );

  it('gives each tab its own address, which opens it again on a reload or a link (#26)', async () => {
    const user = await openDashboard();
    await user.click(tab('Payments'));
    expect(currentLocation()).toBe('/dashboard?tab=payments');
    await user.click(tab('Settings'));
    expect(currentLocation()).toBe('/dashboard?tab=settings');
  });

  it('opens the tab its address names, not the current plan’s', async () => {
    renderApp('/dashboard?tab=payments');
    await dashboardShown();
    await waitFor(() => expect(panel().getAllByRole('row').length).toBeGreaterThan(1));
    expect(tab('Payments')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Hosting')).toHaveAttribute('aria-selected', 'false');
  });

  it('lists domains with their name, renewal date and Expired status, without the current plan card', async () => {
    const user = await openDashboard();
    await user.click(tab('Domains'));
    expect(tab('Domains')).toHaveAttribute('aria-selected', 'true');
    const service = panel().getByTestId('service');
    expect(service).toHaveTextContent('Basic Domain');
    expect(service).toHaveTextContent('asharao.com');
    expect(service).toHaveTextContent('Renews on10 Jan 2025');
    expect(within(service).getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByTestId('current-plan')).not.toBeInTheDocument();
  });

  it('shows a service renewed early as one card, with both payments inside it', async () => {
    // The API lists one record per purchase: the same plan bought in 2098 and renewed early.
    const renewal = {
      ...dashboard.services[0]!,
      id: 's3',
      purchaseDate: '2099-06-01T00:00:00.000Z',
      renewalDate: '2100-11-22T00:00:00.000Z',
      pricePaidPaise: 6_371_864,
    };
    serveDashboard({
      ...dashboard,
      services: [renewal, ...dashboard.services],
      payments: [
        { ...dashboard.payments[0]!, id: 's3', date: renewal.purchaseDate, amountPaise: 6_371_864 },
        { ...dashboard.payments[0]!, id: 's1', date: '2098-11-22T10:00:00.000Z' },
      ],
    });
    await openDashboard();
    const cards = panel().getAllByTestId('service');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(card).toHaveTextContent('Renews on22 Nov 2100');
    expect(card).toHaveTextContent('First bought on22 Nov 2098');
    const payments = within(card).getByRole('list', { name: 'Payments for Premium Hosting' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 Jun 2099₹63,718.64 incl. GST', '22 Nov 2098₹35,385.84 incl. GST']);
  });

  it.each([
    ['VPS', "You don't have any VPS plans yet", '/vps'],
    ['Storage', "You don't have any storage plans yet", '/storage'],
    ['Bundles', "You don't have any bundle plans yet", '/pricing'],
  ])('shows the empty %s tab with Get Plan to its page', async (name, text, to) => {
    const user = await openDashboard();
    await user.click(tab(name));
    expect(panel().getByText(text)).toBeInTheDocument();
    expect(panel().getByRole('link', { name: 'Get Plan' })).toHaveAttribute('href', to);
  });

  it('shows empty Domains and Hosting tabs for a new user', async () => {
    serveDashboard({
      ...dashboard,
      user: { ...dashboard.user, currentPlan: null, expiry: null },
      services: [],
      payments: [],
    });
    const user = await openDashboard();
    expect(tab('Domains')).toHaveAttribute('aria-selected', 'true');
    expect(panel().getByText("You don't have any domain plans yet")).toBeInTheDocument();
    expect(panel().getByRole('link', { name: 'Get Plan' })).toHaveAttribute('href', '/domain');
    await user.click(tab('Hosting'));
    expect(panel().getByText("You don't have any hosting plans yet")).toBeInTheDocument();
    expect(panel().getByRole('link', { name: 'Get Plan' })).toHaveAttribute('href', '/hosting');
    await user.click(tab('Payments'));
    expect(panel().getByText('No payment history found')).toBeInTheDocument();
  });

  it('lists payments with date, plan, amount and status', async () => {
    const user = await openDashboard();
    await user.click(tab('Payments'));
    const rows = panel().getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['22 Nov 2098', 'Premium Hosting', '₹35,385.84', 'Paid', '']);
    expect(panel().getByRole('columnheader', { name: 'Amount (incl. GST)' })).toBeInTheDocument();
  });

  it('shows the login email under Settings, disabled (the settings themselves: settings.test.tsx)', async () => {
    server.use(
      http.get(`${API}/me/profile`, () =>
        HttpResponse.json({
          email: 'asha.rao@example.in',
          name: 'Asha Rao',
          phone: '',
          billing: null,
        }),
      ),
    );
    const user = await openDashboard();
    await user.click(tab('Settings'));
    const email = panel().getByLabelText('Email address');
    expect(email).toBeDisabled();
    expect(email).toHaveValue('asha.rao@example.in');
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = await openDashboard();
    tab('Hosting').focus();
    await user.keyboard('{ArrowDown}');
    expect(tab('VPS')).toHaveAttribute('aria-selected', 'true');
    expect(tab('VPS')).toHaveFocus();
  });

  it('logs out from the sidebar and goes to /', async () => {
    const user = await openDashboard();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }));
    expect(signOut).toHaveBeenCalled();
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it.each([
    [404, 'User data not found'],
    [500, 'Error loading your data. Please try again.'],
  ])('answers an API %s with “%s”', async (status, message) => {
    server.use(http.get(`${API}/me/dashboard`, () => apiError(status, 'x', 'Something.')));
    renderApp('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
