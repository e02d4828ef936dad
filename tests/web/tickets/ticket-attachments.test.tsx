/**
 * Files on ticket messages in the browser (D27, docs/api.md Attachments): the picker checks each
 * file with the server's rules and sentences before any upload; a chosen file is uploaded with its
 * presigned PUT and the message names it; a failed upload names the file and loses nothing typed;
 * a message's files are download links through the presigned GET route. The API and the bucket are
 * mocked with MSW.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@domain/api';
import type { AdminTicketView, TicketView } from '@domain/tickets';
import { API, startMockApi } from '../support/api-server';
import { fetchMFAPreference, resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();
const BUCKET = 'https://ticket-files.s3.test';

const board: DashboardResponse = {
  user: {
    id: 'u1',
    email: 'asha@example.in',
    name: 'Asha',
    phone: '',
    currentPlan: 'basichosting',
    expiry: '2099-11-22T04:30:00.000Z',
  },
  services: [],
  payments: [],
};

const thread: TicketView = {
  number: 'TKT-000123',
  subject: 'Invoice is wrong',
  category: 'billing',
  status: 'waiting_on_buyer',
  source: 'dashboard',
  createdAt: '2098-11-22T04:30:00.000Z',
  updatedAt: '2098-11-22T06:30:00.000Z',
  overdue: false,
  messages: [
    {
      id: 'm1',
      at: '2098-11-22T04:30:00.000Z',
      author: 'buyer',
      authorName: 'Asha',
      body: 'The GSTIN on it is wrong.',
      attachments: [
        {
          id: 'att_0123456789abcdef',
          fileName: 'invoice.pdf',
          contentType: 'application/pdf',
          size: 52_000,
        },
      ],
    },
  ],
};

const pdf = () => new File(['%PDF-1.4 an invoice'], 'invoice.pdf', { type: 'application/pdf' });

let calls: { method: string; url: string; body: unknown; contentType?: string | null }[];
let putStatus: number;

function record(method: string, url: string, body: unknown, contentType?: string | null) {
  calls.push({ method, url: url.replace(API, '').replace(BUCKET, 'bucket'), body, contentType });
}

/** The upload-address route and the bucket's presigned PUT, as the API and S3 answer them. */
function uploadHandlers(scope: 'me' | 'admin') {
  let n = 0;
  return [
    http.post(`${API}/${scope}/ticket-attachments`, async ({ request }) => {
      const body = (await request.json()) as {
        fileName: string;
        contentType: string;
        size: number;
      };
      record('POST', request.url, body);
      n += 1;
      const id = `att_${String(n).padStart(16, '0')}`;
      return HttpResponse.json(
        {
          attachment: {
            id,
            fileName: body.fileName,
            contentType: body.contentType,
            size: body.size,
          },
          upload: {
            method: 'PUT',
            url: `${BUCKET}/ticket-files/${scope}/${id}?X-Amz-Signature=x`,
            headers: { 'content-type': body.contentType },
            expiresAt: '2098-11-22T07:10:00.000Z',
          },
        },
        { status: 201 },
      );
    }),
    http.put(`${BUCKET}/ticket-files/:scope/:id`, async ({ request }) => {
      record(
        'PUT',
        request.url.split('?')[0]!,
        await request.text(),
        request.headers.get('content-type'),
      );
      return new HttpResponse(
        putStatus === 200 ? null : '<Error><Code>AccessDenied</Code></Error>',
        {
          status: putStatus,
        },
      );
    }),
  ];
}

beforeEach(() => {
  resetAuthMock();
  calls = [];
  putStatus = 200;
});

describe('the buyer’s file picker', () => {
  beforeEach(() => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    server.use(
      http.get(`${API}/me/dashboard`, () => HttpResponse.json(board)),
      http.get(`${API}/me/tickets`, () => HttpResponse.json({ tickets: [] })),
      http.get(`${API}/me/tickets/:number`, () => HttpResponse.json({ ticket: thread })),
      ...uploadHandlers('me'),
      http.post(`${API}/me/tickets`, async ({ request }) => {
        record('POST', request.url, await request.json());
        return HttpResponse.json(
          { ticket: { ...thread, number: 'TKT-000124', status: 'open', messages: [] } },
          { status: 201 },
        );
      }),
      http.get(`${API}/me/tickets/:number/attachments/:id`, ({ request }) => {
        record('GET', request.url, undefined);
        return HttpResponse.json({
          url: `${BUCKET}/ticket-files/buyer/u1/att_0123456789abcdef?X-Amz-Signature=y`,
          fileName: 'invoice.pdf',
          expiresAt: '2098-11-22T07:05:00.000Z',
        });
      }),
    );
  });

  async function openForm() {
    renderApp('/dashboard?tab=support');
    await userEvent.click(await screen.findByRole('button', { name: 'New ticket' }));
    const form = await screen.findByRole('form', { name: 'Open a ticket' });
    await userEvent.type(within(form).getByLabelText('Subject'), 'Wrong GSTIN');
    await userEvent.type(within(form).getByLabelText('Message'), 'Please correct the GSTIN.');
    return form;
  }

  it('refuses a file of another type or over 5 MB with the server’s sentence, before any upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const form = await openForm();
    const big = pdf();
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });

    await user.upload(within(form).getByLabelText('Attach files (optional)'), [
      new File(['PK'], 'notes.docx', { type: 'application/msword' }),
      big,
    ]);

    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent(
      'notes.docx: We cannot take this type of file. Please attach a PDF, PNG, JPEG, or plain text (.txt, .log) file.',
    );
    expect(alert).toHaveTextContent('invoice.pdf: This file is larger than 5 MB.');
    await user.click(within(form).getByRole('button', { name: 'Open ticket' }));
    await screen.findByText(/Ticket TKT-000124 is open/);
    // Neither file was asked an upload address nor named by the message.
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /me/tickets']);
    expect(calls[0]?.body).not.toHaveProperty('attachments');
  });

  it('refuses a fourth file with the server’s sentence', async () => {
    const form = await openForm();
    const input = within(form).getByLabelText('Attach files (optional)');
    await userEvent.upload(input, [pdf(), pdf(), pdf(), pdf()]);

    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Please attach at most 3 files to one message.',
    );
  });

  it('uploads the file with its presigned PUT, then opens the ticket naming it', async () => {
    const form = await openForm();
    await userEvent.upload(within(form).getByLabelText('Attach files (optional)'), pdf());
    expect(within(form).getByText('invoice.pdf (1 KB)')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Open ticket' }));

    expect(await screen.findByText(/Ticket TKT-000124 is open/)).toBeInTheDocument();
    expect(calls).toEqual(
      [
        {
          method: 'POST',
          url: '/me/ticket-attachments',
          body: { fileName: 'invoice.pdf', contentType: 'application/pdf', size: 19 },
        },
        {
          method: 'PUT',
          url: 'bucket/ticket-files/me/att_0000000000000001',
          body: '%PDF-1.4 an invoice',
          contentType: 'application/pdf',
        },
        {
          method: 'POST',
          url: '/me/tickets',
          body: {
            subject: 'Wrong GSTIN',
            category: 'billing',
            message: 'Please correct the GSTIN.',
            attachments: [
              {
                id: 'att_0000000000000001',
                fileName: 'invoice.pdf',
                contentType: 'application/pdf',
              },
            ],
          },
        },
      ].map((c) => ({ contentType: undefined, ...c })),
    );
  });

  it('says which file failed to upload and keeps what was typed', async () => {
    putStatus = 403;
    const form = await openForm();
    await userEvent.upload(within(form).getByLabelText('Attach files (optional)'), pdf());

    await userEvent.click(within(form).getByRole('button', { name: 'Open ticket' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'We could not upload invoice.pdf: our file storage did not take it. Please try sending again.',
    );
    expect(within(form).getByLabelText('Subject')).toHaveValue('Wrong GSTIN');
    expect(within(form).getByLabelText('Message')).toHaveValue('Please correct the GSTIN.');
    expect(within(form).getByText('invoice.pdf (1 KB)')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).not.toContain('POST /me/tickets');
  });

  it('lists a message’s files as downloads through the presigned GET route', async () => {
    renderApp('/dashboard?tab=support&ticket=TKT-000123');

    const files = await screen.findByRole('list', { name: 'Attached files' });
    await userEvent.click(within(files).getByRole('link', { name: 'Download invoice.pdf' }));

    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'GET',
          url: '/me/tickets/TKT-000123/attachments/att_0123456789abcdef',
        }),
      ),
    );
  });
});

describe('the console’s reply form', () => {
  const ticket: AdminTicketView = {
    ...thread,
    status: 'open',
    email: 'asha@example.in',
    name: 'Asha',
  };

  beforeEach(() => {
    setSignedInUser({
      sub: 'op-1',
      email: 'priya@storefront.example.in',
      'cognito:groups': ['operators'],
    });
    fetchMFAPreference.mockImplementation(async () => ({ enabled: ['TOTP'], preferred: 'TOTP' }));
    server.use(
      http.get(`${API}/admin/tickets/:number`, () => HttpResponse.json({ ticket })),
      ...uploadHandlers('admin'),
      http.post(`${API}/admin/tickets/:number/replies`, async ({ request }) => {
        record('POST', request.url, await request.json());
        return HttpResponse.json({ ticket: { ...ticket, messages: [] } }, { status: 201 });
      }),
    );
  });

  it('uploads the operator’s file and replies naming it', async () => {
    renderApp('/admin/tickets?ticket=TKT-000123');
    expect(await screen.findByRole('link', { name: 'Download invoice.pdf' })).toBeInTheDocument();

    await userEvent.type(
      screen.getByLabelText(/Reply to the buyer/),
      'Corrected invoice attached.',
    );
    await userEvent.upload(
      screen.getByLabelText('Attach files (optional)'),
      new File(['%PDF-1.7 fixed'], 'invoice-fixed.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'POST /admin/ticket-attachments',
        'PUT bucket/ticket-files/admin/att_0000000000000001',
        'POST /admin/tickets/TKT-000123/replies',
      ]),
    );
    expect(calls[2]?.body).toEqual({
      message: 'Corrected invoice attached.',
      attachments: [
        {
          id: 'att_0000000000000001',
          fileName: 'invoice-fixed.pdf',
          contentType: 'application/pdf',
        },
      ],
    });
  });
});
