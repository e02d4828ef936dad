/**
 * The users store's profile changes, one contract run against the in-memory fake and the DynamoDB
 * adapter on dynalite, so the profile use case's specs rely on what DynamoDB really does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoUsersStore } from '../../../lambdas/adapters/dynamodb/users-table';
import type { BillingDetails } from '../../../lambdas/domain/gst';
import type { UsersStore } from '../../../lambdas/ports/users';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryUsersStore } from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

const AT = '2026-11-22T02:00:00.000Z';
let seq = 0;
const newUser = () => {
  seq += 1;
  return {
    userId: `user-${seq}`,
    email: `asha${seq}@example.in`,
    name: 'Asha Verma',
    phone: '+919876543210',
    createdAt: AT,
  };
};

const billing: BillingDetails = {
  name: 'Verma Traders',
  line1: '12, MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  gstin: '29AAPFU0939F1ZR',
};

describe.each([
  ['in memory', () => new InMemoryUsersStore() as UsersStore],
  ['DynamoDB', () => new DynamoUsersStore(db.client, db.table('users')) as UsersStore],
])('UsersStore.updateProfile (%s)', (_name, make) => {
  it('sets only the given fields and answers the record as stored', async () => {
    const store = make();
    const user = newUser();
    await store.createUserIfMissing(user);

    const stored = await store.updateProfile(user.userId, { phone: '+919812345678', billing }, AT);

    expect(stored).toEqual({ ...user, phone: '+919812345678', billing });
    expect(await store.getUser(user.userId)).toEqual(stored);
  });

  it('replaces the billing details whole (no old line 2 or GSTIN left behind) and null removes them', async () => {
    const store = make();
    const user = newUser();
    await store.createUserIfMissing(user);
    await store.updateProfile(user.userId, { billing: { ...billing, line2: 'Floor 2' } }, AT);

    const { gstin: _gstin, ...withoutGstin } = billing;
    const replaced = await store.updateProfile(user.userId, { billing: withoutGstin }, AT);
    const removed = await store.updateProfile(user.userId, { billing: null, name: 'Asha R' }, AT);

    expect(replaced?.billing).toEqual(withoutGstin);
    expect(removed).toEqual({ ...user, name: 'Asha R' });
  });

  it('keeps what a purchase set on the record', async () => {
    const store = make();
    const user = newUser();
    await store.applyPurchase({
      userId: user.userId,
      purchaseId: 'purchase-1',
      currentPlan: 'basichosting',
      expiry: '2027-11-22T02:00:00.000Z',
      email: user.email,
      name: user.name,
      at: AT,
    });

    const stored = await store.updateProfile(user.userId, { name: 'Asha R' }, AT);

    expect(stored).toMatchObject({ currentPlan: 'basichosting', name: 'Asha R' });
  });

  it('creates no record for a user it does not know', async () => {
    const store = make();

    expect(await store.updateProfile('nobody', { name: 'Asha' }, AT)).toBeUndefined();
    expect(await store.getUser('nobody')).toBeUndefined();
  });
});
