/**
 * One contract for the contact form's stores, run against the in-memory fakes and the DynamoDB
 * adapters on dynalite, so the fakes the use-case specs rely on cannot drift from DynamoDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoMessagesStore } from '../../../lambdas/adapters/dynamodb/messages-table';
import { DynamoRateLimiter } from '../../../lambdas/adapters/dynamodb/rate-limits-table';
import type { ContactMessage, MessagesStore } from '../../../lambdas/ports/messages';
import type { RateLimiter } from '../../../lambdas/ports/rate-limits';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryMessagesStore, InMemoryRateLimiter } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
function message(createdAt: string): ContactMessage {
  seq += 1;
  return {
    messageId: `msg-${seq}`,
    name: 'Asha Verma',
    email: 'asha.verma@example.in',
    message: 'Hello',
    createdAt,
    expiresAt: 1_900_000_000,
  };
}

const at = (iso: string) => new Date(iso);

describe.each([
  ['in memory', () => new InMemoryMessagesStore() as MessagesStore],
  ['DynamoDB', () => new DynamoMessagesStore(db.client, db.table('messages')) as MessagesStore],
])('MessagesStore (%s)', (_name, make) => {
  it('refuses to store a message id twice', async () => {
    const store = make();
    const m = message('2026-11-22T01:00:00.000Z');
    await store.saveMessage(m);

    await expect(store.saveMessage(m)).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it('lists stored, unmailed messages received before a time, oldest first', async () => {
    const store = make();
    const older = message('2026-11-20T01:00:00.000Z');
    const newer = message('2026-11-20T02:00:00.000Z');
    const late = message('2026-11-20T05:00:00.000Z');
    for (const m of [newer, late, older]) await store.saveMessage(m);
    await store.claimMail(newer.messageId, at('2026-11-20T06:00:00.000Z'), 1000);
    await store.markMailed(newer.messageId, at('2026-11-20T06:00:00.000Z'));

    const pending = await store.listPendingMail(at('2026-11-20T04:00:00.000Z'), 100);

    expect(pending).toContain(older.messageId);
    expect(pending).not.toContain(newer.messageId);
    expect(pending).not.toContain(late.messageId);
  });

  it('claims a message once: a live claim is busy, a mailed one is sent, a lapsed one is taken over', async () => {
    const store = make();
    const m = message('2026-11-22T01:00:00.000Z');
    await store.saveMessage(m);
    const t0 = at('2026-11-22T02:00:00.000Z');

    expect(await store.claimMail(m.messageId, t0, 60_000)).toBe('claimed');
    expect(await store.claimMail(m.messageId, at('2026-11-22T02:00:30.000Z'), 60_000)).toBe('busy');
    expect(await store.claimMail(m.messageId, at('2026-11-22T02:01:01.000Z'), 60_000)).toBe(
      'claimed',
    );
    await store.markMailed(m.messageId, at('2026-11-22T02:01:02.000Z'));
    expect(await store.claimMail(m.messageId, at('2026-11-22T03:00:00.000Z'), 60_000)).toBe('sent');
    expect((await store.getMessage(m.messageId))?.mailedAt).toBe('2026-11-22T02:01:02.000Z');
  });

  it('lets the next attempt claim at once after a claim is released', async () => {
    const store = make();
    const m = message('2026-11-22T01:00:00.000Z');
    await store.saveMessage(m);
    const t0 = at('2026-11-22T02:00:00.000Z');
    await store.claimMail(m.messageId, t0, 60_000);

    await store.releaseMail(m.messageId);

    expect(await store.claimMail(m.messageId, t0, 60_000)).toBe('claimed');
  });

  it('throws when claiming a message that does not exist', async () => {
    await expect(
      make().claimMail('msg-none', at('2026-11-22T02:00:00.000Z'), 1000),
    ).rejects.toThrow();
  });
});

describe.each([
  ['in memory', () => new InMemoryRateLimiter() as RateLimiter],
  ['DynamoDB', () => new DynamoRateLimiter(db.client, db.table('limits')) as RateLimiter],
])('RateLimiter (%s)', (_name, make) => {
  const rule = { limit: 3, windowSeconds: 3600 };

  it('allows the limit in a window, refuses the next, and starts again in the next window', async () => {
    const limiter = make();
    const key = `k-${Math.random()}`;
    const t = at('2026-11-22T10:00:00.000Z');

    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => limiter.consume(key, rule, t)));
    const nextWindow = await limiter.consume(key, rule, at('2026-11-22T11:00:00.000Z'));

    expect(answers.filter(Boolean)).toHaveLength(3);
    expect(nextWindow).toBe(true);
  });

  it('counts a window to its last second and starts afresh at the next one', async () => {
    const limiter = make();
    const key = `k-${Math.random()}`;
    const first = at('2026-11-22T10:00:00.000Z');
    const last = at('2026-11-22T10:59:59.999Z');

    expect(await limiter.consume(key, rule, first)).toBe(true);
    expect(await limiter.consume(key, rule, at('2026-11-22T10:30:00.000Z'))).toBe(true);
    expect(await limiter.consume(key, rule, last)).toBe(true);
    expect(await limiter.consume(key, rule, last)).toBe(false);
    expect(await limiter.consume(key, rule, at('2026-11-22T11:00:00.000Z'))).toBe(true);
    expect(await limiter.consume(key, rule, at('2026-11-22T09:59:59.999Z'))).toBe(true);
  });

  it('lets exactly the limit through when many uses of one key race at a window edge', async () => {
    const limiter = make();
    const key = `k-${Math.random()}`;
    const wide = { limit: 7, windowSeconds: 60 };
    const t = at('2026-11-22T10:00:59.999Z');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => limiter.consume(key, wide, t)),
    );

    expect(answers.filter(Boolean)).toHaveLength(7);
  });

  it('counts keys apart', async () => {
    const limiter = make();
    const t = at('2026-11-22T10:00:00.000Z');
    for (let i = 0; i < 3; i += 1) await limiter.consume('a-key', rule, t);

    expect(await limiter.consume('b-key', rule, t)).toBe(true);
  });
});
