/**
 * Payments on the dashboard (D15): each paid payment shows its tax invoice number and a Download
 * that fetches the PDF with the buyer's token and saves it as a file named after the number.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@domain/api';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser, TEST_ID_TOKEN } from '../support/amplify-auth-mock';
import { dashboardShown, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const PDF = '%PDF-1.7\n% a tax invoice\n';

const dashboard: DashboardResponse = {
  user: {
    id: 'u1',
    email: 'asha.rao@example.in',
    name: 'Asha Rao',
    phone: '+919876543210',
    currentPlan: 'basichosting',
    expiry: '2099-11-22T00:00:00.000Z',
  },
  services: [],
  payments: [
    {
      id: 'pur_pay_1',
      date: '2098-11-22T10:00:00.000Z',
      amountPaise: 5_095_561,
      status: 'paid',
      planName: 'Basic Hosting',
      paymentId: 'pay_1',
      orderId: 'order_1',
      invoiceNumber: 'INV/98-99/000042',
    },
    {
      id: 'order_2',
      date: '2098-11-21T10:00:00.000Z',
      amountPaise: 3_538_584,
      status: 'failed',
      planName: 'Basic Hosting',
      paymentId: 'pay_2',
      orderId: 'order_2',
    },
  ],
};

let fetched: { path: string; authorization: string | null }[];
let saved: { name: string; type: string; text: string }[];

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha.rao@example.in' });
  fetched = [];
  saved = [];
  server.use(
    http.get(`${API}/me/dashboard`, () => HttpResponse.json(dashboard)),
    http.get(`${API}/me/invoices/:number`, ({ request, params }) => {
      fetched.push({
        path: String(params.number),
        authorization: request.headers.get('authorization'),
      });
      return new HttpResponse(PDF, { headers: { 'content-type': 'application/pdf' } });
    }),
  );
  // jsdom saves nothing: record what the link would save.
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    blob = object as Blob;
    return 'blob:invoice';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = blob;
    if (this.href === 'blob:invoice' && file) {
      void file.text().then((text) => saved.push({ name: this.download, type: file.type, text }));
    }
  });
});

afterEach(() => vi.restoreAllMocks());

async function openPayments() {
  renderApp('/dashboard');
  await dashboardShown();
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Payments' }));
  return { user, panel: within(screen.getByRole('tabpanel')) };
}

describe('dashboard Payments: tax invoices', () => {
  it('shows the invoice number of a paid payment, and nothing for a failed one', async () => {
    const { panel } = await openPayments();

    expect(panel.getByRole('columnheader', { name: 'Tax invoice' })).toBeInTheDocument();
    const rows = panel.getAllByRole('row');
    expect(within(rows[1]!).getByText('INV/98-99/000042')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Download tax invoice INV/98-99/000042 (PDF)' }),
    ).toHaveTextContent('Download');
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('downloads the PDF with the sign-in token and saves it named after the number', async () => {
    const { user, panel } = await openPayments();

    await user.click(panel.getByRole('button', { name: /Download tax invoice/ }));

    await waitFor(() =>
      expect(saved).toEqual([{ name: 'INV-98-99-000042.pdf', type: 'application/pdf', text: PDF }]),
    );
    expect(fetched).toEqual([
      { path: 'INV-98-99-000042', authorization: `Bearer ${TEST_ID_TOKEN}` },
    ]);
  });

  it("shows the API's message when the invoice cannot be had", async () => {
    server.use(
      http.get(`${API}/me/invoices/:number`, () =>
        apiError(
          404,
          'invoice_not_found',
          'We could not find that invoice in your account. Please open it from Payments on your dashboard.',
        ),
      ),
    );
    const { user, panel } = await openPayments();

    await user.click(panel.getByRole('button', { name: /Download tax invoice/ }));

    expect(await panel.findByRole('alert')).toHaveTextContent(
      'We could not find that invoice in your account.',
    );
    expect(saved).toEqual([]);
  });
});
