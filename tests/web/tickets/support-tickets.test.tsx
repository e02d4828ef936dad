/**
 * Tickets in the browser (D27): the dashboard's Support tab (list, open from a service card, a
 * thread with the buyer's text shown as text, reply, resolve, reopen) and the console's Tickets
 * screen (the queue soonest due first, overdue highlighted, reply, internal note), against the API
 * mocked with MSW.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Service } from '@domain/api';
import type { AdminTicketView, TicketView } from '@domain/tickets';
import { API, startMockApi } from '../support/api-server';
import { fetchMFAPreference, resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const hosting: Service = {
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
  daysLeft: 360,
  provisioning: { state: 'ready' },
};

const board: DashboardResponse = {
  user: {
    id: 'u1',
    email: 'asha@example.in',
    name: 'Asha',
    phone: '',
    currentPlan: 'basichosting',
    expiry: hosting.renewalDate,
  },
  services: [hosting],
  payments: [],
};

const thread: TicketView = {
  number: 'TKT-000123',
  subject: 'Site shows a 500',
  category: 'technical',
  status: 'waiting_on_buyer',
  source: 'dashboard',
  serviceId: 'svc_h',
  createdAt: '2098-11-22T04:30:00.000Z',
  updatedAt: '2098-11-22T06:30:00.000Z',
  overdue: false,
  messages: [
    {
      id: 'm1',
      at: '2098-11-22T04:30:00.000Z',
      author: 'buyer',
      authorName: 'Asha',
      body: 'Every page answers 500 <img src=x onerror=alert(1)>',
    },
    {
      id: 'm2',
      at: '2098-11-22T06:30:00.000Z',
      author: 'support',
      authorName: 'Support',
      body: 'We switched PHP to 8.3. Please check.',
    },
  ],
};

let posted: { path: string; body: unknown }[];

beforeEach(() => {
  resetAuthMock();
  posted = [];
});

describe('the dashboard’s Support tab', () => {
  beforeEach(() => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    server.use(
      http.get(`${API}/me/dashboard`, () => HttpResponse.json(board)),
      http.get(`${API}/me/tickets`, () =>
        HttpResponse.json({ tickets: [{ ...thread, messages: undefined }] }),
      ),
      http.get(`${API}/me/tickets/:number`, () => HttpResponse.json({ ticket: thread })),
      http.post(`${API}/me/tickets`, async ({ request }) => {
        const body = (await request.json()) as { subject: string };
        posted.push({ path: '/me/tickets', body });
        return HttpResponse.json(
          {
            ticket: {
              ...thread,
              number: 'TKT-000124',
              subject: body.subject,
              status: 'open',
              messages: [],
            },
          },
          { status: 201 },
        );
      }),
      http.post(`${API}/me/tickets/:number/replies`, async ({ request, params }) => {
        const body = (await request.json()) as { message: string };
        posted.push({ path: `/me/tickets/${String(params.number)}/replies`, body });
        return HttpResponse.json(
          {
            ticket: {
              ...thread,
              status: 'open',
              messages: [
                ...(thread.messages ?? []),
                {
                  id: 'm3',
                  at: '2098-11-22T07:00:00.000Z',
                  author: 'buyer',
                  authorName: 'Asha',
                  body: body.message,
                },
              ],
            },
          },
          { status: 201 },
        );
      }),
      http.post(`${API}/me/tickets/:number/resolve`, () =>
        HttpResponse.json({
          ticket: { ...thread, status: 'resolved', reopenableUntil: '2098-12-06T07:00:00.000Z' },
        }),
      ),
    );
  });

  it('lists the buyer’s tickets and shows a thread as text, never as HTML', async () => {
    renderApp('/dashboard?tab=support');

    await userEvent.click(await screen.findByRole('button', { name: /TKT-000123/ }));

    expect(await screen.findByText(/Every page answers 500 <img/)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('Awaiting your reply')).toBeInTheDocument();
    expect(screen.getByText('We switched PHP to 8.3. Please check.')).toBeInTheDocument();
  });

  it('answers a ticket and resolves it', async () => {
    renderApp('/dashboard?tab=support&ticket=TKT-000123');

    await userEvent.type(await screen.findByLabelText('Your reply'), 'Still a 500 on /shop');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Still a 500 on /shop')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as resolved' }));

    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(posted).toEqual([
      { path: '/me/tickets/TKT-000123/replies', body: { message: 'Still a 500 on /shop' } },
    ]);
  });

  it('opens a ticket about a service from its card', async () => {
    renderApp('/dashboard');
    const card = await screen.findByTestId('service');

    await userEvent.click(within(card).getByRole('button', { name: 'Get help' }));
    const form = await screen.findByRole('form', { name: 'Open a ticket' });
    await userEvent.type(within(form).getByLabelText('Subject'), 'PHP version');
    await userEvent.type(within(form).getByLabelText('Message'), 'Which PHP do you run?');
    await userEvent.click(within(form).getByRole('button', { name: 'Open ticket' }));

    expect(await screen.findByText(/Ticket TKT-000124 is open/)).toBeInTheDocument();
    expect(posted[0]).toEqual({
      path: '/me/tickets',
      body: {
        subject: 'PHP version',
        category: 'technical',
        message: 'Which PHP do you run?',
        serviceId: 'svc_h',
      },
    });
  });
});

describe('the console’s Tickets screen', () => {
  const overdue: AdminTicketView = {
    ...thread,
    messages: undefined,
    number: 'TKT-000120',
    subject: 'Refund refused',
    category: 'grievance',
    status: 'open',
    dueAt: '2026-11-20T04:30:00.000Z',
    resolveDueAt: '2026-12-20T18:29:59.999Z',
    overdue: true,
    email: 'ravi@example.in',
    name: 'Ravi',
  };
  const due: AdminTicketView = {
    ...thread,
    messages: undefined,
    status: 'open',
    dueAt: '2099-11-23T04:30:00.000Z',
    email: 'asha@example.in',
    name: 'Asha',
  };

  beforeEach(() => {
    setSignedInUser({
      sub: 'op-1',
      email: 'priya@storefront.example.in',
      'cognito:groups': ['operators'],
    });
    // Operators sign in with TOTP on (D28).
    fetchMFAPreference.mockImplementation(async () => ({ enabled: ['TOTP'], preferred: 'TOTP' }));
    server.use(
      http.get(`${API}/admin/tickets`, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        return HttpResponse.json({ tickets: status === 'overdue' ? [overdue] : [overdue, due] });
      }),
      http.get(`${API}/admin/tickets/:number`, () =>
        HttpResponse.json({
          ticket: {
            ...overdue,
            serviceId: 'svc_h',
            buyerServices: [
              {
                serviceId: 'svc_h',
                planName: 'Basic Hosting',
                category: 'hosting',
                domain: 'ravi.example.in',
                renewalDate: '2027-11-22T04:30:00.000Z',
              },
            ],
            messages: [
              {
                id: 'm1',
                at: '2026-11-19T04:30:00.000Z',
                author: 'buyer',
                authorName: 'Ravi',
                body: 'You refused my refund.',
              },
              {
                id: 'n1',
                at: '2026-11-19T05:30:00.000Z',
                author: 'support',
                authorName: 'Support',
                body: 'Check with billing',
                internal: true,
              },
            ],
          },
        }),
      ),
      http.post(`${API}/admin/tickets/:number/assign`, () =>
        HttpResponse.json({
          ticket: { ...overdue, assignee: 'priya@storefront.example.in', messages: [] },
        }),
      ),
      http.post(`${API}/admin/tickets/:number/replies`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push({ path: '/admin/tickets/TKT-000120/replies', body });
        return HttpResponse.json(
          { ticket: { ...overdue, status: 'resolved', overdue: false, messages: [] } },
          { status: 201 },
        );
      }),
    );
  });

  it('shows the queue soonest due first with the overdue highlighted', async () => {
    renderApp('/admin/tickets');

    const queue = await screen.findByRole('list', { name: 'Ticket queue' });
    const items = within(queue).getAllByRole('button');

    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('TKT-000120'),
      expect.stringContaining('TKT-000123'),
    ]);
    expect(items[0]).toHaveAttribute('data-overdue', 'true');
    expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(items[1]).not.toHaveAttribute('data-overdue');
  });

  it('shows internal notes apart, and replies with resolve', async () => {
    renderApp('/admin/tickets');

    await userEvent.click(await screen.findByRole('button', { name: /TKT-000120/ }));
    expect(await screen.findByText(/Internal note · Support/)).toBeInTheDocument();
    expect(screen.getByText('Check with billing')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: "The buyer's services" })).getByText(
        /Basic Hosting \(ravi.example.in\).*this ticket is about it/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assigned to priya@storefront.example.in')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Reply and resolve' }));
    await userEvent.type(screen.getByLabelText(/Reply to the buyer/), 'Refunded today.');
    await userEvent.click(screen.getByRole('button', { name: 'Send and resolve' }));

    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/admin/tickets/TKT-000120/replies',
          body: { message: 'Refunded today.', resolve: true },
        },
      ]),
    );
    expect(await screen.findByText('Reply sent and the ticket resolved.')).toBeInTheDocument();
  });
});

describe('the contact form', () => {
  it('says which ticket the message opened', async () => {
    server.use(
      http.post(`${API}/contact`, () =>
        HttpResponse.json({ ok: true, ticketNumber: 'TKT-000321' }, { status: 202 }),
      ),
    );
    renderApp('/contact');

    await userEvent.type(await screen.findByLabelText('Name'), 'Asha');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.in');
    await userEvent.type(screen.getByLabelText('Message'), 'Do you sell .in domains?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(
      await screen.findByText(/Your ticket number is TKT-000321/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Thank you! Your message has been sent.')).toBeInTheDocument();
  });
});
