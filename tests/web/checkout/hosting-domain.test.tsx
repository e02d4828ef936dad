/**
 * "Domain for this hosting" (D18, D21 §7): checkout for hosting and bundles asks for the domain
 * the panel account is made for, or "I’ll add it later" (the default: a buyer with no domain yet
 * pays at once). The name is checked by the server's own rule (accountDomainOf), the order
 * carries it (or nothing), the summary shows it, a refusal from the server appears beside the
 * field, and a Renew link for a hosting service with a domain renews exactly that service.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Service } from '@domain/api';
import { CATALOG } from '@domain/catalog';
import { priceCheckout } from '@domain/checkout-pricing';
import { renewalCheckoutPath } from '@domain/renewal-schedule';
import {
  API,
  apiError,
  startMockApi,
  orderCreated,
  profileWithoutBilling,
} from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();
let orders: Record<string, unknown>[];

const hostingWithDomain: Service = {
  id: 'svc_1',
  planId: 'basichosting',
  name: 'Basic Hosting',
  category: 'hosting',
  domain: 'asharao.in',
  months: 12,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2099-11-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 3_538_584,
  renewable: true,
  daysLeft: 20,
  provisioning: { state: 'ready', username: 'asharaoin' },
};

const registration: Service = {
  ...hostingWithDomain,
  id: 'svc_2',
  planId: 'basicdomain',
  name: 'Basic Domain',
  category: 'domain',
  domain: 'asharao.com',
  provisioning: { state: 'ready' },
};

function serve(services: Service[] = []) {
  const dashboard: DashboardResponse = {
    user: {
      id: 'u1',
      email: 'asha@example.in',
      name: 'Asha',
      phone: '',
      currentPlan: null,
      expiry: null,
    },
    services,
    payments: [],
  };
  server.use(
    http.get(`${API}/me/dashboard`, () => HttpResponse.json(dashboard)),
    profileWithoutBilling,
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> & { planId: string };
      orders.push(body);
      const { renew: _renew, ...priced } = body;
      const q = priceCheckout(CATALOG, { ...priced, renewal: services.length > 0 });
      return orderCreated(q);
    }),
  );
}

beforeEach(() => {
  resetAuthMock();
  FakeRazorpay.install();
  orders = [];
  setSignedInUser({ sub: 'u1', email: 'asha@example.in', name: 'Asha' });
  serve();
});

const field = () => screen.getByLabelText('Domain for this hosting');
const later = () => screen.getByRole('checkbox', { name: 'I’ll add it later' });
const payNow = () => userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

describe('checkout for hosting: the domain for this hosting', () => {
  it('starts on "I’ll add it later" and orders no domain', async () => {
    renderApp('/checkout?plan=basichosting');
    await screen.findByTestId('plan-name');

    expect(later()).toBeChecked();
    expect(field()).toBeDisabled();
    expect(screen.getByTestId('summary-domain')).toHaveTextContent('Added later');
    expect(field()).toHaveAccessibleDescription(/starts on a temporary address/);
    await payNow();

    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    expect(orders).toEqual([{ planId: 'basichosting', months: 12 }]);
  });

  it('orders the typed domain, normalised as the server normalises it, and shows it', async () => {
    renderApp('/checkout?plan=basicbundle');
    await screen.findByTestId('plan-name');

    await userEvent.click(later());
    expect(field()).toBeEnabled();
    expect(field()).toHaveFocus();
    await userEvent.type(field(), ' AshaRao.IN ');
    expect(screen.getByTestId('summary-domain')).toHaveTextContent(/^asharao\.in$/);
    await payNow();

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toEqual({ planId: 'basicbundle', months: 12, domain: 'asharao.in' });
  });

  it('refuses a malformed name beside the field with the server’s sentence, and orders nothing', async () => {
    renderApp('/checkout?plan=basichosting');
    await screen.findByTestId('plan-name');
    await userEvent.click(later());
    await userEvent.type(field(), 'https://asharao');
    expect(screen.getByTestId('summary-domain')).toHaveTextContent('Not a valid domain yet');

    await payNow();

    const message =
      'Please give the domain for this hosting as a name like example.in, or add it later.';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(orders).toEqual([]);
  });

  it('left empty, like the server, names no domain: the hosting is added later', async () => {
    renderApp('/checkout?plan=basichosting');
    await screen.findByTestId('plan-name');
    await userEvent.click(later());
    await userEvent.type(field(), '   ');

    expect(screen.getByTestId('summary-domain')).toHaveTextContent('Added later');
    await payNow();

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toEqual({ planId: 'basichosting', months: 12 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the domain beside the field, not in an alert', async () => {
    server.use(
      http.post(`${API}/checkout/orders`, async ({ request }) => {
        orders.push((await request.json()) as Record<string, unknown>);
        return apiError(400, 'invalid_domain', 'That domain cannot be used for hosting.');
      }),
    );
    renderApp('/checkout?plan=basichosting');
    await screen.findByTestId('plan-name');
    await userEvent.click(later());
    await userEvent.type(field(), 'asharao.in');

    await payNow();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That domain cannot be used for hosting.',
    );
    expect(field()).toHaveAccessibleDescription('That domain cannot be used for hosting.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('offers the buyer’s own registrations as suggestions, without filling one in', async () => {
    serve([registration]);
    renderApp('/checkout?plan=basichosting');
    await screen.findByTestId('plan-name');
    await userEvent.click(later());

    await waitFor(() => expect(field()).toHaveAttribute('list'));
    const list = document.getElementById(field().getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
      'asharao.com',
    ]);
    expect(field()).toHaveValue('');
  });

  it('is not asked on VPS or storage, which take no domain', async () => {
    renderApp('/checkout?plan=basicvps');
    await screen.findByTestId('plan-name');

    expect(screen.queryByLabelText('Domain for this hosting')).not.toBeInTheDocument();
    expect(screen.queryByTestId('summary-domain')).not.toBeInTheDocument();
  });
});

describe('Renew for a hosting service set up with a domain', () => {
  it('renews that service: its domain fixed, the renewal price, and the order names the domain', async () => {
    serve([hostingWithDomain]);
    renderApp(renewalCheckoutPath(hostingWithDomain));

    await waitFor(() =>
      expect(screen.getByTestId('renewal-of')).toHaveTextContent(
        'Renewal of Basic Hosting (renews on 22 Nov 2099 → 22 Nov 2100)',
      ),
    );
    expect(field()).toHaveValue('asharao.in');
    expect(field()).toBeDisabled();
    expect(later()).not.toBeChecked();
    expect(field()).toHaveAccessibleDescription('This renewal is for your hosting of asharao.in.');
    // ₹2,999 × 12 = ₹35,988 + 18% GST: the renewal price, as the server charges it.
    expect(screen.getByTestId('total')).toHaveTextContent('₹42,465.84');
    await payNow();

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toEqual({
      planId: 'basichosting',
      months: 12,
      domain: 'asharao.in',
      renew: true,
    });
  });

  it('renews a service set up without one with no domain, and cannot be given one', async () => {
    const { domain: _none, ...withoutDomain } = hostingWithDomain;
    serve([withoutDomain]);
    renderApp(renewalCheckoutPath(withoutDomain));

    await waitFor(() =>
      expect(screen.getByTestId('renewal-of')).toHaveTextContent(/renews on 22 Nov 2099/),
    );
    expect(later()).toBeChecked();
    expect(later()).toBeDisabled();
    await payNow();

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toEqual({ planId: 'basichosting', months: 12, renew: true });
  });
});
