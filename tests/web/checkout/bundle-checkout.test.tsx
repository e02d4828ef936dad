/**
 * A bundle's checkout asks for what its parts need (D24): the domain name it registers (checked
 * as the server checks its form; the server's "taken" said beside the field) and, for a bundle
 * with a VPS, the OS, hostname and SSH key as a VPS checkout asks them. The order carries both.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '@domain/api';
import { CATALOG } from '@domain/catalog';
import { priceCheckout } from '@domain/checkout-pricing';
import { SAMPLE_BUYER_SAME_STATE } from '../../../lambdas/templates/invoice/sample';
import { API, apiError, startMockApi, orderCreated } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx0aGVrZXlvZmFzaGFsYXB0b3BmaWxsZXI asha@laptop';
const server = startMockApi();
let orders: Record<string, unknown>[];
let saved: unknown[];

/** The buyer's profile holds the registrant's address and, unless `phone` says, a mobile number. */
function serve(
  refuse?: { code: string; message: string },
  services: Service[] = [],
  phone = '+919876543210',
) {
  server.use(
    http.get(`${API}/me/dashboard`, () =>
      HttpResponse.json({
        user: {
          id: 'u1',
          email: 'asha@example.in',
          name: 'Asha Verma',
          phone: '',
          currentPlan: null,
          expiry: null,
        },
        services,
        payments: [],
      }),
    ),
    http.get(`${API}/me/profile`, () =>
      HttpResponse.json({
        email: 'asha@example.in',
        name: 'Asha Verma',
        phone,
        billing: SAMPLE_BUYER_SAME_STATE,
      }),
    ),
    http.put(`${API}/me/profile`, async ({ request }) => {
      const update = (await request.json()) as Record<string, unknown>;
      saved.push(update);
      return HttpResponse.json({
        email: 'asha@example.in',
        name: 'Asha Verma',
        phone,
        billing: SAMPLE_BUYER_SAME_STATE,
        ...update,
      });
    }),
    http.post(`${API}/checkout/quote`, async ({ request }) => {
      const body = (await request.json()) as { planId: string; months: number };
      return HttpResponse.json(
        priceCheckout(CATALOG, { planId: body.planId, months: body.months }),
      );
    }),
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> & { planId: string };
      orders.push(body);
      if (refuse) return apiError(400, refuse.code, refuse.message);
      return orderCreated(priceCheckout(CATALOG, { planId: body.planId, months: 12 }));
    }),
  );
}

beforeEach(() => {
  resetAuthMock();
  orders = [];
  saved = [];
  FakeRazorpay.install();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in', name: 'Asha Verma' });
});

describe("a bundle's checkout (D24)", () => {
  it('Standard Bundle: asks the domain to register and the VPS choices, and orders them', async () => {
    serve();
    renderApp('/checkout?plan=standardbundle&domain=ashaverma.in');
    const name = await screen.findByLabelText('Domain name to register');
    // The invoice's billing details, from the profile (an order of ₹50,000 or more needs them).
    await screen.findByTestId('billing-from-profile');
    expect(screen.getByTestId('vps-choice')).toBeInTheDocument();

    await userEvent.type(name, 'ashaverma.i');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(/\.i is not available/)).toBeInTheDocument();
    expect(orders).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, 'AshaVerma.in');
    await userEvent.type(screen.getByLabelText(/SSH public key/), KEY);
    // A name to register (D23): the registrant on file is named, nothing asked.
    await screen.findByTestId('registrant-on-file');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({
      planId: 'standardbundle',
      registerDomain: 'ashaverma.in',
      vps: { os: 'ubuntu-24.04', sshKeys: [KEY] },
    });
  });

  it('a taken name: the server’s sentence beside the field', async () => {
    serve({
      code: 'domain_not_available',
      message: 'ashaverma.in is already registered by someone else. Please choose another name.',
    });
    renderApp('/checkout?plan=basicbundle&domain=ashaverma.in');
    await userEvent.type(await screen.findByLabelText('Domain name to register'), 'ashaverma.in');
    // Basic Bundle has no VPS.
    expect(screen.queryByTestId('vps-choice')).not.toBeInTheDocument();
    await screen.findByTestId('registrant-on-file');

    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByText(/already registered by someone else/)).toBeInTheDocument();
    expect(screen.getByLabelText('Domain name to register')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('no mobile number on file: asked under Registrant details once a name is typed, saved, then ordered', async () => {
    serve(undefined, [], '');
    renderApp('/checkout?plan=basicbundle&domain=ashaverma.in');
    const name = await screen.findByLabelText('Domain name to register');
    // No name, no registration: nothing is asked.
    expect(screen.queryByRole('heading', { name: 'Registrant details' })).not.toBeInTheDocument();

    await userEvent.type(name, 'ashaverma.in');
    const phone = await screen.findByLabelText('Mobile number');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(
      await screen.findByText(/Please enter a 10-digit Indian mobile number/),
    ).toBeInTheDocument();
    expect(orders).toEqual([]);

    await userEvent.type(phone, '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(saved).toEqual([{ phone: '+919876543210' }]);
    expect(orders[0]).toMatchObject({ planId: 'basicbundle', registerDomain: 'ashaverma.in' });
  });

  it('Basic Hosting asks no domain to register', async () => {
    serve();
    renderApp('/checkout?plan=basichosting&domain=ashaverma.in');
    await screen.findByTestId('plan-name');
    expect(screen.queryByLabelText('Domain name to register')).not.toBeInTheDocument();
  });
});

describe("Premium and Enterprise Hosting's free domain for the first year (D23)", () => {
  it('asks the name under its own title, checks it as the server does, and orders it', async () => {
    serve();
    renderApp('/checkout?plan=premiumhosting&domain=ashaverma.in');
    const name = await screen.findByLabelText('Domain name to register');
    expect(screen.getByTestId('register-domain')).toHaveTextContent(
      'Free domain for the first year',
    );
    expect(screen.getByTestId('register-domain')).toHaveTextContent(/renews at the domain/);

    await userEvent.type(name, 'asha_verma.com');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(orders).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, 'AshaVerma.com');
    await screen.findByTestId('registrant-on-file');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({ planId: 'premiumhosting', registerDomain: 'ashaverma.com' });
  });

  it('left empty, the order names none', async () => {
    serve();
    renderApp('/checkout?plan=enterprisehosting&domain=ashaverma.in');
    await screen.findByLabelText('Domain name to register');
    await screen.findByTestId('billing-from-profile');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).not.toHaveProperty('registerDomain');
  });

  it('a renewal of Premium Hosting asks none', async () => {
    serve(undefined, [
      {
        id: 'svc_1',
        planId: 'premiumhosting',
        name: 'Premium Hosting',
        category: 'hosting',
        domain: 'ashaverma.in',
        months: 12,
        purchaseDate: '2098-11-22T04:30:00.000Z',
        renewalDate: '2099-11-22T04:30:00.000Z',
        status: 'active',
        state: 'active',
        pricePaidPaise: 5_662_584,
        renewable: true,
        daysLeft: 20,
        provisioning: { state: 'ready' },
      },
    ]);
    renderApp('/checkout?plan=premiumhosting&domain=ashaverma.in&renew=1');
    await screen.findByTestId('renewal-of');
    await waitFor(() => expect(screen.getByTestId('renewal-of')).toHaveTextContent('renews on'));
    expect(screen.queryByLabelText('Domain name to register')).not.toBeInTheDocument();
  });
});
