import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { quote } from '@domain/pricing';
import {
  API,
  apiError,
  startMockApi,
  orderCreated,
  profileWithoutBilling,
} from '../support/api-server';
import {
  holdSession,
  resetAuthMock,
  setSignedInUser,
  TEST_ID_TOKEN,
} from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { currentLocation, renderApp } from '../support/render-app';
import { checkoutCopy } from '../../../web/src/content/checkout';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const basicHosting = CATALOG.find((p) => p.id === 'basichosting')!;
const SUCCESS = {
  razorpay_payment_id: 'pay_123',
  razorpay_order_id: 'order_123',
  razorpay_signature: 'sig_abc',
};

interface Recorded {
  orders: Array<{ body: unknown; authorization: string | null }>;
  verifies: Array<{ body: unknown; authorization: string | null }>;
  quotes: unknown[];
}
let recorded: Recorded;

function useCheckoutApi() {
  server.use(
    http.post(`${API}/checkout/quote`, async ({ request }) => {
      const body = (await request.json()) as { planId: string; months: number; promoCode?: string };
      recorded.quotes.push(body);
      if (body.promoCode !== undefined && body.promoCode !== 'HOST10') {
        return apiError(400, 'invalid_promo_code', 'That promo code is not valid.');
      }
      return HttpResponse.json(quote(basicHosting, body.months, body.promoCode));
    }),
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      const body = (await request.json()) as { planId: string; months: number; promoCode?: string };
      recorded.orders.push({ body, authorization: request.headers.get('authorization') });
      const q = quote(basicHosting, body.months, body.promoCode);
      return orderCreated(q, {
        name: 'Asha Rao',
        email: 'asha@example.in',
        contact: '+919876543210',
      });
    }),
    // From ₹50,000 the checkout reads the saved billing details (D15): none here.
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
        services: [],
        payments: [],
      }),
    ),
    http.post(`${API}/checkout/verify`, async ({ request }) => {
      recorded.verifies.push({
        body: await request.json(),
        authorization: request.headers.get('authorization'),
      });
      return HttpResponse.json({ purchase: { id: 'p1' } });
    }),
  );
}

beforeEach(() => {
  resetAuthMock();
  FakeRazorpay.install();
  recorded = { orders: [], verifies: [], quotes: [] };
  useCheckoutApi();
});

async function openCheckout(path = '/checkout?plan=basichosting') {
  const view = renderApp(path);
  await screen.findByTestId('plan-name');
  return view;
}

function breakdown() {
  const row = (id: string) => screen.queryByTestId(id)?.textContent ?? null;
  return {
    base: row('base'),
    duration: row('duration-discount'),
    promo: row('promo-discount'),
    subtotal: row('subtotal'),
    fee: row('fee'),
    total: row('total'),
  };
}

async function chooseMonths(months: number) {
  await userEvent.selectOptions(screen.getByLabelText('Billing period'), String(months));
}

async function applyPromo(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Promo code'), code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

async function okAlert() {
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }),
  );
}

describe('checkout: loading and the order summary', () => {
  it("shows 'Loading Plans, Please Wait' until the plan arrives, then the plan's name", async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    // The plan answers only when the test says so: "until it arrives" does not race the API.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/plans/:planId`, async () => {
        await answered;
        return HttpResponse.json(basicHosting);
      }),
    );
    renderApp('/checkout?plan=basichosting');
    expect(await screen.findByText('Loading Plans, Please Wait')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-name')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Basic Hosting');
    expect(screen.queryByText('Loading Plans, Please Wait')).not.toBeInTheDocument();
  });

  it('explains an unknown plan and links to the plans', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    renderApp('/checkout?plan=nosuchplan');
    expect(
      await screen.findByRole('heading', { name: 'We could not find that plan' }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Web Hosting' })).toHaveAttribute('href', '/hosting');
    expect(main.getByRole('link', { name: 'Bundles' })).toHaveAttribute('href', '/pricing');
  });

  it('says an unknown plan alone to a visitor, with no sign-in overlay over it (#26)', async () => {
    renderApp('/checkout?plan=nosuchplan');
    expect(
      await screen.findByRole('heading', { name: 'We could not find that plan' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: checkoutCopy.overlayTitle }),
    ).not.toBeInTheDocument();
  });

  it('shows a visitor the sign-in overlay over a plan that exists', async () => {
    renderApp('/checkout?plan=basichosting');
    expect(
      await screen.findByRole('heading', { name: checkoutCopy.overlayTitle }),
    ).toBeInTheDocument();
  });

  it('offers &domain= on hosting as the domain for this hosting, not as a registration', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await openCheckout('/checkout?plan=basichosting&domain=asharao.com');
    expect(screen.queryByTestId('domain-name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Domain for this hosting')).toHaveValue('asharao.com');
    expect(screen.queryByText(/Registration asharao\.com/)).not.toBeInTheDocument();
  });

  it('shows the domain name from &domain= (D13)', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    renderApp('/checkout?plan=basicdomain&domain=asharao.com');
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Basic Domain');
    expect(screen.getByLabelText('Domain name')).toHaveValue('asharao.com');
  });

  it('offers 1, 12, 24 and 36 months, with 12 chosen at first', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await openCheckout();
    const select = screen.getByLabelText('Billing period');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['1', '12', '24', '36']);
    expect(select).toHaveValue('12');
  });
});

describe('checkout: the price breakdown (basichosting, ₹2,499.00 a month), worked by hand', () => {
  // base = 2,499.00 × months; duration discount 20% at 24, 30% at 36; HOST10 takes 10% of what is
  // left; fee = 18% of the subtotal; each step rounds to the paisa, halves up.
  const cases = [
    {
      months: 1,
      promo: false,
      base: '₹2,499.00',
      duration: null,
      promoLine: null,
      subtotal: '₹2,499.00',
      fee: '₹449.82',
      total: '₹2,948.82',
    },
    {
      months: 1,
      promo: true,
      base: '₹2,499.00',
      duration: null,
      promoLine: '−₹249.90',
      subtotal: '₹2,249.10',
      fee: '₹404.84',
      total: '₹2,653.94',
    },
    {
      months: 12,
      promo: false,
      base: '₹29,988.00',
      duration: null,
      promoLine: null,
      subtotal: '₹29,988.00',
      fee: '₹5,397.84',
      total: '₹35,385.84',
    },
    {
      months: 12,
      promo: true,
      base: '₹29,988.00',
      duration: null,
      promoLine: '−₹2,998.80',
      subtotal: '₹26,989.20',
      fee: '₹4,858.06',
      total: '₹31,847.26',
    },
    {
      months: 24,
      promo: false,
      base: '₹59,976.00',
      duration: '−₹11,995.20',
      promoLine: null,
      subtotal: '₹47,980.80',
      fee: '₹8,636.54',
      total: '₹56,617.34',
    },
    {
      months: 24,
      promo: true,
      base: '₹59,976.00',
      duration: '−₹11,995.20',
      promoLine: '−₹4,798.08',
      subtotal: '₹43,182.72',
      fee: '₹7,772.89',
      total: '₹50,955.61',
    },
    {
      months: 36,
      promo: false,
      base: '₹89,964.00',
      duration: '−₹26,989.20',
      promoLine: null,
      subtotal: '₹62,974.80',
      fee: '₹11,335.46',
      total: '₹74,310.26',
    },
    {
      months: 36,
      promo: true,
      base: '₹89,964.00',
      duration: '−₹26,989.20',
      promoLine: '−₹6,297.48',
      subtotal: '₹56,677.32',
      fee: '₹10,201.92',
      total: '₹66,879.24',
    },
  ];

  it.each(cases)('$months months, HOST10: $promo → total $total', async (c) => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await openCheckout();
    if (c.promo) {
      await applyPromo('HOST10');
      expect(await screen.findByText(/10% additional discount applied/)).toBeInTheDocument();
    }
    await chooseMonths(c.months);
    expect(breakdown()).toEqual({
      base: c.base,
      duration: c.duration,
      promo: c.promoLine,
      subtotal: c.subtotal,
      fee: c.fee,
      total: c.total,
    });
    expect(screen.getByText('GST (18%)')).toBeInTheDocument();
  });

  it('rejects a promo code that is not exactly HOST10 with the server message, and leaves the total alone', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await openCheckout();
    await applyPromo('host10');
    expect(await screen.findByText('That promo code is not valid.')).toBeInTheDocument();
    expect(recorded.quotes).toEqual([{ planId: 'basichosting', months: 12, promoCode: 'host10' }]);
    expect(breakdown().promo).toBeNull();
    expect(breakdown().total).toBe('₹35,385.84');
  });

  it('can remove an applied promo code', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await openCheckout();
    await applyPromo('HOST10');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(breakdown().promo).toBeNull();
    expect(breakdown().total).toBe('₹35,385.84');
  });
});

describe('checkout: the login overlay', () => {
  it('covers the page for a visitor with Login and Sign Up that return to this checkout', async () => {
    renderApp('/checkout?plan=basichosting&domain=asharao.com');
    const dialog = await screen.findByRole('dialog', { name: 'Please Login for Purchasing Plan' });
    const back = encodeURIComponent('/checkout?plan=basichosting&domain=asharao.com');
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?redirect=${back}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      `/signup?redirect=${back}`,
    );
  });

  it('is not shown to a logged-in user', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await openCheckout();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('brings the user back to the same checkout after logging in', async () => {
    const user = userEvent.setup();
    renderApp('/checkout?plan=premiumhosting');
    const dialog = await screen.findByRole('dialog', { name: 'Please Login for Purchasing Plan' });
    await user.click(within(dialog).getByRole('link', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    await user.type(screen.getByLabelText('Email address'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/checkout?plan=premiumhosting'));
    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Premium Hosting');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("Pay Now before the login is known alerts 'Please login to continue with the purchase' and goes to /login", async () => {
    holdSession();
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Please login to continue with the purchase');
    expect(recorded.orders).toHaveLength(0);
    await okAlert();
    await waitFor(() =>
      expect(currentLocation()).toBe(
        `/login?redirect=${encodeURIComponent('/checkout?plan=basichosting')}`,
      ),
    );
  });
});

describe('checkout: Pay Now', () => {
  beforeEach(() => setSignedInUser({ sub: 'u1', email: 'asha@example.in', name: 'Asha Rao' }));

  it('creates the order with the ID token, then opens Razorpay with the server amount and the spec options', async () => {
    const user = userEvent.setup();
    // "I’ll add it later" is the default: no domain is sent.
    await openCheckout('/checkout?plan=basichosting');
    await chooseMonths(24);
    await applyPromo('HOST10');
    await screen.findByText(/10% additional discount applied/);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    expect(recorded.orders).toEqual([
      {
        body: { planId: 'basichosting', months: 24, promoCode: 'HOST10' },
        authorization: `Bearer ${TEST_ID_TOKEN}`,
      },
    ]);
    const { options, opened } = FakeRazorpay.last();
    expect(opened).toBe(true);
    expect(options).toMatchObject({
      key: 'rzp_test_local',
      amount: 5_095_561,
      currency: 'INR',
      order_id: 'order_123',
      name: 'Hosting Storefront',
      description: 'Basic Hosting',
      prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919876543210' },
      theme: { color: '#1d4ed8' },
    });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('verifies the payment, alerts success and goes to /dashboard', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    FakeRazorpay.last().succeed(SUCCESS);
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Payment successful! Your plan has been activated.');
    expect(recorded.verifies).toEqual([
      { body: SUCCESS, authorization: `Bearer ${TEST_ID_TOKEN}` },
    ]);
    expect(currentLocation()).toBe('/checkout?plan=basichosting');
    await okAlert();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it("alerts 'Error initiating payment. Please try again.' when the order cannot be created", async () => {
    server.use(
      http.post(`${API}/checkout/orders`, () =>
        apiError(500, 'internal_error', 'Something went wrong on our side.'),
      ),
    );
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Error initiating payment. Please try again.',
    );
    expect(FakeRazorpay.instances).toHaveLength(0);
    await okAlert();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('shows the server’s reason when it refuses the order for something the buyer can act on', async () => {
    const reason =
      'Please add your billing address in Settings: orders of ₹50,000 or more need one.';
    server.use(
      http.post(`${API}/checkout/orders`, () => apiError(400, 'billing_address_required', reason)),
    );
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(reason);
    expect(alert).not.toHaveTextContent('Error initiating payment');
    expect(FakeRazorpay.instances).toHaveLength(0);
    await okAlert();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('says the payment is being confirmed when verify answers pending, then goes to /dashboard', async () => {
    server.use(
      http.post(`${API}/checkout/verify`, () =>
        HttpResponse.json({ status: 'pending' }, { status: 202 }),
      ),
    );
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    FakeRazorpay.last().succeed(SUCCESS);
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(
      'Your payment is being confirmed. Your dashboard will show the service as soon as Razorpay confirms it.',
    );
    expect(alert).not.toHaveTextContent('Payment successful');
    await okAlert();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it('a plan change paid a second time says it is being refunded, and goes to /dashboard', async () => {
    const refunded =
      'Your plan was already changed by your first payment, so this second payment is being refunded in full.';
    server.use(
      http.post(`${API}/checkout/verify`, () => apiError(409, 'change_paid_twice', refunded)),
    );
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    FakeRazorpay.last().succeed(SUCCESS);
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(refunded);
    expect(alert).not.toHaveTextContent('Error saving purchase details');
    await okAlert();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it.each([
    {
      kind: 'permission denied (403)',
      reply: () => apiError(403, 'forbidden', 'Not allowed.'),
      message:
        'Error: You do not have permission to save purchase details. Please contact support.',
    },
    {
      kind: 'another API error',
      reply: () => apiError(400, 'invalid_signature', 'The payment signature does not match.'),
      message: 'Error saving purchase details: The payment signature does not match.',
    },
    {
      kind: 'a network failure',
      reply: () => HttpResponse.error(),
      message: 'Payment successful but error saving details. Please contact support.',
    },
  ])(
    'after payment, a verify failure ($kind) shows its alert and stays on checkout',
    async ({ reply, message }) => {
      server.use(http.post(`${API}/checkout/verify`, reply));
      const user = userEvent.setup();
      await openCheckout();
      await user.click(screen.getByRole('button', { name: 'Pay Now' }));
      await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
      FakeRazorpay.last().succeed(SUCCESS);
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(message);
      await okAlert();
      expect(currentLocation()).toBe('/checkout?plan=basichosting');
      expect(screen.getByText(/will still be activated automatically/)).toHaveTextContent(
        'order_123',
      );
    },
  );

  it('on payment.failed says so clearly, activates nothing, and lets the buyer try again', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    FakeRazorpay.last().fail('Your card was declined');
    expect(
      await screen.findByText(
        'Payment failed: Your card was declined. If your bank debited your account, Razorpay refunds the amount automatically, typically within 5–7 working days. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(recorded.verifies).toHaveLength(0);
    const payNow = screen.getByRole('button', { name: 'Pay Now' });
    expect(payNow).toBeEnabled();
    await user.click(payNow);
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(2));
  });

  it('explains a failure whose description says nothing more than "Payment failed."', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    FakeRazorpay.last().fail('Payment failed.');
    expect(
      await screen.findByText(
        'Payment failed: the payment could not be completed. If your bank debited your account, Razorpay refunds the amount automatically, typically within 5–7 working days. Please try again.',
      ),
    ).toBeInTheDocument();
  });

  it('makes Pay Now usable again when the buyer closes the payment window', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    FakeRazorpay.last().dismiss();
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });
});
