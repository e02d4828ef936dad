/**
 * A service card's delivery (D18): "Setting up" while the account is being made or an operator is
 * on it, never an error; when ready, the access details and "Open control panel", which asks the
 * API for a single-use URL and opens it in a tab opened in the click; a refusal is shown as the
 * API's sentence and the tab is closed.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Service } from '@domain/api';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser, TEST_ID_TOKEN } from '../support/amplify-auth-mock';
import { dashboardShown, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const SERVICE_ID = 'svc_3f1c0d9a7b2e4c6d8e0f1a2b';
const LOGIN_URL = 'https://server1.example.in:2083/cpsess4417/login/?session=ash3k9x2m7q:Xa12';

function hosting(provisioning: Service['provisioning']): Service {
  return {
    id: SERVICE_ID,
    planId: 'basichosting',
    name: 'Basic Hosting',
    category: 'hosting',
    months: 12,
    purchaseDate: '2098-11-22T00:00:00.000Z',
    renewalDate: '2099-11-22T00:00:00.000Z',
    status: 'active',
    state: 'active',
    pricePaidPaise: 3_538_584,
    domain: 'ashaverma.in',
    renewable: true,
    daysLeft: 365,
    provisioning,
  };
}

function serve(...services: Service[]) {
  const body: DashboardResponse = {
    user: {
      id: 'u1',
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
      phone: '+919876543210',
      currentPlan: services[0]?.planId ?? null,
      expiry: services[0]?.renewalDate ?? null,
    },
    services,
    payments: [],
  };
  server.use(http.get(`${API}/me/dashboard`, () => HttpResponse.json(body)));
}

const READY = hosting({
  state: 'ready',
  username: 'ash3k9x2m7q',
  server: 'server1.example.in',
  nameservers: ['ns1.example.in', 'ns2.example.in'],
  panelUrl: 'https://server1.example.in:2083',
});

/** The tab window.open gives: its location and opener, as the page sets them. */
interface FakeTab {
  location: { href: string };
  opener: unknown;
  close: ReturnType<typeof vi.fn>;
}
let tab: FakeTab;
let openSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha.verma@example.in' });
  tab = { location: { href: 'about:blank' }, opener: window, close: vi.fn() };
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
});

afterEach(() => {
  openSpy.mockRestore();
});

async function hostingCard() {
  renderApp('/dashboard');
  await dashboardShown();
  return within(await screen.findByTestId('service'));
}

describe('a service card’s delivery', () => {
  it.each([
    // A refusal is the operator's to fix, not the buyer's error; but it is no longer "Setting up"
    // (D22: failed provisioning read "Setting up" forever).
    ['pending', 'Setting up', /setting up your hosting account/],
    ['failed', 'Needs attention', /setting up your hosting account/],
  ] as const)('%s hosting: "%s", no control panel, no error', async (state, word, sentence) => {
    serve(hosting({ state }));

    const card = await hostingCard();

    expect(card.getByRole('status')).toHaveTextContent(word);
    expect(card.getByTestId('service-status')).toHaveTextContent(word);
    expect(card.getByRole('status')).toHaveTextContent(sentence);
    expect(card.queryByRole('button', { name: /Open control panel/ })).toBeNull();
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('a domain moving in: "Transfer in progress", what happens next and the registrar’s word (D23)', async () => {
    serve({
      ...hosting({ state: 'pending' }),
      planId: 'basicdomain',
      name: 'Basic Domain',
      category: 'domain',
      domain: 'ashasweets.com',
      transfer: { state: 'pending', detail: 'Transfer waiting for Losing Registrar Approval' },
    });

    const card = await hostingCard();

    const status = card.getByRole('status');
    expect(status).toHaveTextContent(
      'Transfer in progress. We have asked your current registrar to release ashasweets.com to us.',
    );
    expect(status).toHaveTextContent(
      'The registrar says: Transfer waiting for Losing Registrar Approval',
    );
    expect(status).not.toHaveTextContent('Setting up');
  });

  it('a VPS waiting for our team says so, with the time we promise', async () => {
    serve({
      ...hosting({ state: 'manual' }),
      planId: 'basicvps',
      name: 'Basic VPS',
      category: 'vps',
    });
    renderApp('/dashboard');
    await dashboardShown();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'VPS' }));

    const card = within(await screen.findByTestId('service'));

    expect(card.getByRole('status')).toHaveTextContent(
      'Setting up Our team is setting this up, within 15 minutes during business hours.',
    );
  });

  it('ready hosting: its username, server and nameservers, and Open control panel', async () => {
    serve(READY);

    const card = await hostingCard();

    const details = within(card.getByTestId('access-details'));
    expect(details.getByText('ash3k9x2m7q')).toBeInTheDocument();
    expect(details.getByText('server1.example.in')).toBeInTheDocument();
    expect(details.getByText('ns1.example.in, ns2.example.in')).toBeInTheDocument();
    expect(
      card.getByRole('button', { name: 'Open control panel for Basic Hosting' }),
    ).toBeEnabled();
    expect(card.queryByRole('status')).toBeNull();
  });

  it('Open control panel asks for a single-use URL and opens it in a new tab, cut from this page', async () => {
    serve(READY);
    let asked: { path: string; authorization: string | null } | undefined;
    server.use(
      http.post(`${API}/me/services/:serviceId/panel-login`, ({ request, params }) => {
        asked = {
          path: `/me/services/${String(params.serviceId)}/panel-login`,
          authorization: request.headers.get('authorization'),
        };
        return HttpResponse.json({ url: LOGIN_URL });
      }),
    );
    const card = await hostingCard();

    await userEvent.setup().click(card.getByRole('button', { name: /Open control panel/ }));

    await vi.waitFor(() => expect(tab.location.href).toBe(LOGIN_URL));
    expect(asked).toEqual({
      path: `/me/services/${SERVICE_ID}/panel-login`,
      authorization: `Bearer ${TEST_ID_TOKEN}`,
    });
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('the panel down: the API’s sentence on the card, and the empty tab closed', async () => {
    serve(READY);
    server.use(
      http.post(`${API}/me/services/:serviceId/panel-login`, () =>
        apiError(
          503,
          'panel_unavailable',
          'The control panel did not answer. Please try again in a few minutes.',
        ),
      ),
    );
    const card = await hostingCard();

    await userEvent.setup().click(card.getByRole('button', { name: /Open control panel/ }));

    expect(await card.findByRole('alert')).toHaveTextContent(
      'The control panel did not answer. Please try again in a few minutes.',
    );
    expect(tab.close).toHaveBeenCalled();
    expect(card.getByRole('button', { name: /Open control panel/ })).toBeEnabled();
  });

  it('suspended: its access details stay, but no control panel', async () => {
    serve(hosting({ ...READY.provisioning, state: 'suspended' }));

    const card = await hostingCard();

    expect(card.getByTestId('access-details')).toHaveTextContent('ash3k9x2m7q');
    expect(card.queryByRole('button', { name: /Open control panel/ })).toBeNull();
  });

  it('cancelled while its account is still ready (before converge suspends it): no control panel (D22)', async () => {
    serve({ ...READY, status: 'cancelled', state: 'ended', renewable: false });

    const card = await hostingCard();

    expect(card.getByTestId('access-details')).toHaveTextContent('ash3k9x2m7q');
    expect(card.queryByRole('button', { name: /Open control panel/ })).toBeNull();
  });

  it('a cancelled VPS never set up: not "Setting up"', async () => {
    serve({
      ...hosting({ state: 'manual' }),
      planId: 'basicvps',
      name: 'Basic VPS',
      category: 'vps',
      status: 'cancelled',
      state: 'ended',
      renewable: false,
    });
    renderApp('/dashboard');
    await dashboardShown();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'VPS' }));

    const card = within(await screen.findByTestId('service'));

    expect(card.queryByText('Setting up')).toBeNull();
  });
});
