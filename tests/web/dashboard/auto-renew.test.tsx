/**
 * Auto-renew on the service card (D25): off by default, never pre-ticked; turning it on states the
 * terms (the maximum, the first debit's date, the ₹15,000 rule, how to stop) before anything is
 * authorised; on shows the mandate as the buyer knows it and the next debit; off is one click that
 * calls the API once.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Service } from '@domain/api';
import { API, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { FakeRazorpay } from '../support/fake-razorpay';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const hosting: Service = {
  id: 'svc_h',
  planId: 'basichosting',
  name: 'Basic Hosting',
  category: 'hosting',
  months: 1,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2098-12-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 3_538_82,
  renewable: true,
  daysLeft: 30,
  provisioning: { state: 'ready' },
  autoRenew: false,
};

const on: Service = {
  ...hosting,
  autoRenew: true,
  autoRenewal: {
    pending: false,
    mandate: {
      method: 'card',
      label: 'Visa •••• 4242',
      status: 'confirmed',
      maxAmountPaise: 3_600_00,
    },
    nextDebitOn: '2098-12-19T18:30:00.000Z',
    nextDebitAmountPaise: 3_538_82,
  },
};

function board(service: Service): DashboardResponse {
  return {
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
  };
}

let dashboard: DashboardResponse;
let puts: unknown[];

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
  puts = [];
  server.use(
    http.get(`${API}/me/dashboard`, () => HttpResponse.json(dashboard)),
    http.put(`${API}/me/services/:id/auto-renew`, async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean };
      puts.push(body);
      return HttpResponse.json(
        body.enabled
          ? {
              service: hosting,
              authorise: {
                orderId: 'order_M',
                keyId: 'rzp_test_x',
                amountPaise: 100,
                customerId: 'cust_1',
                maxAmountPaise: 3_600_00,
              },
            }
          : { service: { ...on, autoRenew: false } },
      );
    }),
  );
});

async function control(): Promise<HTMLElement> {
  renderApp('/dashboard');
  const card = await screen.findByTestId('service');
  return within(card).getByTestId('auto-renew');
}

describe('dashboard: auto-renew', () => {
  it('is off by default; on states the terms before anything is authorised', async () => {
    dashboard = board(hosting);
    const box = await control();

    expect(box).toHaveTextContent('Auto-renew: Off');
    await userEvent.click(
      within(box).getByRole('button', { name: 'Turn on auto-renew for Basic Hosting' }),
    );

    expect(await within(box).findByText('Before you authorise')).toBeVisible();
    expect(box).toHaveTextContent('never more than ₹3,600.00');
    expect(box).toHaveTextContent('The first debit is on or after 20 Dec 2098');
    expect(box).toHaveTextContent('Renewals above ₹15,000 are never debited automatically');
    expect(box).toHaveTextContent('Turn it off any time');
    expect(within(box).getByRole('button', { name: 'Authorise with Razorpay' })).toBeEnabled();
    expect(puts).toEqual([{ enabled: true }]);
  });

  it('on shows the mandate and the next debit; off is one click', async () => {
    dashboard = board(on);
    const box = await control();

    expect(box).toHaveTextContent('Auto-renew: On');
    expect(box).toHaveTextContent('Paid fromVisa •••• 4242');
    expect(box).toHaveTextContent('₹3,538.82 on 20 Dec 2098');
    dashboard = board({ ...on, autoRenew: false });
    await userEvent.click(
      within(box).getByRole('button', { name: 'Turn off auto-renew for Basic Hosting' }),
    );

    expect(await screen.findByText('Auto-renew is off. Nothing will be debited.')).toBeVisible();
    expect(puts).toEqual([{ enabled: false }]);
  });

  it('after authorising, verify records the mandate at once and the card shows it on', async () => {
    FakeRazorpay.install();
    const verifies: unknown[] = [];
    server.use(
      http.post(`${API}/checkout/verify`, async ({ request }) => {
        verifies.push(await request.json());
        dashboard = board(on);
        return HttpResponse.json({
          mandate: {
            serviceId: 'svc_h',
            autoRenew: {
              status: 'on',
              mandateLabel: 'Visa •••• 4242',
              firstDebitOn: '2098-12-19T18:30:00.000Z',
            },
          },
        });
      }),
    );
    dashboard = board(hosting);
    const box = await control();
    await userEvent.click(
      within(box).getByRole('button', { name: 'Turn on auto-renew for Basic Hosting' }),
    );
    await userEvent.click(
      await within(box).findByRole('button', { name: 'Authorise with Razorpay' }),
    );
    await waitFor(() => expect(FakeRazorpay.instances).toHaveLength(1));
    expect(FakeRazorpay.last().options).toMatchObject({
      order_id: 'order_M',
      recurring: '1',
      customer_id: 'cust_1',
    });

    const callback = {
      razorpay_payment_id: 'pay_M',
      razorpay_order_id: 'order_M',
      razorpay_signature: 'sig_M',
    };
    FakeRazorpay.last().succeed(callback);

    await waitFor(() => expect(box).toHaveTextContent('Auto-renew: On'));
    expect(verifies).toEqual([callback]);
  });
});
