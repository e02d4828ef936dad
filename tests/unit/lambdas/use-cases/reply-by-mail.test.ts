/**
 * Replies by mail (D27), on the in-memory fakes with the real MIME parser: a reply threads onto
 * the ticket its subject names with the quoted conversation cut off, and support is asked to be
 * mailed; a forged or foreign sender, a mail without a number, a closed ticket and the same mail
 * twice change nothing and are never answered.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseMail } from '../../../../lambdas/adapters/mail/parse-mail';
import { addressOf, stripQuotedReply } from '../../../../lambdas/domain/inbound-mail';
import { replyAsSupport } from '../../../../lambdas/use-cases/tickets/operator-tickets';
import { openTicket } from '../../../../lambdas/use-cases/tickets/open-ticket';
import { replyByMail } from '../../../../lambdas/use-cases/tickets/reply-by-mail';
import { InMemoryDocumentCounters } from '../../../helpers/fakes/document-counters';
import { InMemoryRateLimiter, RecordingEventPublisher } from '../../../helpers/fakes/stores';
import { InMemoryTicketsStore } from '../../../helpers/fakes/tickets';

const PASS = { spf: 'PASS', dkim: 'PASS', dmarc: 'PASS', spam: 'PASS', virus: 'PASS' };

function mime(options: { from: string; subject: string; body: string; messageId?: string }) {
  return [
    `From: ${options.from}`,
    'To: support@shop.example.in',
    `Subject: ${options.subject}`,
    `Message-ID: ${options.messageId ?? `<${Math.random().toString(36).slice(2)}@mail.example.in>`}`,
    'Date: Fri, 27 Nov 2026 12:00:00 +0530',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    options.body,
  ].join('\r\n');
}

describe('replies by mail', () => {
  let now: Date;
  let tickets: InMemoryTicketsStore;
  let events: RecordingEventPublisher;
  let raw: Map<string, Uint8Array>;
  let warnings: { message: string; extra: Record<string, unknown> }[];
  let deps: Parameters<typeof replyByMail>[0];
  let number: string;

  beforeEach(async () => {
    now = new Date('2026-11-27T06:00:00.000Z');
    tickets = new InMemoryTicketsStore();
    events = new RecordingEventPublisher();
    raw = new Map();
    warnings = [];
    deps = {
      tickets,
      events,
      limits: new InMemoryRateLimiter(),
      log: {
        info() {},
        warn: (message: string, extra: Record<string, unknown> = {}) => {
          warnings.push({ message, extra });
        },
        error() {},
      },
      now: () => now,
      rawMail: { read: async (id) => raw.get(id) },
      parse: parseMail,
    };
    const opened = await openTicket(
      { ...deps, counters: new InMemoryDocumentCounters(), pauseAfterLostRace: async () => {} },
      {
        email: 'asha@example.in',
        name: 'Asha Verma',
        subject: 'Site down',
        category: 'technical',
        message: 'My site shows a 500 error.',
        source: 'contact',
      },
    );
    number = opened.number;
    now = new Date(now.getTime() + 60 * 60 * 1000);
    const operator = { userId: 'op-1', email: 'meera@shop.example.in', name: 'Meera', phone: '' };
    await replyAsSupport(deps, operator, number, { message: 'Which page?' });
    events.events.splice(0);
  });

  async function deliver(mail: string, verdicts = PASS) {
    // Each mail a minute after the last: the thread is ordered by time.
    now = new Date(now.getTime() + 60 * 1000);
    const id = `ses${raw.size + 1}`;
    raw.set(id, new TextEncoder().encode(mail));
    return replyByMail(deps, { messageId: id, verdicts });
  }
  const thread = async () => {
    const ticket = await tickets.findByNumber(number);
    return tickets.listMessages(ticket?.ticketId ?? '');
  };

  it('threads a reply from the ticket’s address onto it, the quoted conversation cut off', async () => {
    const outcome = await deliver(
      mime({
        from: '"Asha Verma" <Asha@Example.in>',
        subject: `Re: [${number}] Support answered: Site down`,
        body: [
          'The home page, since this morning.',
          'Thanks!',
          '',
          `On Fri, 27 Nov 2026 at 11:30, Support <support@shop.example.in> wrote:`,
          '> Which page?',
          '> --',
        ].join('\r\n'),
      }),
    );

    expect(outcome).toEqual({ outcome: 'replied', ticketNumber: number });
    const messages = await thread();
    expect(messages).toHaveLength(3);
    expect(messages[2]).toMatchObject({
      author: 'buyer',
      body: 'The home page, since this morning.\nThanks!',
      viaMail: true,
      mailTo: ['support'],
    });
    const head = await tickets.findByNumber(number);
    expect(head?.status).toBe('open');
    // A contact-form ticket is not tied to an account by a mail.
    expect(head?.userId).toBeUndefined();
    expect(events.events).toMatchObject([
      { detailType: 'TicketReplied', detail: { ticketNumber: number, author: 'buyer' } },
    ]);
  });

  it.each([
    ['someone else’s address', 'ravi@example.in', PASS, 'sender_not_owner'],
    [
      'the ticket’s address, forged (SPF and DKIM fail)',
      'asha@example.in',
      { ...PASS, spf: 'FAIL', dkim: 'FAIL' },
      'sender_not_authenticated',
    ],
    [
      'the ticket’s address, DMARC failing',
      'asha@example.in',
      { ...PASS, dmarc: 'FAIL' },
      'sender_not_authenticated',
    ],
    ['spam', 'asha@example.in', { ...PASS, spam: 'FAIL' }, 'spam_or_virus'],
  ])('ignores a mail from %s, and answers nobody', async (_name, from, verdicts, reason) => {
    const outcome = await deliver(
      mime({ from, subject: `Re: [${number}] Support answered`, body: 'Close my account.' }),
      verdicts,
    );
    expect(outcome).toEqual({ outcome: 'ignored', reason });
    expect(await thread()).toHaveLength(2);
    expect(events.events).toEqual([]);
    expect(warnings.map((w) => w.extra.reason)).toEqual([reason]);
    // The sender's address is never logged.
    expect(JSON.stringify(warnings)).not.toContain(from);
  });

  it('ignores a mail without a ticket number or with an unknown one', async () => {
    expect(await deliver(mime({ from: 'asha@example.in', subject: 'Hello', body: 'Hi' }))).toEqual({
      outcome: 'ignored',
      reason: 'no_ticket_number',
    });
    expect(
      await deliver(mime({ from: 'asha@example.in', subject: 'Re: [TKT-999999]', body: 'Hi' })),
    ).toEqual({ outcome: 'ignored', reason: 'ticket_not_found' });
    expect(await thread()).toHaveLength(2);
  });

  it('adds the same mail once, even delivered twice', async () => {
    const mail = mime({
      from: 'asha@example.in',
      subject: `Re: [${number}]`,
      body: 'Once.',
      messageId: '<same@mail.example.in>',
    });
    expect((await deliver(mail)).outcome).toBe('replied');
    expect(await deliver(mail)).toEqual({ outcome: 'ignored', reason: 'duplicate' });
    expect(await thread()).toHaveLength(3);
  });

  it('ignores a reply with nothing above the quote, and one to a closed ticket', async () => {
    expect(
      await deliver(
        mime({ from: 'asha@example.in', subject: `Re: [${number}]`, body: '> Which page?' }),
      ),
    ).toEqual({ outcome: 'ignored', reason: 'empty_reply' });
    const operator = { userId: 'op-1', email: 'meera@shop.example.in', name: 'Meera', phone: '' };
    await replyAsSupport(deps, operator, number, { message: 'Fixed.', resolve: true });
    now = new Date(now.getTime() + 15 * 24 * 60 * 60 * 1000);
    expect(
      await deliver(mime({ from: 'asha@example.in', subject: `Re: [${number}]`, body: 'Again' })),
    ).toEqual({ outcome: 'ignored', reason: 'ticket_closed' });
  });
});

describe('the reply in a mail', () => {
  it.each([
    ['Gmail', 'Yes.\n\nOn Fri, 27 Nov 2026 at 11:30 AM Support <s@x.in> wrote:\n> Which?', 'Yes.'],
    [
      'Gmail, the attribution wrapped',
      'Yes.\n\nOn Fri, 27 Nov 2026 at 11:30 AM Support Team <support@shop.example.in>\nwrote:\n> Which?',
      'Yes.',
    ],
    ['Outlook', 'Yes.\r\n\r\n-----Original Message-----\r\nFrom: Support', 'Yes.'],
    [
      'Outlook, header block',
      'Yes.\n\nFrom: Support <support@shop.example.in>\nSent: Friday, 27 November 2026 11:30\nTo: Asha',
      'Yes.',
    ],
    ['a signature', 'Yes.\n-- \nAsha Verma\nCEO', 'Yes.'],
    ['inline quotes', 'Yes.\n> Which page?\nThe home page.', 'Yes.'],
    ['no quote', '  Line one\n\nLine two  \n', 'Line one\n\nLine two'],
  ])('%s', (_name, text, reply) => {
    expect(stripQuotedReply(text)).toBe(reply);
  });

  it('finds the address in a From header', () => {
    expect(addressOf('"Verma, Asha" <Asha@Example.IN>')).toBe('asha@example.in');
    expect(addressOf('asha@example.in')).toBe('asha@example.in');
    expect(addressOf('Asha')).toBeUndefined();
  });
});
