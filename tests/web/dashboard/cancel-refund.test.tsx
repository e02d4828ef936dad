/**
 * The money-back guarantee on the dashboard (D16): a service card shows "Money-back guarantee
 * until <date>" and Cancel (never for a domain); Cancel asks first, stating the amount refunded and
 * what happens to the service; confirming calls the API once and shows the answer; Payments shows
 * "Refund pending", then "Refunded ₹X" with the credit note's number and its download.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CancelServiceResponse, DashboardResponse, Payment, Service } from '@domain/api';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser, TEST_ID_TOKEN } from '../support/amplify-auth-mock';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const bundle: Service = {
  id: 'svc_b',
  planId: 'basicbundle',
  name: 'Basic Bundle',
  category: 'bundle',
  months: 12,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2099-11-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 4_246_584,
  renewable: true,
  daysLeft: 360,
  provisioning: { state: 'ready' },
  refundableUntil: '2098-12-22T18:29:59.999Z',
  refundablePaise: 4_128_702,
};

const payment: Payment = {
  id: 'pur_pay_B',
  date: '2098-11-22T04:30:00.000Z',
  amountPaise: 4_246_584,
  status: 'paid',
  planName: 'Basic Bundle',
  paymentId: 'pay_B',
  orderId: 'order_B',
  invoiceNumber: 'INV/98-99/000007',
};

function board(services: Service[], payments: Payment[] = [payment]): DashboardResponse {
  return {
    user: {
      id: 'u1',
      email: 'asha@example.in',
      name: 'Asha',
      phone: '',
      currentPlan: services[0]?.planId ?? null,
      expiry: services[0]?.renewalDate ?? null,
    },
    services,
    payments,
  };
}

const cancelled: CancelServiceResponse = {
  service: {
    ...bundle,
    // As the API answers (to-service.ts): cancelled with a refund, it has ended (D22).
    status: 'cancelled',
    state: 'ended',
    renewalDate: '2098-11-25T04:30:00.000Z',
    refundableUntil: undefined,
    refundablePaise: undefined,
  },
  refund: {
    id: 'refund:pay_B',
    amountPaise: 4_128_702,
    status: 'pending',
    createdAt: '2098-11-25T04:30:00.000Z',
    deductionPaise: 117_882,
  },
  refunds: [],
};
cancelled.refunds = [cancelled.refund];

let dashboards: DashboardResponse[];
let cancels: { path: string; authorization: string | null }[];

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
  cancels = [];
  dashboards = [];
  server.use(
    http.get(`${API}/me/dashboard`, () =>
      HttpResponse.json(dashboards.length > 1 ? dashboards.shift() : dashboards[0]),
    ),
    http.post(`${API}/me/services/:serviceId/cancel`, async ({ request, params }) => {
      cancels.push({
        path: `/me/services/${String(params.serviceId)}/cancel`,
        authorization: request.headers.get('authorization'),
      });
      await delay(30);
      return HttpResponse.json(cancelled, { status: 202 });
    }),
  );
});

async function serviceCard(): Promise<HTMLElement> {
  renderApp('/dashboard');
  return screen.findByTestId('service');
}

describe('dashboard: cancel within the money-back guarantee', () => {
  it('shows until when, and Cancel states the amount before anything happens', async () => {
    dashboards = [board([bundle])];
    const card = await serviceCard();

    expect(within(card).getByTestId('guarantee')).toHaveTextContent(
      'Money-back guarantee until 22 Dec 2098',
    );
    await userEvent.click(
      within(card).getByRole('button', { name: 'Cancel Basic Bundle for a refund' }),
    );

    const dialog = screen.getByRole('dialog', { name: 'Cancel Basic Bundle?' });
    expect(dialog).toHaveTextContent('We will refund ₹41,287.02');
    expect(dialog).toHaveTextContent('except the domain registration');
    expect(dialog).toHaveTextContent('The service ends now');
    expect(within(dialog).getByRole('button', { name: 'Keep my service' })).toHaveFocus();
    expect(cancels).toEqual([]);
  });

  it('Keep my service (or Escape) closes it and cancels nothing', async () => {
    dashboards = [board([bundle])];
    const card = await serviceCard();

    await userEvent.click(within(card).getByRole('button', { name: /Cancel Basic Bundle/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my service' }));
    await userEvent.click(within(card).getByRole('button', { name: /Cancel Basic Bundle/ }));
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancels).toEqual([]);
  });

  it('confirming cancels once, with the token, and shows the card cancelled', async () => {
    dashboards = [
      board([bundle]),
      board([cancelled.service], [{ ...payment, refund: cancelled.refund }]),
    ];
    const card = await serviceCard();

    await userEvent.click(within(card).getByRole('button', { name: /Cancel Basic Bundle/ }));
    const confirm = screen.getByRole('button', { name: 'Cancel and refund ₹41,287.02' });
    await userEvent.dblClick(confirm);

    await screen.findByText(
      'Cancelled. Your refund of ₹41,287.02 has been requested; we have emailed you.',
    );
    expect(cancels).toEqual([
      { path: '/me/services/svc_b/cancel', authorization: `Bearer ${TEST_ID_TOKEN}` },
    ]);
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeInTheDocument());
    expect(within(card).queryByTestId('guarantee')).not.toBeInTheDocument();
  });

  it('a cancelled renewal says the service runs on until its previous date', async () => {
    dashboards = [board([{ ...bundle, runsUntilAfterCancel: '2099-01-10T04:30:00.000Z' }])];
    const card = await serviceCard();

    await userEvent.click(within(card).getByRole('button', { name: /Cancel Basic Bundle/ }));

    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Your service stays active until 10 Jan 2099, which your earlier payment covers.',
    );
  });

  it("shows the API's sentence when it refuses, and keeps the dialog open", async () => {
    dashboards = [board([bundle])];
    server.use(
      http.post(`${API}/me/services/:serviceId/cancel`, () =>
        apiError(
          409,
          'refund_window_closed',
          'The 30-day money-back guarantee for this service has ended.',
        ),
      ),
    );
    const card = await serviceCard();

    await userEvent.click(within(card).getByRole('button', { name: /Cancel Basic Bundle/ }));
    await userEvent.click(screen.getByRole('button', { name: /Cancel and refund/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'money-back guarantee for this service has ended',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no Cancel without a guarantee: a domain, or past its 30 days', async () => {
    dashboards = [
      board([
        {
          ...bundle,
          id: 'svc_d',
          planId: 'basicdomain',
          name: 'Basic Domain',
          category: 'domain',
          domain: 'asharao.com',
          refundableUntil: undefined,
          refundablePaise: undefined,
        },
      ]),
    ];
    const card = await serviceCard();

    expect(within(card).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(within(card).queryByTestId('guarantee')).not.toBeInTheDocument();
  });
});

describe('Payments: the refund and its credit note', () => {
  async function paymentsTab() {
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('tab', { name: 'Payments' }));
    return screen.getByRole('table');
  }

  it('Refund pending while Razorpay processes it', async () => {
    dashboards = [board([cancelled.service], [{ ...payment, refund: cancelled.refund }])];
    const table = await paymentsTab();

    expect(within(table).getByText('Refund pending')).toBeInTheDocument();
    expect(within(table).queryByText(/Credit note/)).not.toBeInTheDocument();
  });

  it('Refunded ₹X with the credit note, which downloads as its PDF', async () => {
    const fetched: string[] = [];
    server.use(
      http.get(`${API}/me/invoices/:number`, ({ params }) => {
        fetched.push(String(params.number));
        return new HttpResponse('%PDF-1.7\n% a credit note\n', {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:credit-note');
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    dashboards = [
      board(
        [cancelled.service],
        [
          {
            ...payment,
            refund: { ...cancelled.refund, status: 'processed', razorpayRefundId: 'rfnd_1' },
            creditNoteNumber: 'CN/98-99/000003',
          },
        ],
      ),
    ];
    const table = await paymentsTab();

    expect(within(table).getByText('Refunded ₹41,287.02')).toBeInTheDocument();
    expect(within(table).getByText('CN/98-99/000003')).toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Download credit note CN/98-99/000003 (PDF)' }),
    );

    await waitFor(() => expect(fetched).toEqual(['CN-98-99-000003']));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    created.mockRestore();
    clicked.mockRestore();
  });
});
