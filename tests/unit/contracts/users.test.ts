/**
 * One contract for the users port, run against the in-memory fake and the DynamoDB adapter on
 * dynalite: a record made once, a purchase applied once, an expiry that only moves forward, and
 * many records read at once (the renewal job's buyers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoUsersStore } from '../../../lambdas/adapters/dynamodb/users-table';
import type { PurchaseApplication, UsersStore } from '../../../lambdas/ports/users';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryUsersStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
const newUserId = () => {
  seq += 1;
  return `5f0c8b2e-6a1d-4c3e-9b7a-${String(seq).padStart(12, '0')}`;
};
const claims = (userId: string) => ({
  userId,
  email: 'asha.verma@example.in',
  name: 'Asha Verma',
  phone: '+919876543210',
  createdAt: '2026-11-22T01:00:00.000Z',
});
const application = (userId: string, overrides: Partial<PurchaseApplication> = {}) => ({
  userId,
  purchaseId: 'pur_pay_First',
  currentPlan: 'basichosting',
  expiry: '2027-11-22T02:00:00.000Z',
  email: 'asha.verma@example.in',
  name: 'Asha Verma',
  at: '2026-11-22T02:00:00.000Z',
  ...overrides,
});

function usersContract(make: () => UsersStore) {
  it('makes a missing record once and returns the stored one after that', async () => {
    const store = make();
    const userId = newUserId();

    const missing = await store.getUser(userId);
    const created = await store.createUserIfMissing(claims(userId));
    const again = await store.createUserIfMissing({ ...claims(userId), name: 'Someone Else' });

    expect(missing).toBeUndefined();
    expect(created).toEqual(claims(userId));
    expect(again).toEqual(claims(userId));
    expect(await store.getUser(userId)).toEqual(claims(userId));
  });

  it("finds a buyer by phone, and pages through every buyer without repeating one (the console's list)", async () => {
    const store = make();
    const ids = [newUserId(), newUserId(), newUserId()];
    const phone = `+9190000${String(Date.now()).slice(-5)}`;
    for (const userId of ids) await store.createUserIfMissing({ ...claims(userId), phone });

    const found = await store.findUsersByPhone(phone);
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 100; pages += 1) {
      const page = await store.listUsersPage(2, after);
      expect(page.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.users.map((u) => u.userId));
      if (!page.next) break;
      after = page.next;
    }

    expect(found.map((u) => u.userId).sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
  });

  it('makes one record when callers race to make it', async () => {
    const store = make();
    const userId = newUserId();

    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) => store.createUserIfMissing({ ...claims(userId), name })),
    );

    const stored = await store.getUser(userId);
    for (const result of results) expect(result).toEqual(stored);
  });

  it('applies a purchase once, making the record from the purchase when there is none', async () => {
    const store = make();
    const userId = newUserId();

    expect(await store.applyPurchase(application(userId))).toBe(true);
    expect(
      await store.applyPurchase(application(userId, { expiry: '2030-01-01T00:00:00.000Z' })),
    ).toBe(false);

    expect(await store.getUser(userId)).toEqual({
      userId,
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
      phone: '',
      createdAt: '2026-11-22T02:00:00.000Z',
      currentPlan: 'basichosting',
      expiry: '2027-11-22T02:00:00.000Z',
    });
  });

  it('keeps the profile of an existing record when applying a purchase', async () => {
    const store = make();
    const userId = newUserId();
    await store.createUserIfMissing(claims(userId));

    await store.applyPurchase(application(userId, { email: 'other@example.in', name: 'Other' }));

    expect(await store.getUser(userId)).toMatchObject({
      ...claims(userId),
      currentPlan: 'basichosting',
    });
  });

  it('never moves expiry back: a late retry of an older purchase changes nothing', async () => {
    const store = make();
    const userId = newUserId();
    await store.applyPurchase(
      application(userId, {
        purchaseId: 'pur_pay_Renewal',
        currentPlan: 'basichosting',
        expiry: '2028-11-22T02:00:00.000Z',
      }),
    );

    const applied = await store.applyPurchase(
      application(userId, {
        purchaseId: 'pur_pay_Older',
        currentPlan: 'basicvps',
        expiry: '2027-11-22T02:00:00.000Z',
      }),
    );

    expect(applied).toBe(false);
    expect(await store.getUser(userId)).toMatchObject({
      currentPlan: 'basichosting',
      expiry: '2028-11-22T02:00:00.000Z',
    });
  });

  it('moves currentPlan and expiry forward to a later or equal expiry', async () => {
    const store = make();
    const userId = newUserId();
    await store.applyPurchase(application(userId));

    const later = await store.applyPurchase(
      application(userId, {
        purchaseId: 'pur_pay_Later',
        currentPlan: 'premiumvps',
        expiry: '2028-01-01T00:00:00.000Z',
      }),
    );
    const equal = await store.applyPurchase(
      application(userId, {
        purchaseId: 'pur_pay_Equal',
        currentPlan: 'basicstorage',
        expiry: '2028-01-01T00:00:00.000Z',
      }),
    );

    expect([later, equal]).toEqual([true, true]);
    expect(await store.getUser(userId)).toMatchObject({
      currentPlan: 'basicstorage',
      expiry: '2028-01-01T00:00:00.000Z',
    });
  });

  it('ends at the latest expiry whatever order simultaneous purchases land in', async () => {
    const store = make();
    const userId = newUserId();
    const expiries = ['2027-03-01', '2029-03-01', '2027-09-01', '2028-03-01'];

    await Promise.all(
      expiries.map((day, i) =>
        store.applyPurchase(
          application(userId, { purchaseId: `pur_pay_${i}`, expiry: `${day}T00:00:00.000Z` }),
        ),
      ),
    );

    expect((await store.getUser(userId))?.expiry).toBe('2029-03-01T00:00:00.000Z');
  });

  it('reads many buyers at once: each once, as getUser reads them, those with no record absent', async () => {
    const store = make();
    const userIds = Array.from({ length: 130 }, () => newUserId());
    for (const userId of userIds) await store.createUserIfMissing(claims(userId));
    await store.applyPurchase(application(userIds[0]!));
    const missing = newUserId();

    const found = await store.getUsers([...userIds, userIds[0]!, userIds[129]!, missing]);

    expect([...found.keys()].sort()).toEqual([...userIds].sort());
    expect(found.get(userIds[0]!)).toEqual(await store.getUser(userIds[0]!));
    expect(found.get(userIds[129]!)).toEqual(claims(userIds[129]!));
    expect(found.has(missing)).toBe(false);
  });

  it('answers an empty map for no ids', async () => {
    const store = make();

    expect(await store.getUsers([])).toEqual(new Map());
  });

  it('changes the email only from the one it still holds, and keeps the rest', async () => {
    const store = make();
    const userId = newUserId();
    await store.createUserIfMissing(claims(userId));

    const stale = await store.changeEmail(userId, 'someone@example.in', 'x@example.in', 'T1');
    const changed = await store.changeEmail(
      userId,
      'asha.verma@example.in',
      'asha@verma.example.in',
      '2026-11-23T00:00:00.000Z',
    );
    const missing = await store.changeEmail(newUserId(), 'a@example.in', 'b@example.in', 'T1');

    expect(stale).toBeUndefined();
    expect(missing).toBeUndefined();
    expect(changed).toMatchObject({ email: 'asha@verma.example.in', name: 'Asha Verma' });
    expect((await store.getUser(userId))?.email).toBe('asha@verma.example.in');
    expect(await store.findUsersByEmail('asha@verma.example.in')).toHaveLength(1);
  });

  it('deletes a record with its personal data, and deleting it again does nothing', async () => {
    const store = make();
    const userId = newUserId();
    await store.createUserIfMissing(claims(userId));

    await store.deleteUser(userId);
    await store.deleteUser(userId);

    expect(await store.getUser(userId)).toBeUndefined();
    expect((await store.getUsers([userId])).size).toBe(0);
  });

  it('finds records by the start of a name, in any case and spacing, and follows a changed name', async () => {
    const store = make();
    const asha = newUserId();
    const ashok = newUserId();
    await store.createUserIfMissing({ ...claims(asha), name: 'Quîllon  Verma' });
    await store.createUserIfMissing({
      ...claims(ashok),
      name: 'Quillmore Rao',
      email: 'ashok@example.in',
    });

    const ids = async (prefix: string) =>
      (await store.findUsersByNamePrefix(prefix, 10))
        .map((u) => u.userId)
        .filter((id) => id === asha || id === ashok);

    expect(await ids('QUILL')).toEqual([ashok, asha]);
    expect(await ids('quillon v')).toEqual([asha]);
    expect(await ids('q')).toEqual([]);
    await store.updateProfile(ashok, { name: 'Bhavna Rao' }, '2026-11-23T00:00:00.000Z');
    expect(await ids('quill')).toEqual([asha]);
    expect((await store.findUsersByNamePrefix('bhav', 10)).map((u) => u.userId)).toContain(ashok);
  });
}

describe('UsersStore (in memory)', () => usersContract(() => new InMemoryUsersStore()));
describe('UsersStore (DynamoDB on dynalite)', () =>
  usersContract(() => new DynamoUsersStore(db.client, db.table('users'))));
