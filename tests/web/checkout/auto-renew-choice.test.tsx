/**
 * "Renew automatically" at checkout (D25): unticked until the buyer ticks it, with the maximum, the
 * first debit's date, the ₹15,000 rule and how to stop it said beside the box; ticked, the order
 * asks for the mandate and Razorpay opens with `recurring: 1` for the buyer's customer; after
 * paying, the buyer is told whether auto-renew is on or was declined.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutAutoRenewOutcome, DashboardResponse, Service } from '@domain/api';
import { CATALOG } from '@domain/catalog';
import { quote } from '@domain/pricing';
import { API, profileWithoutBilling, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const basicHosting = CATALOG.find((p) => p.id === 'basichosting')!;
const SUCCESS = {
  razorpay_payment_id: 'pay_123',
  razorpay_order_id: 'order_123',
  razorpay_signature: 'sig_abc',
};

let orders: Record<string, unknown>[];
let services: Service[];
let verified: { autoRenew?: CheckoutAutoRenewOutcome };

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in', name: 'Asha Rao' });
  FakeRazorpay.install();
  orders = [];
  services = [];
  verified = {};
  server.use(
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      const body = (await request.json()) as { months: number; autoRenew?: boolean };
      orders.push(body);
      const q = quote(basicHosting, body.months as 12);
      return HttpResponse.json(
        {
          orderId: 'order_123',
          keyId: 'rzp_test_local',
          amountPaise: q.totalPaise,
          currency: 'INR',
          quote: q,
          prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '' },
          ...(body.autoRenew ? { recurring: { customerId: 'cust_123' } } : {}),
        },
        { status: 201 },
      );
    }),
    profileWithoutBilling,
    http.get(`${API}/me/dashboard`, () =>
      HttpResponse.json({
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
      } satisfies DashboardResponse),
    ),
    http.post(`${API}/checkout/verify`, () =>
      HttpResponse.json({ purchase: { id: 'p1' }, ...verified }),
    ),
  );
});

async function openCheckout(path = '/checkout?plan=basichosting') {
  renderApp(path);
  await screen.findByTestId('plan-name');
}

async function payAndSucceed() {
  await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
  await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
  FakeRazorpay.last().succeed(SUCCESS);
  return screen.findByRole('alertdialog');
}

describe('checkout: "Renew automatically"', () => {
  it('is unticked, and says the maximum, the first debit, the ₹15,000 rule and how to stop', async () => {
    await openCheckout();

    const box = await screen.findByRole('checkbox', { name: 'Renew automatically' });
    expect(box).not.toBeChecked();
    const terms = within(screen.getByTestId('auto-renew-choice'));
    // 12 months of Basic Hosting at the renewal price (₹42,466.15 with GST), up to ₹100.
    expect(terms.getByText(/never more than ₹42,500\.00/)).toBeInTheDocument();
    expect(
      terms.getByText(
        /^The first debit is on or after \d{1,2} [A-Z][a-z]{2} \d{4}\. Three days before each debit we email you/,
      ),
    ).toBeInTheDocument();
    expect(terms.getByText(/above ₹15,000 are never debited automatically/)).toBeInTheDocument();
    expect(
      terms.getByText(/Turn it off any time on the service in your dashboard/),
    ).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(/never more than ₹42,500\.00/);
  });

  it('left unticked, orders without a mandate and opens an ordinary payment', async () => {
    await openCheckout();

    await payAndSucceed();

    expect(orders).toEqual([{ planId: 'basichosting', months: 12 }]);
    expect(FakeRazorpay.last().options).not.toHaveProperty('recurring');
    expect(FakeRazorpay.last().options).not.toHaveProperty('customer_id');
  });

  it('ticked, asks for the mandate with the payment and says auto-renew is on', async () => {
    verified = {
      autoRenew: {
        status: 'on',
        mandateLabel: 'Visa •••• 4242',
        firstDebitOn: '2027-11-20T18:30:00.000Z',
      },
    };
    await openCheckout();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Renew automatically' }));

    const alert = await payAndSucceed();

    expect(orders).toEqual([{ planId: 'basichosting', months: 12, autoRenew: true }]);
    expect(FakeRazorpay.last().options).toMatchObject({
      order_id: 'order_123',
      recurring: '1',
      customer_id: 'cust_123',
    });
    expect(alert).toHaveTextContent('Payment successful! Your plan has been activated.');
    expect(alert).toHaveTextContent(
      'Auto-renew is on, paid from Visa •••• 4242. The first debit is on or after 21 Nov 2027',
    );
  });

  it('says so when the bank declined the mandate: paid, auto-renew off', async () => {
    verified = { autoRenew: { status: 'declined' } };
    await openCheckout();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Renew automatically' }));

    const alert = await payAndSucceed();

    expect(alert).toHaveTextContent('Payment successful!');
    expect(alert).toHaveTextContent(
      'did not accept the auto-renew mandate, so auto-renew is off. Your purchase is paid.',
    );
  });

  it('is not shown to a visitor, who cannot pay (the prerendered page carries no date of today)', async () => {
    resetAuthMock();
    await openCheckout();

    // Under the sign-in overlay the page is hidden from the accessibility tree: looked for anyway.
    expect(screen.queryByTestId('auto-renew-choice')).toBeNull();
  });

  it('is not offered for a renewal of a service whose auto-renew is on already', async () => {
    services = [
      {
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
        daysLeft: 300,
        provisioning: { state: 'ready' },
        autoRenew: true,
      },
    ];
    await openCheckout('/checkout?plan=basichosting&renew=1');
    await screen.findByTestId('renewal-of');

    expect(screen.queryByRole('checkbox', { name: 'Renew automatically' })).toBeNull();
  });
});
