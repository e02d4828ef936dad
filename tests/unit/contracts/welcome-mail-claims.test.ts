/**
 * One contract for the welcome-mail claim, run against the in-memory fake the use-case specs use
 * and the DynamoDB adapter on dynalite, so the fake cannot drift from DynamoDB's conditions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoWelcomeMailClaims } from '../../../lambdas/adapters/dynamodb/idempotency-table';
import type { WelcomeMailClaims } from '../../../lambdas/ports/idempotency';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryWelcomeMailClaims } from '../../helpers/fakes/stores';

const LEASE_MS = 60_000;
const T0 = new Date('2026-11-22T02:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
const purchase = () => {
  seq += 1;
  return `pur_pay_contract${seq}`;
};

describe.each([
  ['in memory', () => new InMemoryWelcomeMailClaims(LEASE_MS) as WelcomeMailClaims],
  [
    'DynamoDB',
    () =>
      new DynamoWelcomeMailClaims(
        db.client,
        db.table('idempotency'),
        LEASE_MS,
      ) as WelcomeMailClaims,
  ],
])('WelcomeMailClaims (%s)', (_name, make) => {
  it('gives the claim to one of many simultaneous deliveries and names it to the others', async () => {
    const claims = make();
    const id = purchase();

    const results = await Promise.all(
      ['evt-a', 'evt-b', 'evt-c', 'evt-d'].map((delivery) => claims.claim(id, delivery, T0)),
    );

    const winners = results.filter((r) => r.state === 'claimed');
    expect(winners).toHaveLength(1);
    const winner = ['evt-a', 'evt-b', 'evt-c', 'evt-d'][results.indexOf(winners[0]!)];
    for (const result of results.filter((r) => r.state !== 'claimed')) {
      expect(result).toEqual({ state: 'held', heldBy: winner });
    }
  });

  it('answers sent for good once completed, even long after the lease', async () => {
    const claims = make();
    const id = purchase();
    const first = await claims.claim(id, 'evt-a', T0);
    if (first.state !== 'claimed') throw new Error('expected the first claim to win');

    await claims.complete(id, first.token, later(1000));

    expect(await claims.claim(id, 'evt-b', later(2000))).toEqual({ state: 'sent' });
    expect(await claims.claim(id, 'evt-a', later(10 * LEASE_MS))).toEqual({ state: 'sent' });
  });

  it('lets a claim be taken over only after its lease, by any delivery', async () => {
    const claims = make();
    const id = purchase();
    await claims.claim(id, 'evt-a', T0); // the attempt that crashed

    const withinLease = await claims.claim(id, 'evt-a', later(LEASE_MS - 1000));
    const afterLease = await claims.claim(id, 'evt-b', later(LEASE_MS + 1000));

    expect(withinLease).toEqual({ state: 'held', heldBy: 'evt-a' });
    expect(afterLease.state).toBe('claimed');
    expect(await claims.claim(id, 'evt-a', later(LEASE_MS + 2000))).toEqual({
      state: 'held',
      heldBy: 'evt-b',
    });
  });

  it('is released only by its holder, and a released claim is free at once', async () => {
    const claims = make();
    const id = purchase();
    const first = await claims.claim(id, 'evt-a', T0);
    if (first.state !== 'claimed') throw new Error('expected the first claim to win');

    await claims.release(id, 'someone-elses-token');
    expect((await claims.claim(id, 'evt-b', T0)).state).toBe('held');

    await claims.release(id, first.token);
    expect((await claims.claim(id, 'evt-b', T0)).state).toBe('claimed');
  });

  it('refuses to complete with a token that does not hold the claim', async () => {
    const claims = make();
    const id = purchase();
    await claims.claim(id, 'evt-a', T0);

    await expect(claims.complete(id, 'not-the-token', T0)).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });
});
