/**
 * Domains sold by the year (D21): /domains prices each name for the plan it was opened with and
 * Register carries plan and name to checkout; checkout for a domain plan has an editable domain
 * field checked as the server checks it, a 1/2/3-year choice, the breakdown "Registration <name>
 * (₹999.00 × 1 year)" with GST, no promo box, and orders exactly that name and period.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@domain/api';
import { CATALOG } from '@domain/catalog';
import { priceCheckout } from '@domain/checkout-pricing';
import { searchRows } from '@domain/domain-names';
import { DomainSearchPage } from '../../../web/src/features/domain-search/domain-search-page';
import {
  API,
  startMockApi,
  orderCreated,
  profileOfRegistrant,
  profileWithoutBilling,
  REGISTRANT_PROFILE,
} from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();
let orders: Record<string, unknown>[];

beforeEach(() => {
  resetAuthMock();
  orders = [];
  FakeRazorpay.install();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
  const dashboard: DashboardResponse = {
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
  };
  server.use(
    http.get(`${API}/me/dashboard`, () => HttpResponse.json(dashboard)),
    profileOfRegistrant,
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> & { planId: string };
      orders.push(body);
      const q = priceCheckout(CATALOG, body);
      return orderCreated(q);
    }),
  );
});

describe('/domains prices each name for the chosen plan', () => {
  function search(path: string, value: string) {
    render(
      <MemoryRouter initialEntries={[path]}>
        <DomainSearchPage />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Domain name'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  }

  it('opened from Premium Domain, shows its yearly prices and registers on that plan', async () => {
    search('/domains?plan=premiumdomain', 'asharao');

    // The results come from GET /api/domains/availability (D23; the mock API answers it).
    const results = within(
      await screen.findByRole('region', { name: 'Results for “asharao”' }),
    ).getAllByRole('listitem');
    expect(results[0]).toHaveTextContent('₹2,499.00/yr + 18% GST');
    expect(results[1]).toHaveTextContent('₹2,399.00/yr + 18% GST');
    expect(screen.getByRole('link', { name: 'Register asharao.com' })).toHaveAttribute(
      'href',
      '/checkout?plan=premiumdomain&domain=asharao.com',
    );
  });

  it('ignores a ?plan= that is not a domain plan (Basic Domain, ₹999.00/yr)', async () => {
    search('/domains?plan=basichosting', 'asharao');

    expect(await screen.findByRole('link', { name: 'Register asharao.com' })).toHaveAttribute(
      'href',
      '/checkout?plan=basicdomain&domain=asharao.com',
    );
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('₹999.00/yr');
  });
});

describe('checkout for a domain plan', () => {
  it('shows the name, one year at ₹999.00, GST and ₹1,178.82, with no promo box', async () => {
    renderApp('/checkout?plan=basicdomain&domain=asharao.com');

    expect(await screen.findByLabelText('Domain name')).toHaveValue('asharao.com');
    expect(screen.getByTestId('base')).toHaveTextContent('₹999.00');
    expect(screen.getByText('Registration asharao.com (₹999.00 × 1 year)')).toBeInTheDocument();
    expect(screen.getByTestId('fee')).toHaveTextContent('₹179.82');
    expect(screen.getByTestId('total')).toHaveTextContent('₹1,178.82');
    expect(screen.queryByLabelText('Promo code')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Billing period')).not.toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Registration period'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 year', '2 years', '3 years']);
  });

  it('prices 2 years at ₹1,998.00 + GST and orders that name for 24 months', async () => {
    renderApp('/checkout?plan=basicdomain&domain=asharao.com');
    await screen.findByLabelText('Domain name');

    await userEvent.selectOptions(screen.getByLabelText('Registration period'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(screen.getByText('Registration asharao.com (₹999.00 × 2 years)')).toBeInTheDocument();
    expect(screen.getByTestId('total')).toHaveTextContent('₹2,357.64');
    await waitFor(() =>
      expect(orders).toEqual([{ planId: 'basicdomain', months: 24, domain: 'asharao.com' }]),
    );
  });

  it('refuses a name the server would refuse, says why, and orders nothing', async () => {
    renderApp('/checkout?plan=basicdomain&domain=asharao.io');
    const field = await screen.findByLabelText('Domain name');
    expect(screen.queryByTestId('total')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/\.io is not available/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(orders).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'AshaRao.NET');
    expect(screen.getByText('Registration asharao.net (₹899.00 × 1 year)')).toBeInTheDocument();
    expect(screen.getByTestId('total')).toHaveTextContent('₹1,060.82');
  });

  it('reads ?domain= on a hosting plan as its account domain, not a registration', async () => {
    renderApp('/checkout?plan=basichosting&domain=asharao.com');
    await screen.findByTestId('plan-name');

    expect(screen.queryByLabelText('Domain name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Domain for this hosting')).toHaveValue('asharao.com');
    expect(screen.getByText(/Base price/)).toBeInTheDocument();
  });
});

describe('checkout for a new domain asks for the registrant details a registry needs (D23)', () => {
  let saved: unknown[];
  beforeEach(() => {
    saved = [];
    server.use(
      profileWithoutBilling,
      http.put(`${API}/me/profile`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({});
      }),
    );
  });

  it('names the registrant on file and saves nothing when the profile has them', async () => {
    server.use(profileOfRegistrant);
    renderApp('/checkout?plan=basicdomain&domain=asharao.com');

    expect(await screen.findByTestId('registrant-on-file')).toHaveTextContent(
      'The domain will be registered to Asha Verma, Bengaluru, Karnataka',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(saved).toEqual([]);
  });

  it('refuses to pay until they are right, then saves them to the profile and orders', async () => {
    renderApp('/checkout?plan=basicdomain&domain=asharao.com');
    const section = within(
      (await screen.findByRole('heading', { name: 'Registrant details' })).closest(
        'section',
      ) as HTMLElement,
    );
    await section.findByLabelText('Mobile number');

    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await section.findByText(/Please check these fields/)).toBeInTheDocument();
    expect(orders).toEqual([]);
    expect(saved).toEqual([]);

    await userEvent.type(section.getByLabelText('Mobile number'), '98765 43210');
    await userEvent.type(section.getByLabelText('Name on invoice'), 'Asha Verma');
    await userEvent.type(section.getByLabelText('Address line 1'), '12 MG Road');
    await userEvent.type(section.getByLabelText('City'), 'Bengaluru');
    await userEvent.selectOptions(section.getByLabelText('State or union territory'), 'Karnataka');
    await userEvent.type(section.getByLabelText('PIN code'), '560001');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(saved).toEqual([
      {
        phone: '+919876543210',
        billing: {
          name: 'Asha Verma',
          line1: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
        },
      },
    ]);
  });

  it('shows the server’s refusal of the details and orders nothing', async () => {
    server.use(
      http.get(`${API}/me/profile`, () => HttpResponse.json({ ...REGISTRANT_PROFILE, phone: '' })),
      http.put(`${API}/me/profile`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Please enter a 10-digit Indian mobile number.',
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/checkout?plan=basicdomain&domain=asharao.com');
    const phone = await screen.findByLabelText('Mobile number');
    // Only the phone is asked for: the address is on file.
    expect(screen.queryByLabelText(/Address line 1/)).not.toBeInTheDocument();
    await userEvent.type(phone, '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(
      await screen.findByText('Please enter a 10-digit Indian mobile number.'),
    ).toBeInTheDocument();
    expect(orders).toEqual([]);
  });
});

describe('a name registered elsewhere is transferred in with its auth code (D23)', () => {
  it('/domains offers Transfer for a taken name, at its yearly price', async () => {
    server.use(
      http.get(`${API}/domains/availability`, ({ request }) => {
        const name = new URL(request.url).searchParams.get('name') ?? '';
        return HttpResponse.json({
          results: searchRows(name).map((row) => ({
            ...row,
            available: row.extension !== '.com',
          })),
        });
      }),
    );
    render(
      <MemoryRouter initialEntries={['/domains']}>
        <DomainSearchPage />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Domain name'), { target: { value: 'asharao' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    const transfer = await screen.findByRole('link', { name: 'Transfer asharao.com to us' });
    expect(transfer).toHaveAttribute(
      'href',
      '/checkout?plan=basicdomain&domain=asharao.com&transfer=1',
    );
    expect(transfer.closest('li')).toHaveTextContent('₹999.00/yr');
    expect(screen.queryByRole('link', { name: 'Register asharao.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register asharao.net' })).toBeInTheDocument();
  });

  it('checkout asks for the auth code, for one year, and orders nothing without it', async () => {
    renderApp('/checkout?plan=basicdomain&domain=asharao.com&transfer=1');

    const code = await screen.findByLabelText('Auth code (EPP code)');
    expect(screen.getByText('Transfer asharao.com to us')).toBeInTheDocument();
    expect(screen.getByLabelText('Registration period')).not.toBeVisible();
    expect(screen.getByTestId('total')).toHaveTextContent('₹1,178.82');

    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(
      await screen.findByText('Please enter the auth code your current registrar gave you.'),
    ).toBeInTheDocument();
    expect(orders).toEqual([]);

    await userEvent.type(code, ' Xy7-secret ');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() =>
      expect(orders).toEqual([
        {
          planId: 'basicdomain',
          months: 12,
          domain: 'asharao.com',
          transfer: { authCode: 'Xy7-secret' },
        },
      ]),
    );
  });

  it('shows the server’s refusal of the code beside it', async () => {
    server.use(
      http.post(`${API}/checkout/orders`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'invalid_auth_code',
              message: 'Please enter the auth code (EPP code) your current registrar gave you.',
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/checkout?plan=basicdomain&domain=asharao.com&transfer=1');
    await userEvent.type(await screen.findByLabelText('Auth code (EPP code)'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the auth code (EPP code) your current registrar gave you.',
    );
  });
});
