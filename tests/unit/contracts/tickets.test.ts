/**
 * One contract for the tickets store, run against the in-memory fake and the DynamoDB adapter on
 * dynalite; and ticket numbering over both: consecutive, each number once, none skipped, with 20
 * tickets opened at once and after a crash between reserving a number and writing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDocumentCounters } from '../../../lambdas/adapters/dynamodb/counters-table';
import { DynamoRateLimiter } from '../../../lambdas/adapters/dynamodb/rate-limits-table';
import { DynamoTicketsStore } from '../../../lambdas/adapters/dynamodb/tickets-table';
import {
  newTicketClock,
  TICKET_SERIES,
  type TicketCategory,
} from '../../../lambdas/domain/tickets';
import type { DocumentCounters } from '../../../lambdas/ports/document-counters';
import type { RateLimiter } from '../../../lambdas/ports/rate-limits';
import type {
  TicketMessageRecord,
  TicketRecord,
  TicketsStore,
} from '../../../lambdas/ports/tickets';
import { numberTicket, TICKET_OWNER } from '../../../lambdas/use-cases/tickets/number-ticket';
import { openTicket } from '../../../lambdas/use-cases/tickets/open-ticket';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryDocumentCounters } from '../../helpers/fakes/document-counters';
import { InMemoryRateLimiter, RecordingEventPublisher } from '../../helpers/fakes/stores';
import { InMemoryTicketsStore } from '../../helpers/fakes/tickets';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

const silent = { info() {}, warn() {}, error() {} };
let seq = 0;
const T0 = '2026-11-27T06:00:00.000Z';

function ticket(overrides: Partial<TicketRecord> = {}): TicketRecord {
  seq += 1;
  const category: TicketCategory = overrides.category ?? 'technical';
  const createdAt = overrides.createdAt ?? T0;
  return {
    ...newTicketClock(category, createdAt),
    ticketId: `tkt_contract${seq}`,
    email: `buyer${seq}@example.in`,
    name: 'Asha Verma',
    subject: 'My site shows a 500',
    source: 'dashboard',
    updatedAt: createdAt,
    messageCount: 1,
    version: 1,
    ...overrides,
  };
}

const firstMessage = (t: TicketRecord, body = 'Hello'): TicketMessageRecord => ({
  ticketId: t.ticketId,
  messageId: `${t.createdAt}#m${seq}`,
  at: t.createdAt,
  author: 'buyer',
  authorName: t.name,
  body,
});

function storeContract(make: () => TicketsStore) {
  it('records a ticket with its first message once, and numbers it once', async () => {
    const store = make();
    const t = ticket();
    await store.createTicket(t, firstMessage(t));
    await store.createTicket({ ...t, subject: 'changed' }, firstMessage(t, 'changed'));

    const held = await Promise.all(
      ['TKT-000010', 'TKT-000011'].map((n) => store.setNumber(t.ticketId, n)),
    );

    expect(new Set(held).size).toBe(1);
    const stored = await store.getTicket(t.ticketId);
    expect(stored).toEqual({ ...t, ticketNumber: held[0] });
    expect(await store.findByNumber(held[0] ?? '')).toEqual(stored);
    expect(await store.listMessages(t.ticketId)).toEqual([firstMessage(t)]);
    expect(await store.setNumber('tkt_nobody', 'TKT-000012')).toBeUndefined();
  });

  it('lists an address’s tickets newest first, whatever its case', async () => {
    const store = make();
    const older = ticket({ email: `case${seq}@example.in`, createdAt: '2026-11-01T00:00:00.000Z' });
    const newer = ticket({ email: older.email, createdAt: '2026-11-02T00:00:00.000Z' });
    for (const t of [older, newer]) await store.createTicket(t, firstMessage(t));

    const listed = await store.listByEmail(older.email.toUpperCase());

    expect(listed.map((t) => t.ticketId)).toEqual([newer.ticketId, older.ticketId]);
  });

  it('queues unresolved tickets soonest due first, and only those past a time as overdue', async () => {
    const store = make();
    const base = '2031-01-0';
    const late = ticket({
      ...newTicketClock('technical', `${base}2T00:00:00.000Z`),
      createdAt: `${base}2T00:00:00.000Z`,
    });
    const early = ticket({
      ...newTicketClock('billing', `${base}1T00:00:00.000Z`),
      createdAt: `${base}1T00:00:00.000Z`,
    });
    const waiting = ticket({
      status: 'waiting_on_buyer',
      awaitingSupportSince: undefined,
      createdAt: `${base}1T00:00:00.000Z`,
    });
    const resolved = ticket({
      status: 'resolved',
      resolvedAt: `${base}1T01:00:00.000Z`,
      awaitingSupportSince: undefined,
    });
    for (const t of [late, early, waiting, resolved]) await store.createTicket(t, firstMessage(t));

    const queue = (await store.listUnresolved()).map((t) => t.ticketId);
    const overdue = (await store.listUnresolved({ dueBefore: `${base}2T12:00:00.000Z` })).map(
      (t) => t.ticketId,
    );

    const mine = [late, early, waiting, resolved].map((t) => t.ticketId);
    expect(queue.filter((id) => mine.includes(id))).toEqual([
      early.ticketId,
      late.ticketId,
      waiting.ticketId,
    ]);
    expect(overdue).toContain(early.ticketId);
    expect(overdue).not.toContain(late.ticketId);
    expect(overdue).not.toContain(waiting.ticketId);
  });

  it('moves a head only from the version read, removing what the change leaves undefined', async () => {
    const store = make();
    const t = ticket();
    await store.createTicket(t, firstMessage(t));

    const results = await Promise.all([
      store.updateTicket(t, { status: 'waiting_on_buyer', awaitingSupportSince: undefined }),
      store.updateTicket(t, { status: 'resolved', resolvedAt: T0 }),
    ]);

    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = await store.getTicket(t.ticketId);
    expect(stored?.version).toBe(2);
    expect(stored?.awaitingSupportSince).toBeUndefined();
    expect(await store.updateTicket({ ...t, ticketId: 'tkt_nobody' }, { overdueFor: T0 })).toBe(
      false,
    );
    // Resolved leaves the queue.
    if (stored?.status === 'resolved') {
      expect((await store.listUnresolved()).map((x) => x.ticketId)).not.toContain(t.ticketId);
    }
  });

  it('lists a message as pending mail until each of its recipients is mailed', async () => {
    const store = make();
    const t = ticket({ createdAt: '2031-02-01T00:00:00.000Z' });
    const m = { ...firstMessage(t), mailTo: ['buyer', 'support'] as ('buyer' | 'support')[] };
    const note = { ...firstMessage(t), messageId: `${t.createdAt}#note${seq}`, internal: true };
    await store.createTicket(t, m);
    await store.addMessage(note);
    const before = '2031-02-01T00:00:01.000Z';
    const mine = async () =>
      (await store.listPendingMail(before, 1000))
        .filter((x) => x.ticketId === t.ticketId)
        .map((x) => x.messageId);

    expect(await mine()).toEqual([m.messageId]);
    expect((await store.listPendingMail(t.createdAt, 1000)).map((x) => x.ticketId)).not.toContain(
      t.ticketId,
    );
    await store.markMailed(t.ticketId, m.messageId, 'buyer', new Date(before));
    expect(await mine()).toEqual([m.messageId]);
    await store.markMailed(t.ticketId, m.messageId, 'support', new Date(before));
    expect(await mine()).toEqual([]);
    expect((await store.getMessage(t.ticketId, m.messageId))?.mailTo).toEqual(['buyer', 'support']);
  });

  it('claims a message’s mail per recipient, once, with a lease', async () => {
    const store = make();
    const t = ticket();
    const m = firstMessage(t);
    await store.createTicket(t, m);
    const now = new Date(T0);

    const claims = await Promise.all(
      [1, 2, 3].map(() => store.claimMail(t.ticketId, m.messageId, 'buyer', now, 60_000)),
    );
    expect(claims.filter((c) => c === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c === 'busy')).toHaveLength(2);
    expect(await store.claimMail(t.ticketId, m.messageId, 'support', now, 60_000)).toBe('claimed');
    await store.releaseMail(t.ticketId, m.messageId, 'support');
    expect(await store.claimMail(t.ticketId, m.messageId, 'support', now, 60_000)).toBe('claimed');
    await store.markMailed(t.ticketId, m.messageId, 'buyer', now);
    expect(
      await store.claimMail(t.ticketId, m.messageId, 'buyer', new Date('2027-01-01'), 60_000),
    ).toBe('sent');
    // A lapsed lease (a crashed attempt) can be taken over.
    expect(
      await store.claimMail(t.ticketId, m.messageId, 'support', new Date('2027-01-01'), 60_000),
    ).toBe('claimed');
    expect(await store.listMessages(t.ticketId)).toEqual([m]);
  });
}

interface NumberingWorld {
  tickets: TicketsStore;
  counters: DocumentCounters;
  limits: RateLimiter;
}

function numberingContract(make: () => NumberingWorld) {
  it('numbers 20 tickets opened at once with 20 consecutive numbers, no gaps, none twice', async () => {
    const world = make();
    const before = (await world.counters.read(TICKET_SERIES)).last;
    const events = new RecordingEventPublisher();

    const opened = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        openTicket(
          {
            ...world,
            events,
            log: silent,
            now: () => new Date(T0),
            pauseAfterLostRace: () => new Promise((r) => setTimeout(r, 1 + Math.random() * 8)),
          },
          {
            email: `crowd${seq}-${i}@example.in`,
            name: 'Buyer',
            subject: `Question ${i}`,
            category: 'sales',
            message: 'Do you sell .in domains?',
            source: 'contact',
          },
        ),
      ),
    );

    const numbers = opened.map((t) => Number(t.number.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
    expect(opened.every((t) => /^TKT-\d{6}$/.test(t.number))).toBe(true);
    expect(await world.counters.read(TICKET_SERIES)).toEqual({
      series: TICKET_SERIES,
      last: before + 20,
    });
    expect(events.events.filter((e) => e.detailType === 'TicketCreated')).toHaveLength(20);
  }, 60_000);

  it('leaves no gap when an attempt crashes between reserving a number and writing it', async () => {
    const world = make();
    const crashed = ticket();
    await world.tickets.createTicket(crashed, firstMessage(crashed));
    const { last } = await world.counters.read(TICKET_SERIES);
    // The crashed attempt got as far as the reservation.
    await world.counters.reserve(
      TICKET_SERIES,
      last,
      { userId: TICKET_OWNER, purchaseId: crashed.ticketId },
      T0,
    );
    const next = ticket();
    await world.tickets.createTicket(next, firstMessage(next));

    const deps = { ...world, log: silent, pauseAfterLostRace: async () => {} };
    const number = await numberTicket(deps, next.ticketId, T0);

    expect((await world.tickets.getTicket(crashed.ticketId))?.ticketNumber).toBe(
      `TKT-${String(last + 1).padStart(6, '0')}`,
    );
    expect(number).toBe(`TKT-${String(last + 2).padStart(6, '0')}`);
    // A retry of a numbered ticket keeps its number and takes none.
    expect(await numberTicket(deps, next.ticketId, T0)).toBe(number);
    expect((await world.counters.read(TICKET_SERIES)).last).toBe(last + 2);
  });
}

describe('tickets store, in memory', () => storeContract(() => new InMemoryTicketsStore()));
describe('tickets store, DynamoDB on dynalite', () =>
  storeContract(() => new DynamoTicketsStore(db.client, db.table('tickets'))));

describe('ticket numbers, in memory', () => {
  const world = {
    tickets: new InMemoryTicketsStore(),
    counters: new InMemoryDocumentCounters(),
    limits: new InMemoryRateLimiter(),
  };
  numberingContract(() => world);
});
describe('ticket numbers, DynamoDB on dynalite', () =>
  numberingContract(() => ({
    tickets: new DynamoTicketsStore(db.client, db.table('tickets')),
    counters: new DynamoDocumentCounters(db.client, db.table('counters')),
    limits: new DynamoRateLimiter(db.client, db.table('limits')),
  })));
