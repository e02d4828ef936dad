/**
 * Checkout in renewal mode (D14): what the buyer holds decides, as on the server. A plan held is
 * shown as "Renewal of <plan> (renews on <date> → <new date>)" at its renewal price with no promo
 * box, and the order says renew; `?renew=1` for a plan never held shows the new price.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Service } from '@domain/api';
import { CATALOG } from '@domain/catalog';
import { quote } from '@domain/pricing';
import { API, startMockApi, orderCreated, profileWithoutBilling } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();
const basicHosting = CATALOG.find((p) => p.id === 'basichosting')!;

const held: Service = {
  id: 'svc_1',
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
  daysLeft: 20,
  provisioning: { state: 'ready' },
};

let orders: unknown[];

function serve(services: Service[]) {
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
    // From ₹50,000 the checkout reads the saved billing details (D15): none here.
    profileWithoutBilling,
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      const body = (await request.json()) as { months: number; renew?: boolean };
      orders.push(body);
      const q = quote(basicHosting, body.months, null, { renewal: services.length > 0 });
      return orderCreated(q);
    }),
  );
}

beforeEach(() => {
  resetAuthMock();
  FakeRazorpay.install();
  orders = [];
  setSignedInUser({ sub: 'u1', email: 'asha@example.in', name: 'Asha' });
});

const total = () => screen.getByTestId('total').textContent;

describe('checkout: renewal mode', () => {
  it('renews a held plan from its renewal date at the renewal price, without a promo box', async () => {
    serve([held]);
    renderApp('/checkout?plan=basichosting&renew=1');

    // Until the buyer's services are known, the link's renew=1 shows the renewal price alone.
    expect(await screen.findByTestId('renewal-of')).toHaveTextContent(
      'Renewal of Basic Hosting, at its renewal price',
    );
    await waitFor(() =>
      expect(screen.getByTestId('renewal-of')).toHaveTextContent(
        'Renewal of Basic Hosting (renews on 22 Nov 2099 → 22 Nov 2100)',
      ),
    );
    // ₹2,999 × 12 = ₹35,988 + 18% GST = ₹42,465.84
    expect(total()).toBe('₹42,465.84');
    expect(screen.queryByLabelText('Promo code')).not.toBeInTheDocument();
    expect(screen.getByText('Promo codes apply to new purchases only.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Billing period'), '36');
    expect(screen.getByTestId('renewal-of')).toHaveTextContent('22 Nov 2099 → 22 Nov 2102');
    // ₹2,999 × 36 = ₹1,07,964 − 30% = ₹75,574.80 + 18% = ₹89,178.26
    expect(total()).toBe('₹89,178.26');
  });

  it('pays as a renewal: the order says renew and carries no promo', async () => {
    serve([held]);
    renderApp('/checkout?plan=basichosting&renew=1');
    await screen.findByTestId('renewal-of');

    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() =>
      expect(orders).toEqual([{ planId: 'basichosting', months: 12, renew: true }]),
    );
  });

  it("opens on the period a renewal mail's link names (a monthly buyer's month), and pays for it", async () => {
    serve([held]);
    renderApp('/checkout?plan=basichosting&renew=1&months=1');
    await screen.findByTestId('renewal-of');

    expect(screen.getByLabelText('Billing period')).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() =>
      expect(orders).toEqual([{ planId: 'basichosting', months: 1, renew: true }]),
    );
  });

  it('shows a held plan as a renewal even without ?renew=1, as the server will charge it', async () => {
    serve([held]);
    renderApp('/checkout?plan=basichosting');

    expect(await screen.findByTestId('renewal-of')).toHaveTextContent('Renewal of Basic Hosting');
    expect(total()).toBe('₹42,465.84');
  });

  it('an expired service is renewed from today', async () => {
    serve([{ ...held, renewalDate: '2020-11-22T04:30:00.000Z', status: 'expired', daysLeft: 0 }]);
    renderApp('/checkout?plan=basichosting&renew=1');

    await screen.findByTestId('renewal-of');
    await waitFor(() =>
      expect(screen.getByTestId('renewal-of')).toHaveTextContent(
        /^Renewal of Basic Hosting \(expired on 22 Nov 2020; renewed until \d{1,2} \w{3} \d{4}\)$/,
      ),
    );
  });

  it('?renew=1 for a plan never held is a new purchase at the new price', async () => {
    serve([]);
    renderApp('/checkout?plan=basichosting&renew=1');
    await screen.findByTestId('plan-name');

    await waitFor(() => expect(total()).toBe('₹35,385.84'));
    expect(screen.queryByTestId('renewal-of')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toBeInTheDocument();
  });

  it('renews the service of the domain the link names, and sends that domain', async () => {
    // D21: only a domain plan names a domain; its period goes as months 12 × years.
    serve([
      {
        ...held,
        planId: 'basicdomain',
        name: 'Basic Domain',
        category: 'domain',
        domain: 'asharao.com',
      },
    ]);
    renderApp('/checkout?plan=basicdomain&renew=1&domain=asharao.com');
    await screen.findByTestId('renewal-of');

    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() =>
      expect(orders).toEqual([
        { planId: 'basicdomain', months: 12, domain: 'asharao.com', renew: true },
      ]),
    );
  });
});
