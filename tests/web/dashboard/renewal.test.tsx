/**
 * Renew on the dashboard's service cards (D14, D17): days left, "Expires soon" within 30 days,
 * "Suspended" with Renew as the one action, and Renew opening checkout for that service.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Service } from '@domain/api';
import { API, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const DAY = 24 * 60 * 60 * 1000;

const hosting: Service = {
  id: 'svc_h',
  planId: 'basichosting',
  name: 'Basic Hosting',
  category: 'hosting',
  months: 12,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2099-11-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 3_538_584,
  renewable: true,
  daysLeft: 200,
  provisioning: { state: 'ready' },
};

function serve(services: Service[]) {
  const dashboard: DashboardResponse = {
    user: {
      id: 'u1',
      email: 'asha@example.in',
      name: 'Asha',
      phone: '',
      currentPlan: services[0]?.planId ?? null,
      expiry: services[0]?.renewalDate ?? null,
    },
    services,
    payments: [],
  };
  server.use(http.get(`${API}/me/dashboard`, () => HttpResponse.json(dashboard)));
}

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
});

async function card(): Promise<HTMLElement> {
  renderApp('/dashboard');
  return screen.findByTestId('service');
}

describe('dashboard: renewing a service', () => {
  it('shows the days left and a Renew that opens checkout for the service', async () => {
    serve([hosting]);
    const service = await card();

    expect(within(service).getByTestId('days-left')).toHaveTextContent('200 days left');
    expect(within(service).queryByText('Expires soon')).not.toBeInTheDocument();
    expect(within(service).getByRole('link', { name: 'Renew Basic Hosting' })).toHaveAttribute(
      'href',
      '/checkout?plan=basichosting&renew=1',
    );
  });

  it('says "Expires soon" within 30 days of a year bought long ago', async () => {
    const now = Date.now();
    serve([
      {
        ...hosting,
        purchaseDate: new Date(now - 335 * DAY).toISOString(),
        renewalDate: new Date(now + 29 * DAY).toISOString(),
        daysLeft: 29,
      },
    ]);
    const soon = await card();
    expect(within(soon).getByText('Expires soon')).toBeInTheDocument();
    expect(within(soon).getByTestId('days-left')).toHaveTextContent('29 days left');
  });

  it('does not say "Expires soon" of a month bought today (#26)', async () => {
    const now = Date.now();
    serve([
      {
        ...hosting,
        months: 1,
        purchaseDate: new Date(now - 60_000).toISOString(),
        renewalDate: new Date(now + 30 * DAY).toISOString(),
        daysLeft: 30,
      },
    ]);
    const fresh = await card();
    expect(within(fresh).queryByText('Expires soon')).not.toBeInTheDocument();
    expect(within(fresh).getByTestId('days-left')).toHaveTextContent('30 days left');
  });

  it('on the renewal day', async () => {
    serve([{ ...hosting, daysLeft: 0 }]);
    const today = await card();
    expect(within(today).getByTestId('days-left')).toHaveTextContent('Expires today');
  });

  it('a suspended service says so, and Renew is the one thing to do', async () => {
    serve([
      {
        ...hosting,
        renewalDate: '2024-11-22T04:30:00.000Z',
        status: 'expired',
        state: 'suspended',
        daysLeft: 0,
        provisioning: { state: 'suspended' },
      },
    ]);
    const service = await card();

    expect(within(service).getByText('Suspended')).toBeInTheDocument();
    expect(within(service).queryByText('Active')).not.toBeInTheDocument();
    expect(within(service).getByText(/nothing has been deleted/)).toBeInTheDocument();
    expect(
      within(service)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Renew']);
    // Besides Renew, only a way to ask for help (a support ticket, D27).
    expect(
      within(service)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Get help']);
  });

  it('an account suspended on the panel says Suspended even before converge catches up (D22)', async () => {
    serve([{ ...hosting, state: 'active', provisioning: { state: 'suspended' } }]);
    const service = await card();

    expect(within(service).getByText('Suspended')).toBeInTheDocument();
  });

  it('a domain renews by its name', async () => {
    serve([
      {
        ...hosting,
        id: 'svc_d',
        planId: 'basicdomain',
        name: 'Basic Domain',
        category: 'domain',
        domain: 'asharao.com',
        provisioning: { state: 'manual' },
      },
    ]);
    const service = await card();

    expect(within(service).getByRole('link', { name: 'Renew Basic Domain' })).toHaveAttribute(
      'href',
      '/checkout?plan=basicdomain&renew=1&domain=asharao.com',
    );
  });

  it('offers no Renew for a service that is not renewable', async () => {
    serve([{ ...hosting, renewable: false }]);
    const service = await card();

    expect(within(service).queryByRole('link', { name: /Renew/ })).not.toBeInTheDocument();
  });
});
