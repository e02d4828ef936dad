/**
 * The tickets Lambda (D27) from a real-shaped API Gateway event: a buyer opens, reads and answers a
 * ticket; an operator answers from the console; bad input is a 400 with a sentence, another
 * buyer's ticket a 404, a buyer on an operator's route a 403.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_LIMITS, userLimitKey } from '../../../../lambdas/domain/user-limits';
import { makeHandler } from '../../../../lambdas/handlers/tickets';
import { makeHandler as makeContactHandler } from '../../../../lambdas/handlers/contact';
import { contactTicketOpener } from '../../../../lambdas/handlers/contact';
import { InMemoryDocumentCounters } from '../../../helpers/fakes/document-counters';
import {
  InMemoryMessagesStore,
  InMemoryRateLimiter,
  InMemoryServicesStore,
  RecordingEventPublisher,
} from '../../../helpers/fakes/stores';
import { FakeSecondFactors } from '../../../helpers/fakes/second-factors';
import { InMemoryTicketFiles } from '../../../helpers/fakes/ticket-files';
import { InMemoryTicketsStore } from '../../../helpers/fakes/tickets';
import { httpEvent, parse } from './handler-world';

const silent = { info() {}, warn() {}, error() {} };

function request(
  routeKey: string,
  options: {
    body?: unknown;
    number?: string;
    attachmentId?: string;
    query?: Record<string, string>;
    claims?: Record<string, unknown>;
  } = {},
): APIGatewayProxyEventV2 {
  const event = httpEvent('post-ticket.json');
  const [method, path] = routeKey.split(' ') as [string, string];
  event.routeKey = routeKey;
  event.requestContext.routeKey = routeKey;
  event.requestContext.http.method = method;
  event.rawPath = path.replace('{number}', options.number ?? '');
  event.body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  event.pathParameters = options.number
    ? {
        number: options.number,
        ...(options.attachmentId ? { attachmentId: options.attachmentId } : {}),
      }
    : undefined;
  event.queryStringParameters = options.query;
  if (options.claims) {
    const context = event.requestContext as unknown as {
      authorizer: { jwt: { claims: Record<string, unknown> } };
    };
    context.authorizer.jwt.claims = { ...context.authorizer.jwt.claims, ...options.claims };
  }
  return event;
}

const operatorClaims = {
  'cognito:groups': '[operators]',
  sub: 'op-1',
  email: 'meera@shop.example.in',
};
const otherBuyer = { sub: 'someone-else', email: 'ravi@example.in' };

describe('tickets handler', () => {
  let tickets: InMemoryTicketsStore;
  let services: InMemoryServicesStore;
  let events: RecordingEventPublisher;
  let files: InMemoryTicketFiles;
  let handler: ReturnType<typeof makeHandler>;
  let deps: Parameters<typeof makeHandler>[0];
  beforeEach(() => {
    tickets = new InMemoryTicketsStore();
    events = new RecordingEventPublisher();
    services = new InMemoryServicesStore();
    services.items.set('5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c#svc_h', {
      userId: '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c',
      serviceId: 'svc_h',
      planId: 'basichosting',
      planName: 'Basic Hosting',
      category: 'hosting',
      domain: 'asha.example.in',
      renewalDate: '2027-11-22T02:02:03.000Z',
      version: 1,
      periods: {},
      createdAt: '2026-11-22T02:02:03.000Z',
      updatedAt: '2026-11-22T02:02:03.000Z',
    });
    files = new InMemoryTicketFiles();
    deps = {
      tickets,
      services,
      files,
      secondFactors: new FakeSecondFactors(['op-1']),
      counters: new InMemoryDocumentCounters(),
      events,
      limits: new InMemoryRateLimiter(),
      log: silent,
      now: () => new Date('2026-11-27T06:00:00.000Z'),
    };
    handler = makeHandler(deps);
  });
  const call = async (event: APIGatewayProxyEventV2) => parse(await handler(event));

  it('opens a ticket: 201 with its number, status and first-response deadline', async () => {
    const { statusCode, json } = await call(httpEvent('post-ticket.json'));

    expect(statusCode).toBe(201);
    expect(json.ticket).toMatchObject({
      number: 'TKT-000001',
      status: 'open',
      category: 'technical',
      dueAt: '2026-11-28T06:00:00.000Z',
      overdue: false,
      messages: [{ author: 'buyer', authorName: 'Asha Verma' }],
    });
    expect(events.events).toMatchObject([{ detailType: 'TicketCreated' }]);
  });

  it('answers 429 with Retry-After when the buyer’s hour of tickets, replies or uploads is used up, and not to another buyer', async () => {
    const buyerId = '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c';
    const now = deps.now();
    expect((await call(httpEvent('post-ticket.json'))).statusCode).toBe(201);
    for (const action of ['ticket', 'ticketReply', 'ticketUpload'] as const) {
      while (await deps.limits.consume(userLimitKey(action, buyerId), USER_LIMITS[action], now));
    }
    const pdf = { fileName: 'bill.pdf', contentType: 'application/pdf', size: 100 };

    const answers = [
      await call(httpEvent('post-ticket.json')),
      await call(
        request('POST /api/me/tickets/{number}/replies', {
          number: 'TKT-000001',
          body: { message: 'Hello again' },
        }),
      ),
      await call(request('POST /api/me/ticket-attachments', { body: pdf })),
    ];

    for (const answer of answers) {
      expect(answer).toMatchObject({
        statusCode: 429,
        headers: { 'retry-after': '3600' },
        json: { error: { code: 'too_many_requests' } },
      });
    }
    expect(
      (await call(request('POST /api/me/ticket-attachments', { body: pdf, claims: otherBuyer })))
        .statusCode,
    ).toBe(201);
  });

  it('lists, reads and answers the buyer’s own tickets, and hides them from others', async () => {
    await call(httpEvent('post-ticket.json'));

    const list = await call(request('GET /api/me/tickets'));
    const one = await call(request('GET /api/me/tickets/{number}', { number: 'tkt-1' }));
    const reply = await call(
      request('POST /api/me/tickets/{number}/replies', {
        number: 'TKT-000001',
        body: { message: 'Any news?' },
      }),
    );
    const stranger = await call(
      request('GET /api/me/tickets/{number}', { number: 'TKT-000001', claims: otherBuyer }),
    );

    expect((list.json.tickets as unknown[]).length).toBe(1);
    expect(one.json.ticket).toMatchObject({ number: 'TKT-000001' });
    expect(reply.statusCode).toBe(201);
    const thread = (reply.json.ticket as { messages: { body: string }[] }).messages;
    expect(thread.map((m) => m.body)).toContain('Any news?');
    expect(thread).toHaveLength(2);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json).toMatchObject({ error: { code: 'ticket_not_found' } });
    expect((await call(request('GET /api/me/tickets', { claims: otherBuyer }))).json).toEqual({
      tickets: [],
    });
  });

  it.each([
    [{ subject: '', category: 'technical', message: 'x' }],
    [{ subject: 'A\r\nBcc: victim@example.in', category: 'technical', message: 'x' }],
    [{ subject: 'Hi', category: 'complaint', message: 'x' }],
    [{ subject: 'Hi', category: 'billing', message: 'x'.repeat(5001) }],
    [{ subject: 'Hi', category: 'billing', message: 'bell \u0007 here' }],
    [{ subject: 'Hi', category: 'billing', message: 'x', userId: 'someone' }],
    ['not json'],
  ])('answers 400 validation_failed to bad input %# and opens nothing', async (body) => {
    const { statusCode, json } = await call(request('POST /api/me/tickets', { body }));

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(tickets.heads.size).toBe(0);
  });

  it('opens a ticket about one of the buyer’s services, and refuses one that is not theirs', async () => {
    const about = (serviceId: string, claims?: Record<string, unknown>) =>
      request('POST /api/me/tickets', {
        body: { subject: 'PHP', category: 'technical', message: 'Which PHP?', serviceId },
        claims,
      });

    const ours = await call(about('svc_h'));
    const stranger = await call(about('svc_h', otherBuyer));
    const unknown = await call(about('svc_nope'));

    expect(ours.statusCode).toBe(201);
    expect(ours.json.ticket).toMatchObject({ serviceId: 'svc_h' });
    expect(stranger).toMatchObject({
      statusCode: 404,
      json: { error: { code: 'service_not_found' } },
    });
    expect(unknown.statusCode).toBe(404);
    const forOperator = await call(
      request('GET /api/admin/tickets/{number}', { number: 'TKT-000001', claims: operatorClaims }),
    );
    expect(forOperator.json.ticket).toMatchObject({
      buyerServices: [{ serviceId: 'svc_h', planName: 'Basic Hosting', domain: 'asha.example.in' }],
    });
  });

  it('keeps line breaks and tabs in a message', async () => {
    const body = { subject: 'Hi', category: 'billing', message: 'Line 1\n\tLine 2' };

    const { json } = await call(request('POST /api/me/tickets', { body }));

    expect((json.ticket as { messages: { body: string }[] }).messages[0]?.body).toBe(
      'Line 1\n\tLine 2',
    );
  });

  it('lets only operators at the queue; an operator answers, resolves and notes', async () => {
    await call(httpEvent('post-ticket.json'));

    expect((await call(request('GET /api/admin/tickets'))).statusCode).toBe(403);
    // An operator without TOTP on (D28).
    const noTotp = await call(
      request('GET /api/admin/tickets', { claims: { ...operatorClaims, sub: 'op-2' } }),
    );
    expect(noTotp).toMatchObject({ statusCode: 403, json: { error: { code: 'mfa_required' } } });
    const queue = await call(
      request('GET /api/admin/tickets', { query: { status: 'open' }, claims: operatorClaims }),
    );
    expect(queue.json.tickets).toMatchObject([
      { number: 'TKT-000001', email: 'asha.verma@example.in' },
    ]);
    expect(
      (
        await call(
          request('GET /api/admin/tickets', { query: { status: 'all' }, claims: operatorClaims }),
        )
      ).statusCode,
    ).toBe(400);

    const note = await call(
      request('POST /api/admin/tickets/{number}/replies', {
        number: 'TKT-000001',
        body: { message: 'VIP', internal: true },
        claims: operatorClaims,
      }),
    );
    const resolved = await call(
      request('POST /api/admin/tickets/{number}/replies', {
        number: 'TKT-000001',
        body: { message: 'Done.', resolve: true },
        claims: operatorClaims,
      }),
    );
    const buyerView = await call(request('GET /api/me/tickets/{number}', { number: 'TKT-000001' }));

    expect(note.statusCode).toBe(201);
    expect(resolved.json.ticket).toMatchObject({ status: 'resolved' });
    expect((buyerView.json.ticket as { messages: unknown[] }).messages).toHaveLength(2);
    expect(events.events.map((e) => e.detailType)).toEqual(['TicketCreated', 'TicketReplied']);

    const assigned = await call(
      request('POST /api/admin/tickets/{number}/assign', {
        number: 'TKT-000001',
        claims: operatorClaims,
      }),
    );
    expect(assigned.json.ticket).toMatchObject({ assignee: 'meera@shop.example.in' });
    const ofCustomer = await call(
      request('GET /api/admin/tickets', {
        query: { email: 'Asha.Verma@example.in' },
        claims: operatorClaims,
      }),
    );
    expect(ofCustomer.json.tickets).toMatchObject([
      { number: 'TKT-000001', status: 'resolved', assignee: 'meera@shop.example.in' },
    ]);

    const reopened = await call(
      request('POST /api/me/tickets/{number}/reopen', { number: 'TKT-000001' }),
    );
    expect(reopened.json.ticket).toMatchObject({ status: 'open' });
    const again = await call(
      request('POST /api/me/tickets/{number}/reopen', { number: 'TKT-000001' }),
    );
    expect(again).toMatchObject({
      statusCode: 409,
      json: { error: { code: 'ticket_not_resolved' } },
    });
  });

  describe('attachments (D27)', () => {
    const buyerId = '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c';
    const pdfBytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\n');
    type Upload = {
      attachment: { id: string; fileName: string; contentType: string };
      upload: { url: string; method: string; headers: Record<string, string> };
    };
    async function upload(
      file: { fileName: string; contentType: string; size: number },
      claims?: Record<string, unknown>,
    ) {
      return call(request('POST /api/me/ticket-attachments', { body: file, claims }));
    }
    async function uploadPdf(bytes = pdfBytes, owner = buyerId) {
      const answer = await upload({
        fileName: 'C:\\Users\\asha\\bill<1>.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
      });
      expect(answer.statusCode).toBe(201);
      const { attachment } = answer.json as unknown as Upload;
      files.put(`ticket-files/buyer/${owner}/${attachment.id}`, bytes, 'application/pdf');
      return attachment;
    }
    const reply = (attachments: unknown[], claims?: Record<string, unknown>) =>
      call(
        request('POST /api/me/tickets/{number}/replies', {
          number: 'TKT-000001',
          body: { message: 'The bill is attached.', attachments },
          claims,
        }),
      );

    it('takes a PDF on a reply; the buyer and an operator download it, nobody else', async () => {
      await call(httpEvent('post-ticket.json'));
      const attachment = await uploadPdf();
      expect(attachment.fileName).toBe('bill1.pdf');

      const answered = await reply([attachment]);
      expect(answered.statusCode).toBe(201);
      const thread = (answered.json.ticket as { messages: { attachments?: unknown[] }[] }).messages;
      // The clock stands still here: the two messages share a time, so find the reply.
      expect(thread).toHaveLength(2);
      expect(thread.find((m) => m.attachments)?.attachments).toEqual([
        {
          id: attachment.id,
          fileName: 'bill1.pdf',
          contentType: 'application/pdf',
          size: pdfBytes.length,
        },
      ]);

      const own = await call(
        request('GET /api/me/tickets/{number}/attachments/{attachmentId}', {
          number: 'TKT-000001',
          attachmentId: attachment.id,
        }),
      );
      expect(own.statusCode).toBe(200);
      expect(own.json).toMatchObject({ fileName: 'bill1.pdf' });
      expect(String(own.json.url)).toContain(`ticket-files/buyer/${buyerId}/${attachment.id}`);
      expect(decodeURIComponent(String(own.json.url))).toContain(
        'attachment; filename="bill1.pdf"',
      );
      const operator = await call(
        request('GET /api/admin/tickets/{number}/attachments/{attachmentId}', {
          number: 'TKT-000001',
          attachmentId: attachment.id,
          claims: operatorClaims,
        }),
      );
      expect(operator.statusCode).toBe(200);
      const stranger = await call(
        request('GET /api/me/tickets/{number}/attachments/{attachmentId}', {
          number: 'TKT-000001',
          attachmentId: attachment.id,
          claims: otherBuyer,
        }),
      );
      expect(stranger.statusCode).toBe(404);
    });

    it('refuses a type, a size and a count it does not take, each with its own code', async () => {
      const exe = await upload({
        fileName: 'setup.exe',
        contentType: 'application/x-msdownload',
        size: 10,
      });
      expect(exe.statusCode).toBe(400);
      expect(exe.json).toMatchObject({ error: { code: 'attachment_type_not_allowed' } });
      const renamed = await upload({ fileName: 'page.html', contentType: 'text/plain', size: 10 });
      expect(renamed.json).toMatchObject({ error: { code: 'attachment_type_not_allowed' } });
      const large = await upload({
        fileName: 'scan.png',
        contentType: 'image/png',
        size: 5 * 1024 * 1024 + 1,
      });
      expect(large.statusCode).toBe(413);
      expect(large.json).toMatchObject({ error: { code: 'attachment_too_large' } });
      const justRight = await upload({
        fileName: 'scan.png',
        contentType: 'image/png',
        size: 5 * 1024 * 1024,
      });
      expect(justRight.statusCode).toBe(201);

      await call(httpEvent('post-ticket.json'));
      const four = await Promise.all([1, 2, 3, 4].map(() => uploadPdf()));
      const tooMany = await reply(four);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json).toMatchObject({ error: { code: 'validation_failed' } });
    });

    it('refuses a file that was never uploaded, another buyer’s, or one that is not what it says', async () => {
      await call(httpEvent('post-ticket.json'));
      const missing = await reply([
        { id: 'AAAAAAAAAAAAAAAA', fileName: 'bill.pdf', contentType: 'application/pdf' },
      ]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json).toMatchObject({ error: { code: 'attachment_not_uploaded' } });

      const theirs = await uploadPdf(pdfBytes, 'someone-else');
      const notMine = await reply([theirs]);
      expect(notMine.json).toMatchObject({ error: { code: 'attachment_not_uploaded' } });

      const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
      const fake = await uploadPdf(html);
      const mismatch = await reply([fake]);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json).toMatchObject({ error: { code: 'attachment_content_mismatch' } });
      expect(files.removed).toContain(`ticket-files/buyer/${buyerId}/${fake.id}`);

      // Nothing was written by the refused replies.
      const one = await call(request('GET /api/me/tickets/{number}', { number: 'TKT-000001' }));
      expect((one.json.ticket as { messages: unknown[] }).messages).toHaveLength(1);
    });

    it('keeps a file on an internal note from the buyer', async () => {
      await call(httpEvent('post-ticket.json'));
      const up = await call(
        request('POST /api/admin/ticket-attachments', {
          body: { fileName: 'server.log', contentType: 'text/plain', size: 12 },
          claims: operatorClaims,
        }),
      );
      expect(up.statusCode).toBe(201);
      const { attachment } = up.json as unknown as Upload;
      files.put(`ticket-files/support/${attachment.id}`, 'error: disk\n', 'text/plain');
      const note = await call(
        request('POST /api/admin/tickets/{number}/replies', {
          number: 'TKT-000001',
          body: { message: 'Log from the server.', internal: true, attachments: [attachment] },
          claims: operatorClaims,
        }),
      );
      expect(note.statusCode).toBe(201);
      const asBuyer = await call(
        request('GET /api/me/tickets/{number}/attachments/{attachmentId}', {
          number: 'TKT-000001',
          attachmentId: attachment.id,
        }),
      );
      expect(asBuyer.statusCode).toBe(404);
      expect(asBuyer.json).toMatchObject({ error: { code: 'attachment_not_found' } });
      const asOperator = await call(
        request('GET /api/admin/tickets/{number}/attachments/{attachmentId}', {
          number: 'TKT-000001',
          attachmentId: attachment.id,
          claims: operatorClaims,
        }),
      );
      expect(asOperator.statusCode).toBe(200);
    });
  });
});

describe('contact handler with tickets', () => {
  it('answers 202 with the number of the ticket the message opened; the support mail names it', async () => {
    const messages = new InMemoryMessagesStore();
    const tickets = new InMemoryTicketsStore();
    const events = new RecordingEventPublisher();
    const limits = new InMemoryRateLimiter();
    const now = () => new Date('2026-11-27T06:00:00.000Z');
    const handler = makeContactHandler({
      messages,
      limits,
      events,
      log: silent,
      now,
      openTicket: contactTicketOpener({
        tickets,
        counters: new InMemoryDocumentCounters(),
        events,
        limits,
        log: silent,
        now,
      }),
    });

    const { statusCode, json } = parse(
      await handler(
        httpEvent('post-contact.json', {
          body: JSON.stringify({
            name: 'Asha',
            email: 'Asha@Example.in',
            message: '\nI want to complain about my refund.\nIt was refused.',
            category: 'grievance',
          }),
        }),
      ),
    );

    expect(statusCode).toBe(202);
    expect(json).toEqual({ ok: true, ticketNumber: 'TKT-000001' });
    expect(messages.items).toMatchObject([{ ticketNumber: 'TKT-000001' }]);
    const [head] = tickets.heads.values();
    expect(head).toMatchObject({
      subject: 'I want to complain about my refund.',
      category: 'grievance',
      email: 'asha@example.in',
      source: 'contact',
    });
    expect(events.events.map((e) => e.detailType).sort()).toEqual([
      'SupportMessageReceived',
      'TicketCreated',
    ]);
  });
});
