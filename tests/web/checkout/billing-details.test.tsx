/**
 * The checkout and the tax invoice (D10, D15), one source with Settings' billing (#26): a signed-in
 * buyer's saved details are shown at once, with their own GST split (the invoice's) whatever the
 * amount, and edited in place; without saved details it asks for them from ₹50,000 of taxable
 * value and will not start a payment without them, and offers "Add GST details for a business
 * invoice" below that; once the state is known the GST row becomes CGST 9% + SGST 9% or IGST 18%,
 * as the server splits it; the order carries the details (and the server saves them).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import type { BillingDetails } from '@domain/gst';
import { quoteTax } from '@domain/gst';
import { quote } from '@domain/pricing';
import { API, startMockApi, orderCreated } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const basicHosting = CATALOG.find((p) => p.id === 'basichosting')!;
/** The server's seller is in Karnataka (the local stack's sample seller). */
const SELLER_STATE = 'Karnataka';

const SAVED: BillingDetails = {
  name: 'Asha Traders Private Limited',
  line1: 'Office 402, Sai Heights',
  line2: 'Baner Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  gstin: '27AAFCA5678K1Z6',
};

let orders: unknown[];

function serve(saved: BillingDetails | null) {
  server.use(
    // Nothing held: a new purchase (the checkout asks, for D14's renewal price).
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
    http.get(`${API}/me/profile`, () => {
      return HttpResponse.json({
        email: 'asha@example.in',
        name: 'Asha',
        phone: '',
        billing: saved,
      });
    }),
    http.post(`${API}/checkout/quote`, async ({ request }) => {
      const body = (await request.json()) as {
        months: number;
        promoCode?: string;
        billingState?: string;
      };
      const q = quote(basicHosting, body.months, body.promoCode);
      return HttpResponse.json(
        body.billingState ? { ...q, tax: quoteTax(q, body.billingState, SELLER_STATE) } : q,
      );
    }),
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      orders.push(await request.json());
      const q = quote(basicHosting, 12);
      return orderCreated(q);
    }),
  );
}

beforeEach(() => {
  resetAuthMock();
  FakeRazorpay.install();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
  orders = [];
});

async function openCheckout() {
  renderApp('/checkout?plan=basichosting');
  await screen.findByTestId('plan-name');
  return userEvent.setup();
}

const payNow = () => screen.getByRole('button', { name: 'Pay Now' });

describe('checkout: billing details for the tax invoice', () => {
  it('asks for them from ₹50,000 and starts no payment without them', async () => {
    serve(null);
    const user = await openCheckout();

    await user.selectOptions(screen.getByLabelText('Billing period'), '36');
    expect(
      await screen.findByText(/From ₹50,000 of taxable value \(the price before GST\), your tax/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name on invoice')).toBeInTheDocument();
    await user.click(payNow());

    expect(await screen.findByRole('alert')).toHaveTextContent(/Please/);
    expect(orders).toEqual([]);
    expect(FakeRazorpay.instances).toHaveLength(0);
  });

  it('sends what the buyer fills in, and splits the GST as IGST for another state', async () => {
    serve(null);
    const user = await openCheckout();
    await user.selectOptions(screen.getByLabelText('Billing period'), '36');
    await screen.findByLabelText('Name on invoice');

    await user.type(screen.getByLabelText('Name on invoice'), 'Asha Verma');
    await user.type(screen.getByLabelText('Address line 1'), '14, 2nd Cross, Jayanagar');
    await user.type(screen.getByLabelText('City'), 'Chennai');
    await user.selectOptions(screen.getByLabelText('State or union territory'), 'Tamil Nadu');
    await user.type(screen.getByLabelText('PIN code'), '600001');

    // 18% of ₹62,974.80
    expect(await screen.findByTestId('igst')).toHaveTextContent('₹11,335.46');
    expect(screen.getByText('IGST (18%)')).toBeInTheDocument();
    expect(screen.queryByTestId('fee')).not.toBeInTheDocument();
    expect(screen.getByTestId('place-of-supply')).toHaveTextContent('Tamil Nadu (33)');
    await user.click(payNow());
    await waitFor(() =>
      expect(orders).toEqual([
        {
          planId: 'basichosting',
          months: 36,
          billing: {
            name: 'Asha Verma',
            line1: '14, 2nd Cross, Jayanagar',
            city: 'Chennai',
            state: 'Tamil Nadu',
            pincode: '600001',
          },
        },
      ]),
    );
  });

  it("shows the saved details' own split on any order, and edits them in place (one source)", async () => {
    serve({ ...SAVED, state: 'Karnataka', gstin: '29AAFCA5678K1Z2', city: 'Bengaluru' });
    const user = await openCheckout();

    // Under ₹50,000 too: the split shown is the invoice's, for the saved state.
    expect(await screen.findByTestId('billing-from-profile')).toHaveTextContent(
      'Asha Traders Private Limited, Bengaluru, Karnataka',
    );
    // 18% of ₹29,988.00 = ₹5,397.84, halved
    expect(await screen.findByTestId('cgst')).toHaveTextContent('₹2,698.92');
    expect(screen.getByTestId('sgst')).toHaveTextContent('₹2,698.92');
    expect(screen.queryByText('GST (18%)')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Add GST details for a business invoice' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change billing details' }));
    expect(await screen.findByDisplayValue('Asha Traders Private Limited')).toBeInTheDocument();
    expect(screen.getByLabelText('GSTIN (optional)')).toHaveValue('29AAFCA5678K1Z2');
    expect(
      screen.getByText(
        'What you enter here is saved to your account settings for your next invoice.',
      ),
    ).toBeInTheDocument();
    await user.click(payNow());
    await waitFor(() =>
      expect(orders).toEqual([
        expect.objectContaining({
          billing: expect.objectContaining({ state: 'Karnataka', gstin: '29AAFCA5678K1Z2' }),
        }),
      ]),
    );
  });

  it('offers GST details on a small order when none are saved', async () => {
    serve(null);
    const user = await openCheckout();
    expect(screen.getByTestId('fee')).toHaveTextContent('₹5,397.84');

    await user.click(
      await screen.findByRole('button', { name: 'Add GST details for a business invoice' }),
    );

    expect(await screen.findByLabelText('Name on invoice')).toHaveValue('');
  });

  it('refuses a GSTIN of another state with the sentence the API would give', async () => {
    serve(null);
    const user = await openCheckout();
    await user.click(
      screen.getByRole('button', { name: 'Add GST details for a business invoice' }),
    );

    await user.type(await screen.findByLabelText('Name on invoice'), 'Asha Traders');
    await user.type(screen.getByLabelText('Address line 1'), 'Office 402');
    await user.type(screen.getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(screen.getByLabelText('State or union territory'), 'Karnataka');
    await user.type(screen.getByLabelText('PIN code'), '560001');
    await user.type(screen.getByLabelText('GSTIN (optional)'), SAVED.gstin!);
    await user.click(payNow());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This GSTIN is not valid for the selected state.',
    );
    expect(orders).toEqual([]);
  });

  it('uses the saved details for a large order without asking again', async () => {
    serve(SAVED);
    const user = await openCheckout();

    await user.selectOptions(screen.getByLabelText('Billing period'), '36');

    expect(await screen.findByTestId('billing-from-profile')).toHaveTextContent(
      'Asha Traders Private Limited, Pune, Maharashtra',
    );
    expect(await screen.findByTestId('igst')).toBeInTheDocument();
    // One sentence: billed to the saved details, not also "Please fill them in below".
    expect(screen.queryByText(/Please fill them in below/)).not.toBeInTheDocument();
    await user.click(payNow());
    // The server takes the profile's details itself.
    await waitFor(() => expect(orders).toEqual([{ planId: 'basichosting', months: 36 }]));
  });
});
