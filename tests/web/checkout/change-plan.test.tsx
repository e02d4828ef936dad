/**
 * Plan changes in the browser (D26): the card's Change plan and "Updating…", /change-plan's quote
 * of a larger plan (credit, charge, GST, total, the renewal date that stays) paid through Razorpay
 * with `changeFrom` and the quote's days, and a smaller plan chosen for the renewal and taken back.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Quote, Service } from '@domain/api';
import { CATALOG } from '@domain/catalog';
import { API, orderCreated, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx0aGVrZXlvZmFzaGFsYXB0b3BmaWxsZXI asha@laptop';

const premium: Service = {
  id: 'svc_p',
  planId: 'premiumhosting',
  name: 'Premium Hosting',
  category: 'hosting',
  domain: 'ashaverma.in',
  months: 12,
  purchaseDate: '2098-11-27T04:30:00.000Z',
  renewalDate: '2099-11-27T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 5_662_584,
  renewable: true,
  daysLeft: 265,
  provisioning: { state: 'ready' },
};

/** Premium → Enterprise, 265 of 365 days left (the server's arithmetic, as its answer). */
const QUOTE: Quote = {
  planId: 'enterprisehosting',
  planName: 'Enterprise Hosting',
  months: 12,
  monthlyPricePaise: 699_900,
  basePaise: 2_613_781,
  durationDiscountPercent: 0,
  durationDiscountPaise: 0,
  promo: null,
  subtotalPaise: 2_613_781,
  feePercent: 18,
  feePaise: 470_481,
  totalPaise: 3_084_262,
  renewal: false,
  change: {
    fromPlanId: 'premiumhosting',
    fromPlanName: 'Premium Hosting',
    creditPaise: 3_484_060,
    chargePaise: 6_097_841,
    remainingDays: 265,
    periodDays: 365,
    renewalDate: premium.renewalDate,
    renewalTotalPaise: 12_034_584,
  },
};

let service: Service;
let orders: unknown[];
let scheduled: unknown[];

function serve() {
  server.use(
    http.get(`${API}/me/dashboard`, () =>
      HttpResponse.json({
        user: {
          id: 'u1',
          email: 'asha@example.in',
          name: 'Asha',
          phone: '',
          currentPlan: service.planId,
          expiry: service.renewalDate,
        },
        services: [service],
        payments: [],
      } satisfies DashboardResponse),
    ),
    http.get(`${API}/plans`, () => HttpResponse.json({ plans: CATALOG })),
    http.post(`${API}/checkout/change-quote`, () => HttpResponse.json(QUOTE)),
    http.post(`${API}/checkout/orders`, async ({ request }) => {
      orders.push(await request.json());
      return orderCreated(QUOTE);
    }),
    http.put(`${API}/me/services/:id/plan-change`, async ({ request }) => {
      scheduled.push(await request.json());
      service = {
        ...service,
        pendingPlan: {
          planId: 'basichosting',
          planName: 'Basic Hosting',
          from: service.renewalDate,
        },
      };
      return HttpResponse.json({ service });
    }),
    http.delete(`${API}/me/services/:id/plan-change`, () => {
      const { pendingPlan: _taken, ...rest } = service;
      service = rest;
      return HttpResponse.json({ service });
    }),
  );
}

beforeEach(() => {
  resetAuthMock();
  FakeRazorpay.install();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
  service = premium;
  orders = [];
  scheduled = [];
  serve();
});

describe('the service card', () => {
  it('offers Change plan, and says "Updating…" until the panel has the new plan', async () => {
    service = { ...premium, planUpdating: true };
    renderApp('/dashboard');

    const card = await screen.findByTestId('service');
    expect(
      within(card).getByRole('link', { name: 'Change the plan of Premium Hosting' }),
    ).toHaveAttribute('href', '/change-plan?service=svc_p');
    expect(within(card).getByTestId('plan-updating')).toHaveTextContent('Updating…');
  });
});

describe('/change-plan', () => {
  it('shows the quote of the larger plan and pays it as a change of this service', async () => {
    renderApp('/change-plan?service=svc_p');
    const user = userEvent.setup();

    const quote = await screen.findByTestId('change-quote');
    expect(quote).toHaveTextContent('Enterprise Hosting for the same 265 days₹60,978.41');
    expect(quote).toHaveTextContent('(265 of 365 days left)− ₹34,840.60');
    expect(quote).toHaveTextContent('GST (18%)₹4,704.81');
    expect(quote).toHaveTextContent('Total to pay now₹30,842.62');
    expect(screen.getByTestId('renewal-stays')).toHaveTextContent(
      'Your renewal date stays 27 Nov 2099; from then you pay ₹1,20,345.84 every 12 months',
    );

    await user.click(screen.getByRole('button', { name: 'Pay ₹30,842.62' }));

    await waitFor(() =>
      expect(orders).toEqual([
        {
          planId: 'enterprisehosting',
          months: 12,
          changeFrom: 'svc_p',
          remainingDays: 265,
        },
      ]),
    );
    expect(FakeRazorpay.instances).toHaveLength(1);
  });

  it('lists the parts a larger bundle moves or adds, and asks the VPS it adds as a bundle checkout does', async () => {
    service = {
      ...premium,
      id: 'svc_b',
      planId: 'basicbundle',
      name: 'Basic Bundle',
      category: 'bundle',
    };
    server.use(
      http.post(`${API}/checkout/change-quote`, () =>
        HttpResponse.json({
          ...QUOTE,
          planId: 'standardbundle',
          planName: 'Standard Bundle',
          change: {
            ...QUOTE.change!,
            fromPlanId: 'basicbundle',
            fromPlanName: 'Basic Bundle',
            parts: [
              {
                kind: 'storage',
                fromPlanId: 'basicstorage',
                fromPlanName: 'Basic Storage',
                toPlanId: 'standardstorage',
                toPlanName: 'Standard Storage',
                fromSize: '100 GB',
                toSize: '500 GB',
              },
              {
                kind: 'vps',
                toPlanId: 'basicvps',
                toPlanName: 'Basic VPS',
                toSize: '1 vCPU, 1 GB RAM, 25 GB disk',
              },
            ],
          },
        } satisfies Quote),
      ),
    );
    renderApp('/change-plan?service=svc_b');

    const parts = await screen.findByTestId('part-changes');
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Cloud storage: Basic Storage (100 GB) → Standard Storage (500 GB)',
      'VPS: Basic VPS (1 vCPU, 1 GB RAM, 25 GB disk), new',
    ]);
    expect(parts).toHaveTextContent('A VPS disk grows and never shrinks.');
    expect(parts).toHaveTextContent('if you add the key later, on its card in your dashboard');

    // The VPS it adds is asked for as a bundle's checkout asks: no key and not "later" is refused here.
    const user = userEvent.setup();
    const pay = screen.getByRole('button', { name: 'Pay ₹30,842.62' });
    await user.click(pay);
    expect(screen.getByTestId('vps-choice')).toHaveTextContent(
      'Paste your SSH public key, or tick “I’ll add my key later”.',
    );
    expect(orders).toEqual([]);
    await user.type(screen.getByTestId('vps-key'), KEY);
    await user.click(pay);
    await waitFor(() =>
      expect(orders).toEqual([
        expect.objectContaining({
          planId: 'standardbundle',
          changeFrom: 'svc_b',
          vps: { os: 'ubuntu-24.04', hostname: expect.any(String), sshKeys: [KEY] },
        }),
      ]),
    );
  });

  it('chooses a smaller plan for the renewal, and keeps the current one when asked', async () => {
    renderApp('/change-plan?service=svc_p');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Switch to Basic Hosting on renewal' }),
    );

    expect(await screen.findByTestId('pending-plan')).toHaveTextContent(
      'Basic Hosting starts on 27 Nov 2099.',
    );
    expect(scheduled).toEqual([{ planId: 'basichosting' }]);
    await user.click(screen.getByRole('button', { name: 'Keep Premium Hosting' }));
    expect(
      await screen.findByRole('button', { name: 'Switch to Basic Hosting on renewal' }),
    ).toBeInTheDocument();
  });

  it('says so when the service is not the buyer’s', async () => {
    renderApp('/change-plan?service=svc_other');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find that service on your account.',
    );
  });
});

describe('a domain’s tier at its renewal (#29)', () => {
  const domain: Service = {
    ...premium,
    id: 'svc_d',
    planId: 'enterprisedomain',
    name: 'Enterprise Domain',
    category: 'domain',
    domain: 'ashaverma.com',
    pricePaidPaise: 578_082,
  };
  let quotes: number;

  beforeEach(() => {
    service = domain;
    quotes = 0;
    server.use(
      http.post(`${API}/checkout/change-quote`, () => {
        quotes += 1;
        return HttpResponse.json(QUOTE);
      }),
      http.put(`${API}/me/services/:id/plan-change`, async ({ request }) => {
        const body = (await request.json()) as { planId: string };
        scheduled.push(body);
        service = {
          ...service,
          pendingPlan: { planId: body.planId, planName: 'Basic Domain', from: service.renewalDate },
        };
        return HttpResponse.json({ service });
      }),
    );
  });

  it('the domain card offers Change plan', async () => {
    renderApp('/dashboard');
    const card = await screen.findByTestId('service');
    expect(
      within(card).getByRole('link', { name: 'Change the plan of Enterprise Domain' }),
    ).toHaveAttribute('href', '/change-plan?service=svc_d');
  });

  it('lists every other tier at its yearly price, says what the move takes away before confirming, and schedules it', async () => {
    renderApp('/change-plan?service=svc_d');
    const user = userEvent.setup();

    expect(
      await screen.findByText(/its tier changes on your renewal date, 27 Nov 2099/),
    ).toBeInTheDocument();
    expect(screen.getByText(/₹999.*\/year \+ 18% GST for \.com/)).toBeInTheDocument();
    expect(screen.getByText(/₹2,499.*\/year \+ 18% GST for \.com/)).toBeInTheDocument();
    // No "now": a domain's year is bought by the year.
    expect(screen.queryByText('Move up now')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to Basic Domain on renewal' }));
    const confirm = screen.getByTestId('tier-confirm');
    expect(confirm).toHaveTextContent('WHOIS privacy is turned off on 27 Nov 2099');
    expect(confirm).toHaveTextContent(
      'Your DS records are withdrawn from the registry on 27 Nov 2099',
    );
    expect(scheduled).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm Basic Domain on renewal' }));
    await waitFor(() => expect(scheduled).toEqual([{ planId: 'basicdomain' }]));
    const pending = await screen.findByTestId('pending-plan');
    expect(pending).toHaveTextContent('Basic Domain starts on 27 Nov 2099.');
    expect(pending).toHaveTextContent('Your DS records are withdrawn');
    expect(screen.getByRole('button', { name: 'Keep Enterprise Domain' })).toBeInTheDocument();
    expect(quotes).toBe(0);
  });

  it('"Not now" leaves everything as it was', async () => {
    renderApp('/change-plan?service=svc_d');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Switch to Premium Domain on renewal' }),
    );
    expect(screen.getByTestId('tier-confirm')).toHaveTextContent(
      'Your DS records are withdrawn from the registry',
    );
    expect(screen.getByTestId('tier-confirm')).not.toHaveTextContent('WHOIS privacy');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('tier-confirm')).not.toBeInTheDocument();
    expect(scheduled).toEqual([]);
  });
});
