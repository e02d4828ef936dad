/**
 * Tickets on the local stack, from outside (D27): a visitor's contact form opens a numbered ticket
 * and is acknowledged by mail with the number; signing up with that address shows it; an operator
 * answers from the console's API and the buyer is mailed; the buyer answers and the support inbox is
 * mailed; the operator resolves it. A grievance left unanswered is marked overdue by the deadlines
 * job, which mails the grievance officer once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTicketView, TicketView } from '../../lambdas/domain/tickets';
import { newOperator } from '../helpers/operators';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import { api, eventually, mailbox, newUser, signIn, signUp } from '../helpers/storefront-client';

// Its own stack: the deadlines job marks every open ticket of the store, and the test counts what
// a second run finds (none), which a ticket another file opened meanwhile would change.
let stack: LocalStack;
let operatorToken: string;

beforeAll(async () => {
  stack = await startLocalStack();
  const operator = await newOperator(stack);
  operatorToken = await signIn(stack, operator);
});

afterAll(async () => {
  await stack?.dispose();
});

const SUPPORT = 'support@storefront.local';

describe('a ticket from the contact form to resolved', () => {
  it('numbers it, mails each side with the number, and shows the thread to the buyer who signs up', async () => {
    const user = newUser('ticket');
    const contact = await api<{ ok: boolean; ticketNumber: string }>(
      stack,
      'POST',
      '/api/contact',
      {
        body: { name: user.name, email: user.email, message: 'Do you host WordPress?\nWith SSL?' },
      },
    );
    expect(contact.status).toBe(202);
    const number = contact.body.ticketNumber;
    expect(number).toMatch(/^TKT-\d{6}$/);

    const ack = await eventually(
      async () => (await mailbox(stack, user.email)).find((m) => m.subject.includes(number)),
      'the acknowledgement',
    );
    expect(ack.subject).toBe(`[${number}] We have your message: Do you host WordPress?`);
    const inbox = await eventually(
      async () => (await mailbox(stack, SUPPORT)).find((m) => m.subject.includes(number)),
      'the support inbox mail',
    );
    expect(inbox.subject).toContain('Contact form');

    // Signing up with that address shows the ticket.
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const mine = await api<{ tickets: TicketView[] }>(stack, 'GET', '/api/me/tickets', { token });
    expect(mine.body.tickets.map((t) => t.number)).toEqual([number]);

    // The operator answers from the console.
    const queue = await api<{ tickets: AdminTicketView[] }>(
      stack,
      'GET',
      '/api/admin/tickets?status=open',
      {
        token: operatorToken,
      },
    );
    expect(queue.body.tickets.map((t) => t.number)).toContain(number);
    const answered = await api<{ ticket: AdminTicketView }>(
      stack,
      'POST',
      `/api/admin/tickets/${number}/replies`,
      { token: operatorToken, body: { message: 'Yes, with free SSL on every plan.' } },
    );
    expect(answered.status).toBe(201);
    expect(answered.body.ticket.status).toBe('waiting_on_buyer');
    const reply = await eventually(
      async () =>
        (await mailbox(stack, user.email)).find(
          (m) => m.subject === `[${number}] Re: Do you host WordPress?`,
        ),
      'the reply to the buyer',
    );
    expect(reply.body.text).toContain('Yes, with free SSL on every plan.');

    // The buyer answers; the support inbox hears of it.
    const buyerReply = await api<{ ticket: TicketView }>(
      stack,
      'POST',
      `/api/me/tickets/${number}/replies`,
      {
        token,
        body: { message: 'Great, and PHP 8.3?' },
      },
    );
    expect(buyerReply.status).toBe(201);
    expect(buyerReply.body.ticket.status).toBe('open');
    await eventually(
      async () =>
        (await mailbox(stack, SUPPORT)).find(
          (m) => m.subject.includes(number) && m.subject.includes('Buyer replied'),
        ),
      'the buyer reply in the support inbox',
    );

    // The operator resolves it.
    const resolved = await api<{ ticket: AdminTicketView }>(
      stack,
      'POST',
      `/api/admin/tickets/${number}/replies`,
      { token: operatorToken, body: { message: 'Yes, 8.3 by default.', resolve: true } },
    );
    expect(resolved.body.ticket.status).toBe('resolved');
    const thread = await api<{ ticket: TicketView }>(stack, 'GET', `/api/me/tickets/${number}`, {
      token,
    });
    expect(thread.body.ticket.status).toBe('resolved');
    expect(thread.body.ticket.messages?.map((m) => m.author)).toEqual([
      'buyer',
      'support',
      'buyer',
      'support',
    ]);

    // Another buyer cannot see it; a buyer cannot use the console's routes.
    const other = newUser('other');
    await signUp(stack, other);
    const otherToken = await signIn(stack, other);
    expect(
      (await api(stack, 'GET', `/api/me/tickets/${number}`, { token: otherToken })).status,
    ).toBe(404);
    expect((await api(stack, 'GET', '/api/admin/tickets', { token: otherToken })).status).toBe(403);
  });

  it('marks an unanswered grievance overdue and mails the grievance officer and the buyer once', async () => {
    const user = newUser('grievance');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const opened = await api<{ ticket: TicketView }>(stack, 'POST', '/api/me/tickets', {
      token,
      body: { subject: 'Refund refused', category: 'grievance', message: 'You refused my refund.' },
    });
    expect(opened.status).toBe(201);
    const { number, dueAt, resolveDueAt } = opened.body.ticket;
    expect(resolveDueAt).toBeDefined();
    const later = new Date(Date.parse(dueAt ?? '') + 60_000).toISOString();

    const run = await api<{
      overdue: number;
      newlyOverdue: number;
      grievanceOfficerMailed: number;
    }>(stack, 'POST', '/_local/jobs/ticket-deadlines', { body: { time: later } });
    const again = await api<{ newlyOverdue: number }>(
      stack,
      'POST',
      '/_local/jobs/ticket-deadlines',
      {
        body: { time: later },
      },
    );

    expect(run.status).toBe(200);
    expect(run.body.newlyOverdue).toBeGreaterThanOrEqual(1);
    expect(run.body.grievanceOfficerMailed).toBeGreaterThanOrEqual(1);
    expect(again.body.newlyOverdue).toBe(0);
    const officer = (await mailbox(stack)).filter(
      (m) => m.subject === `[${number}] Overdue grievance: Refund refused`,
    );
    expect(officer).toHaveLength(1);
    const told = (await mailbox(stack, user.email)).filter(
      (m) => m.subject === `[${number}] We are late on your ticket: Refund refused`,
    );
    expect(told).toHaveLength(1);
  });
});

describe('attachments (D27)', () => {
  it('a buyer attaches a PDF through a presigned upload; the operator downloads it, another buyer cannot', async () => {
    const user = newUser('ticket-file');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const pdf = new TextEncoder().encode(`%PDF-1.4\n% invoice for ${user.email}\n%%EOF\n`);

    const upload = await api<{
      attachment: { id: string; fileName: string; contentType: string; size: number };
      upload: { method: string; url: string; headers: Record<string, string> };
    }>(stack, 'POST', '/api/me/ticket-attachments', {
      token,
      body: { fileName: 'invoice.pdf', contentType: 'application/pdf', size: pdf.length },
    });
    expect(upload.status).toBe(201);
    // The address is the object storage stand-in's S3, presigned: the browser PUTs there itself.
    expect(upload.body.upload.url.startsWith(stack.storageUrl)).toBe(true);
    const put = await fetch(upload.body.upload.url, {
      method: 'PUT',
      headers: upload.body.upload.headers,
      body: pdf,
    });
    expect(put.status).toBe(200);

    const opened = await api<{ ticket: TicketView }>(stack, 'POST', '/api/me/tickets', {
      token,
      body: {
        subject: 'Wrong GST on my invoice',
        category: 'billing',
        message: 'The invoice is attached.',
        attachments: [upload.body.attachment],
      },
    });
    expect(opened.status).toBe(201);
    const number = opened.body.ticket.number;
    expect(opened.body.ticket.messages?.[0]?.attachments).toEqual([
      {
        id: upload.body.attachment.id,
        fileName: 'invoice.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      },
    ]);

    const path = `/tickets/${number}/attachments/${upload.body.attachment.id}`;
    const forOperator = await api<{ url: string; fileName: string }>(
      stack,
      'GET',
      `/api/admin${path}`,
      { token: operatorToken },
    );
    expect(forOperator.status).toBe(200);
    const download = await fetch(forOperator.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="invoice.pdf"');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

    const stranger = newUser('ticket-stranger');
    await signUp(stack, stranger);
    const strangerToken = await signIn(stack, stranger);
    const refused = await api(stack, 'GET', `/api/me${path}`, { token: strangerToken });
    expect(refused.status).toBe(404);
    // The storage refuses the object without a signature.
    const unsigned = await fetch(forOperator.body.url.split('?')[0] as string);
    expect(unsigned.status).toBe(403);
  });
});

describe('replies by mail (D27)', () => {
  const inbound = async (raw: string, verdicts?: Record<string, string>) => {
    const response = await fetch(`${stack.baseUrl}/_local/mail/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ raw, ...(verdicts ? { verdicts } : {}) }),
    });
    return { status: response.status, body: (await response.json()) as { outcomes: unknown[] } };
  };
  const mime = (from: string, subject: string, body: string) =>
    [
      `From: ${from}`,
      'To: tickets@storefront.local',
      `Subject: ${subject}`,
      `Message-ID: <${Math.random().toString(36).slice(2)}@mail.example.in>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
    ].join('\r\n');

  it('threads a buyer’s mail onto the ticket (quote cut off, support mailed); a forged one changes nothing', async () => {
    const user = newUser('ticket-mail');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const opened = await api<{ ticket: TicketView }>(stack, 'POST', '/api/me/tickets', {
      token,
      body: { subject: 'Mail on my domain', category: 'technical', message: 'No mail arrives.' },
    });
    const number = opened.body.ticket.number;
    await api(stack, 'POST', `/api/admin/tickets/${number}/replies`, {
      token: operatorToken,
      body: { message: 'Is the MX record set?' },
    });

    const forged = await inbound(
      mime(user.email, `Re: [${number}] Support answered`, 'Delete everything.'),
      { spf: 'FAIL', dkim: 'FAIL', dmarc: 'FAIL' },
    );
    expect(forged.body.outcomes).toEqual([
      { outcome: 'ignored', reason: 'sender_not_authenticated' },
    ]);
    const stranger = await inbound(
      mime('mallory@example.in', `Re: [${number}]`, 'Delete everything.'),
    );
    expect(stranger.body.outcomes).toEqual([{ outcome: 'ignored', reason: 'sender_not_owner' }]);

    const replied = await inbound(
      mime(
        `"${user.name}" <${user.email}>`,
        `Re: [${number}] Support answered: Mail on my domain`,
        `Yes, it points at mx1.example.in.\r\n\r\nOn Fri, 27 Nov 2026 at 11:30, Support <support@storefront.local> wrote:\r\n> Is the MX record set?`,
      ),
    );
    expect(replied.status).toBe(200);
    expect(replied.body.outcomes).toEqual([{ outcome: 'replied', ticketNumber: number }]);

    const thread = await api<{ ticket: TicketView }>(stack, 'GET', `/api/me/tickets/${number}`, {
      token,
    });
    expect(thread.body.ticket.status).toBe('open');
    expect(thread.body.ticket.messages?.map((m) => m.body)).toEqual([
      'No mail arrives.',
      'Is the MX record set?',
      'Yes, it points at mx1.example.in.',
    ]);
    expect(thread.body.ticket.messages?.[2]?.viaMail).toBe(true);
    await eventually(
      async () =>
        (await mailbox(stack, SUPPORT)).find(
          (m) => m.subject.includes(number) && (m.body.text ?? '').includes('mx1.example.in'),
        ),
      'the support inbox mail of the reply by mail',
    );
  });
});
