import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gstinCheckCharacter, InvalidGstinError } from '../../../../lambdas/domain/gst';
import { ProfileValidationError, type BillingDetails } from '../../../../lambdas/domain/profile';
import { getProfile, updateProfile, type ProfileDeps } from '../../../../lambdas/use-cases/profile';
import { FakeIdentityDirectory } from '../../../helpers/fakes/identity';
import { InMemoryUsersStore } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';

const gstin = (() => {
  const first14 = '29AAPFU0939F1Z';
  return first14 + gstinCheckCharacter(first14);
})();

const billing: BillingDetails = {
  name: 'Verma Traders',
  line1: '12, MG Road',
  line2: 'Shanthala Nagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  gstin,
};

let users: InMemoryUsersStore;
let identity: FakeIdentityDirectory;
let deps: ProfileDeps;
beforeEach(() => {
  users = new InMemoryUsersStore();
  identity = new FakeIdentityDirectory();
  deps = { users, identity, now: () => new Date('2026-11-22T02:00:00.000Z') };
});

describe('getProfile', () => {
  it("answers the caller's profile, with no billing details until they are given", async () => {
    const profile = await getProfile(deps, BUYER);

    expect(profile).toEqual({
      email: BUYER.email,
      name: BUYER.name,
      phone: BUYER.phone,
      billing: null,
    });
    expect(users.items.get(BUYER.userId)).toMatchObject({ createdAt: '2026-11-22T02:00:00.000Z' });
  });
});

describe('updateProfile', () => {
  it('keeps name and phone in step in Cognito and the record, and stores the billing details', async () => {
    const profile = await updateProfile(deps, BUYER, {
      name: 'Asha V. Verma',
      phone: '98123 45678',
      billing,
    });

    expect(profile).toEqual({
      email: BUYER.email,
      name: 'Asha V. Verma',
      phone: '+919812345678',
      billing,
    });
    expect(identity.attributes.get(BUYER.userId)).toEqual({
      name: 'Asha V. Verma',
      phone: '+919812345678',
    });
    expect(await getProfile(deps, BUYER)).toEqual(profile);
  });

  it('asks Cognito only for what changed (a phone it is given is marked unverified again)', async () => {
    await updateProfile(deps, BUYER, { name: BUYER.name, phone: BUYER.phone, billing });

    expect(identity.calls).toEqual([]);

    await updateProfile(deps, BUYER, { name: 'Asha Verma-Rao', phone: BUYER.phone });

    expect(identity.calls).toEqual([
      { userId: BUYER.userId, attributes: { name: 'Asha Verma-Rao' } },
    ]);
    expect((await getProfile(deps, BUYER)).billing).toEqual(billing);
  });

  it('removes the billing details on billing: null', async () => {
    await updateProfile(deps, BUYER, { billing });

    const profile = await updateProfile(deps, BUYER, { billing: null });

    expect(profile.billing).toBeNull();
  });

  it('writes nothing anywhere when a field is wrong', async () => {
    await expect(
      updateProfile(deps, BUYER, { name: 'Asha', phone: '12345', billing }),
    ).rejects.toThrow(ProfileValidationError);

    expect(identity.calls).toEqual([]);
    expect(users.items.size).toBe(0);
  });

  it('refuses a GSTIN of another state and keeps the old details', async () => {
    await updateProfile(deps, BUYER, { billing });

    await expect(
      updateProfile(deps, BUYER, { name: 'Asha R', billing: { ...billing, state: 'Kerala' } }),
    ).rejects.toThrow(new InvalidGstinError('state'));

    expect((await getProfile(deps, BUYER)).billing).toEqual(billing);
    expect(identity.calls).toEqual([]);
  });

  it('changes nothing in the record when Cognito refuses the change', async () => {
    identity.failures.push(Object.assign(new Error('down'), { name: 'InternalErrorException' }));

    await expect(updateProfile(deps, BUYER, { name: 'Asha R', billing })).rejects.toThrow('down');

    expect(await getProfile(deps, BUYER)).toMatchObject({ name: BUYER.name, billing: null });
  });

  it('fails when the record write fails after Cognito took the change, and the retry makes both agree', async () => {
    const write = vi
      .spyOn(users, 'updateProfile')
      .mockRejectedValueOnce(new Error('ProvisionedThroughputExceededException'));

    await expect(updateProfile(deps, BUYER, { phone: '9812345678' })).rejects.toThrow(
      'ProvisionedThroughputExceededException',
    );
    expect(identity.attributes.get(BUYER.userId)).toEqual({ phone: '+919812345678' });
    expect((await getProfile(deps, BUYER)).phone).toBe(BUYER.phone);

    const retried = await updateProfile(deps, BUYER, { phone: '9812345678' });

    expect(write).toHaveBeenCalledTimes(2);
    expect(retried.phone).toBe('+919812345678');
    expect(identity.attributes.get(BUYER.userId)?.phone).toBe(retried.phone);
  });
});
