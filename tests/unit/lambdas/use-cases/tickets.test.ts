/**
 * Tickets as specifications (D27), on the in-memory fakes: deadlines in India's calendar, a
 * buyer's and an operator's side of a thread, the mails each side gets, and the deadlines check.
 * Time is always an input.
 */
import { describe, expect, it } from 'vitest';
import {
  grievanceResolveDueAt,
  isOverdue,
  newTicketClock,
  nextDueAt,
  normalizeTicketNumber,
  ticketNumberIn,
} from '../../../../lambdas/domain/tickets';
import type { Caller } from '../../../../lambdas/ports/users';
import {
  getOwnTicket,
  listOwnTickets,
  reopenAsBuyer,
  replyAsBuyer,
  resolveAsBuyer,
} from '../../../../lambdas/use-cases/tickets/buyer-tickets';
import { consumeAddressLimit, openTicket } from '../../../../lambdas/use-cases/tickets/open-ticket';
import {
  getTicketForOperator,
  listTicketQueue,
  replyAsSupport,
} from '../../../../lambdas/use-cases/tickets/operator-tickets';
import { runTicketDeadlines } from '../../../../lambdas/use-cases/tickets/run-ticket-deadlines';
import {
  sendTicketCreatedMail,
  sendTicketRepliedMail,
} from '../../../../lambdas/use-cases/tickets/send-ticket-mail';
import type { TicketCreatedDetail, TicketRepliedDetail } from '../../../../lambdas/domain/tickets';
import { InMemoryDocumentCounters } from '../../../helpers/fakes/document-counters';
import {
  InMemoryRateLimiter,
  RecordingEventPublisher,
  RecordingMailer,
} from '../../../helpers/fakes/stores';
import { InMemoryTicketsStore } from '../../../helpers/fakes/tickets';

function world(start = '2026-11-27T06:00:00.000Z') {
  let now = new Date(start);
  const logs: { level: string; message: string; extra: Record<string, unknown>[] }[] = [];
  const log = {
    info: (message: string, ...extra: Record<string, unknown>[]) =>
      logs.push({ level: 'info', message, extra }),
    warn: (message: string, ...extra: Record<string, unknown>[]) =>
      logs.push({ level: 'warn', message, extra }),
    error: (message: string, ...extra: Record<string, unknown>[]) =>
      logs.push({ level: 'error', message, extra }),
  };
  const tickets = new InMemoryTicketsStore();
  const events = new RecordingEventPublisher();
  const mailer = new RecordingMailer();
  const deps = {
    tickets,
    counters: new InMemoryDocumentCounters(),
    events,
    limits: new InMemoryRateLimiter(),
    log,
    now: () => now,
    pauseAfterLostRace: async () => {},
  };
  const mailDeps = {
    tickets,
    mailer,
    replyAddress: (): string | undefined => undefined,
    supportEmail: () => 'support@shop.example.in',
    grievanceEmail: () => 'grievance@shop.example.in',
    siteUrl: () => 'https://shop.example.in',
    log,
    now: () => now,
    leaseMs: 60_000,
  };
  /** Delivers every event published so far to the mail consumer, as the bus would. */
  async function deliverMail() {
    const pending = events.events.splice(0);
    for (const e of pending) {
      if (e.detailType === 'TicketCreated')
        await sendTicketCreatedMail(mailDeps, e.detail as TicketCreatedDetail);
      if (e.detailType === 'TicketReplied')
        await sendTicketRepliedMail(mailDeps, e.detail as TicketRepliedDetail);
    }
    return pending;
  }
  return {
    deps,
    mailDeps,
    tickets,
    events,
    mailer,
    logs,
    deliverMail,
    setNow(iso: string) {
      now = new Date(iso);
    },
  };
}

const asha: Caller = {
  userId: 'user-asha',
  email: 'Asha.Verma@example.in',
  name: 'Asha Verma',
  phone: '',
};
const ravi: Caller = { userId: 'user-ravi', email: 'ravi@example.in', name: 'Ravi', phone: '' };
const operator: Caller = {
  userId: 'op-1',
  email: 'meera@shop.example.in',
  name: 'Meera',
  phone: '',
};

describe('ticket deadlines, in India’s calendar', () => {
  it('gives every new ticket a first response due 24 hours on', () => {
    const clock = newTicketClock('technical', '2026-11-27T20:00:00.000Z');

    expect(nextDueAt(clock)).toBe('2026-11-28T20:00:00.000Z');
    expect(clock.resolveDueAt).toBeUndefined();
  });

  it('resolves a grievance by the end of the same Indian day a month on, read in IST', () => {
    // 00:30 IST on 31 January is still 30 January in UTC: the month is India's.
    expect(grievanceResolveDueAt('2026-01-30T19:00:00.000Z')).toBe('2026-02-28T18:29:59.999Z');
    // 23:00 IST on 15 March → the end of 15 April in India.
    expect(grievanceResolveDueAt('2026-03-15T17:30:00.000Z')).toBe('2026-04-15T18:29:59.999Z');
    // December rolls into the next year; a leap February keeps its 29th.
    expect(grievanceResolveDueAt('2026-12-31T06:00:00.000Z')).toBe('2027-01-31T18:29:59.999Z');
    expect(grievanceResolveDueAt('2028-01-31T06:00:00.000Z')).toBe('2028-02-29T18:29:59.999Z');
  });

  it('keeps a grievance’s resolution deadline while it waits on the buyer, sooner than the next response', () => {
    const clock = newTicketClock('grievance', '2026-11-27T06:00:00.000Z');

    expect(nextDueAt(clock)).toBe('2026-11-28T06:00:00.000Z');
    expect(
      nextDueAt({ ...clock, status: 'waiting_on_buyer', awaitingSupportSince: undefined }),
    ).toBe(clock.resolveDueAt);
    expect(isOverdue(clock, new Date('2026-11-28T06:00:00.001Z'))).toBe(true);
    expect(isOverdue(clock, new Date('2026-11-28T06:00:00.000Z'))).toBe(false);
  });

  it('reads a number as a buyer types it, and finds one in a mail subject', () => {
    expect(normalizeTicketNumber(' tkt-123 ')).toBe('TKT-000123');
    expect(normalizeTicketNumber('TKT000123')).toBe('TKT-000123');
    expect(normalizeTicketNumber('TKT-0')).toBeUndefined();
    expect(normalizeTicketNumber('123')).toBeUndefined();
    expect(ticketNumberIn('Re: [TKT-000123] My site is down')).toBe('TKT-000123');
    expect(ticketNumberIn('Re: my site')).toBeUndefined();
  });
});

describe('a ticket from the contact form to resolved', () => {
  it('acknowledges at once with the number, and shows the ticket to whoever signs in with that address', async () => {
    const w = world();

    const opened = await openTicket(w.deps, {
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
      subject: 'Charged twice',
      category: 'billing',
      message: 'I was charged twice for <b>Basic Hosting</b>.',
      source: 'contact',
    });
    await w.deliverMail();

    expect(opened).toMatchObject({
      number: 'TKT-000001',
      status: 'open',
      dueAt: '2026-11-28T06:00:00.000Z',
      overdue: false,
    });
    // The support inbox hears of a contact-form ticket through the contact message's own mail.
    expect(w.mailer.sent).toHaveLength(1);
    const [ack] = w.mailer.sent;
    expect(ack).toMatchObject({ to: 'asha.verma@example.in' });
    expect(ack?.subject).toBe('[TKT-000001] We have your message: Charged twice');
    expect(ack?.text).toContain('within 24 hours');
    expect(ack?.text).toContain('Sign in (or sign up) with asha.verma@example.in');
    expect((await listOwnTickets(w.deps, asha)).map((t) => t.number)).toEqual(['TKT-000001']);
    expect(await listOwnTickets(w.deps, ravi)).toEqual([]);
    await expect(getOwnTicket(w.deps, ravi, 'TKT-000001')).rejects.toMatchObject({
      code: 'ticket_not_found',
    });
  });

  it('carries a thread: operator reply → buyer reply → operator resolves; each side mailed with the number', async () => {
    const w = world();
    await openTicket(w.deps, {
      email: asha.email,
      name: asha.name,
      userId: asha.userId,
      subject: 'Site down',
      category: 'technical',
      message: 'My site shows a 500.',
      source: 'dashboard',
    });
    await w.deliverMail();
    expect(w.mailer.sent.map((m) => m.to)).toEqual([
      'asha.verma@example.in',
      'support@shop.example.in',
    ]);
    expect(w.mailer.sent[1]?.replyTo).toBe('asha.verma@example.in');
    w.mailer.sent.splice(0);

    w.setNow('2026-11-27T08:00:00.000Z');
    const answered = await replyAsSupport(w.deps, operator, 'TKT-000001', {
      message: 'Fixed the PHP version; please check.',
    });
    await replyAsSupport(w.deps, operator, 'TKT-000001', {
      message: 'Customer on old plan',
      internal: true,
    });
    await w.deliverMail();
    expect(answered.status).toBe('waiting_on_buyer');
    expect(answered.dueAt).toBeUndefined();
    expect(w.mailer.sent).toHaveLength(1);
    expect(w.mailer.sent[0]).toMatchObject({
      to: 'asha.verma@example.in',
      subject: '[TKT-000001] Re: Site down',
    });

    w.setNow('2026-11-27T09:00:00.000Z');
    const replied = await replyAsBuyer(w.deps, asha, 'TKT-000001', 'Still a 500 on /shop.');
    await w.deliverMail();
    expect(replied).toMatchObject({ status: 'open', dueAt: '2026-11-28T09:00:00.000Z' });
    expect(replied.messages?.map((m) => m.author)).toEqual(['buyer', 'support', 'buyer']);
    expect(replied.messages?.some((m) => m.body.includes('old plan'))).toBe(false);
    expect(w.mailer.sent[1]).toMatchObject({
      to: 'support@shop.example.in',
      replyTo: 'asha.verma@example.in',
    });
    expect(w.mailer.sent[1]?.subject).toContain('[TKT-000001] Buyer replied');

    w.setNow('2026-11-27T10:00:00.000Z');
    const resolved = await replyAsSupport(w.deps, operator, 'TKT-000001', {
      message: 'Cache cleared.',
      resolve: true,
    });
    await w.deliverMail();
    expect(resolved).toMatchObject({
      status: 'resolved',
      reopenableUntil: '2026-12-11T10:00:00.000Z',
    });
    expect(w.mailer.sent[2]?.text).toContain('reopen it from your dashboard within 14 days');
    const forOperator = await getTicketForOperator(w.deps, 'TKT-000001');
    expect(forOperator.messages?.filter((m) => m.internal)).toHaveLength(1);
    expect(forOperator.email).toBe('asha.verma@example.in');
  });

  it('sends each mail once however often the event arrives', async () => {
    const w = world();
    await openTicket(w.deps, {
      email: asha.email,
      name: asha.name,
      subject: 'Hello',
      category: 'sales',
      message: 'Do you sell .in?',
      source: 'contact',
    });
    const [created] = w.events.events;

    await sendTicketCreatedMail(w.mailDeps, created?.detail as TicketCreatedDetail);
    const again = await sendTicketCreatedMail(w.mailDeps, created?.detail as TicketCreatedDetail);

    expect(again).toBe('already_sent');
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('routes a grievance to the grievance officer', async () => {
    const w = world();
    await openTicket(w.deps, {
      email: asha.email,
      name: asha.name,
      userId: asha.userId,
      subject: 'Refund refused',
      category: 'grievance',
      message: 'You refused my refund.',
      source: 'dashboard',
    });
    await w.deliverMail();

    expect(w.mailer.sent.map((m) => m.to)).toEqual([
      'asha.verma@example.in',
      'grievance@shop.example.in',
    ]);
    expect(w.mailer.sent[0]?.text).toContain('To be resolved by');
  });
});

describe('resolve and reopen', () => {
  async function resolvedTicket() {
    const w = world();
    await openTicket(w.deps, {
      email: asha.email,
      name: asha.name,
      userId: asha.userId,
      subject: 'DNS',
      category: 'technical',
      message: 'How do I add an MX record?',
      source: 'dashboard',
    });
    await resolveAsBuyer(w.deps, asha, 'TKT-000001');
    return w;
  }

  it('reopens within 14 days with a response due 24 hours on', async () => {
    const w = await resolvedTicket();
    w.setNow('2026-12-11T05:59:00.000Z');

    const reopened = await reopenAsBuyer(w.deps, asha, 'TKT-000001');

    expect(reopened).toMatchObject({ status: 'open', dueAt: '2026-12-12T05:59:00.000Z' });
  });

  it('closes after 14 days: no reopening, no reply', async () => {
    const w = await resolvedTicket();
    w.setNow('2026-12-11T06:00:00.001Z');

    expect((await getOwnTicket(w.deps, asha, 'TKT-000001')).status).toBe('closed');
    await expect(reopenAsBuyer(w.deps, asha, 'TKT-000001')).rejects.toMatchObject({
      code: 'ticket_closed',
    });
    await expect(replyAsBuyer(w.deps, asha, 'TKT-000001', 'hello?')).rejects.toMatchObject({
      code: 'ticket_closed',
    });
  });

  it('refuses to reopen a ticket that is not resolved', async () => {
    const w = world();
    await openTicket(w.deps, {
      email: asha.email,
      name: asha.name,
      userId: asha.userId,
      subject: 'DNS',
      category: 'technical',
      message: 'Hi',
      source: 'dashboard',
    });

    await expect(reopenAsBuyer(w.deps, asha, 'TKT-000001')).rejects.toMatchObject({
      code: 'ticket_not_resolved',
    });
  });
});

describe('abuse limits', () => {
  it('counts dashboard tickets per account, 10 an hour, with when to try again', async () => {
    const w = world('2026-11-27T06:45:00.000Z');
    const open = () =>
      openTicket(w.deps, {
        email: asha.email,
        name: asha.name,
        userId: asha.userId,
        subject: 'Again',
        category: 'sales',
        message: 'Hi',
        source: 'dashboard',
      });
    for (let i = 0; i < 10; i += 1) await open();

    await expect(open()).rejects.toMatchObject({
      code: 'too_many_requests',
      retryAfterSeconds: 15 * 60,
    });
  });

  it('does not let contact-form messages naming a buyer’s address spend the buyer’s tickets', async () => {
    const w = world();
    for (let i = 0; i < 3; i += 1) await consumeAddressLimit(w.deps, asha.email, w.deps.now());

    const ticket = await openTicket(w.deps, {
      email: asha.email,
      name: asha.name,
      userId: asha.userId,
      subject: 'Still me',
      category: 'sales',
      message: 'Hi',
      source: 'dashboard',
    });

    expect(ticket.number).toBe('TKT-000001');
  });
});

describe('the console’s queue and the deadlines check', () => {
  it('lists unresolved tickets soonest due first, and the overdue ones; marks each once and mails the officer for grievances', async () => {
    const w = world('2026-11-27T06:00:00.000Z');
    const open = (category: 'billing' | 'grievance', subject: string) =>
      openTicket(w.deps, {
        email: `${subject}@example.in`,
        name: subject,
        subject,
        category,
        message: 'Hi',
        source: 'contact',
      });
    await open('grievance', 'first');
    w.setNow('2026-11-27T07:00:00.000Z');
    await open('billing', 'second');
    w.setNow('2026-11-28T12:00:00.000Z');
    await open('billing', 'third');
    w.events.events.splice(0);

    const queue = await listTicketQueue(w.deps, 'open');
    const overdue = await listTicketQueue(w.deps, 'overdue');
    expect(queue.map((t) => t.subject)).toEqual(['first', 'second', 'third']);
    expect(overdue.map((t) => t.subject)).toEqual(['first', 'second']);
    expect(overdue.every((t) => t.overdue)).toBe(true);

    const jobDeps = { ...w.mailDeps, events: w.events };
    const run = await runTicketDeadlines(jobDeps, new Date('2026-11-28T12:00:00.000Z'));
    // The TicketCreated events were lost (cleared above): the job asks for those mails again, once
    // the bus's own retries are over (15 minutes), and the mails go once.
    expect(w.events.events.map((e) => e.detailType)).toEqual(['TicketCreated', 'TicketCreated']);
    // The officer (the grievance), and each buyer whose ticket went overdue.
    expect(w.mailer.sent.map((m) => m.to)).toEqual([
      'grievance@shop.example.in',
      'first@example.in',
      'second@example.in',
    ]);
    expect(w.mailer.sent[1]?.subject).toBe('[TKT-000001] We are late on your ticket: first');
    expect(w.mailer.sent[2]?.html).toContain('with our support team');
    expect(w.mailer.sent[1]?.html).toContain('grievance officer');
    const jobMails = w.mailer.sent.splice(0);
    await w.deliverMail();
    const again = await runTicketDeadlines(jobDeps, new Date('2026-11-28T13:00:00.000Z'));

    expect(run).toEqual({
      overdue: 2,
      newlyOverdue: 2,
      grievanceOfficerMailed: 1,
      buyersMailed: 2,
      mailsRequeued: 2,
    });
    // The third ticket's (from 12:00) is asked for now; the first two were sent. Nobody is
    // told twice of the same deadline.
    expect(again).toEqual({
      overdue: 2,
      newlyOverdue: 0,
      grievanceOfficerMailed: 0,
      buyersMailed: 0,
      mailsRequeued: 1,
    });
    expect(w.mailer.sent.map((m) => m.subject)).not.toContainEqual(
      expect.stringContaining('late on your ticket'),
    );
    expect(jobMails[0]?.subject).toBe('[TKT-000001] Overdue grievance: first');
    expect(w.logs.filter((l) => l.message === 'Tickets overdue').map((l) => l.extra[0])).toEqual([
      { count: 2 },
      { count: 2 },
    ]);
  });

  it('puts the late-ticket mail in a signed-in buyer’s mail log', async () => {
    const w = world('2026-11-27T06:00:00.000Z');
    const ticket = await openTicket(w.deps, {
      email: asha.email,
      name: asha.name,
      userId: asha.userId,
      subject: 'Site down',
      category: 'technical',
      message: 'Every page is a 500.',
      source: 'dashboard',
    });
    await w.deliverMail();
    w.mailer.sent.splice(0);

    await runTicketDeadlines(
      { ...w.mailDeps, events: w.events },
      new Date('2026-11-29T06:00:00.000Z'),
    );

    const late = w.mailer.sent.filter((m) => m.subject.includes('late on your ticket'));
    expect(late.map((m) => m.about)).toEqual([
      { userId: asha.userId, kind: 'ticket-overdue', ref: ticket.number },
    ]);
  });

  it('asks the buyer to reply to the reply address (replies by mail), support to the buyer', async () => {
    const w = world();
    w.mailDeps.replyAddress = () => 'tickets@shop.example.in';
    const opened = await openTicket(w.deps, {
      email: 'asha@example.in',
      name: 'Asha',
      userId: 'user-asha',
      subject: 'Help',
      category: 'technical',
      message: 'Hi',
      source: 'dashboard',
    });
    await w.deliverMail();
    expect(w.mailer.sent.map((m) => [m.to, m.replyTo])).toEqual([
      ['asha@example.in', 'tickets@shop.example.in'],
      ['support@shop.example.in', 'asha@example.in'],
    ]);
    w.mailer.sent.splice(0);
    w.setNow('2026-11-27T07:00:00.000Z');
    await replyAsSupport(w.deps, operator, opened.number, { message: 'On it.' });
    await w.deliverMail();
    expect(w.mailer.sent.map((m) => [m.to, m.replyTo])).toEqual([
      ['asha@example.in', 'tickets@shop.example.in'],
    ]);
  });
});
