/**
 * The profile on the local stack, driven from outside: GET and PUT /api/me/profile through the
 * gateway's JWT authorizer, the name and phone kept in step in cognito-local (the next ID token
 * carries them), a GSTIN of another state refused, and one user's token never reaching another's
 * profile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../lambdas/domain/gst';
import type { Profile } from '../../lambdas/domain/profile';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import { api, cognito, newUser, signIn, signUp, type TestUser } from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
}, 60_000);
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

const billing = {
  name: 'Verma Traders',
  line1: '12, MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  gstin: gstin('29AAPFU0939F1Z'),
};

async function signedUp(prefix: string): Promise<{ user: TestUser; token: string }> {
  const user = newUser(prefix);
  await signUp(stack, user);
  return { user, token: await signIn(stack, user) };
}

async function cognitoAttributes(email: string): Promise<Record<string, string>> {
  const answer = await cognito(stack, 'AdminGetUser', {
    UserPoolId: stack.config.userPoolId,
    Username: email,
  });
  const list = answer.UserAttributes as { Name: string; Value: string }[];
  return Object.fromEntries(list.map((a) => [a.Name, a.Value]));
}

describe('GET/PUT /api/me/profile on the local stack', () => {
  it('answers the profile from sign-up, then saves name, phone and billing in Cognito and the record', async () => {
    const { user, token } = await signedUp('profile');

    const before = await api<Profile>(stack, 'GET', '/api/me/profile', { token });
    expect(before).toMatchObject({
      status: 200,
      body: { email: user.email, name: user.name, phone: user.phone, billing: null },
    });

    const saved = await api<Profile>(stack, 'PUT', '/api/me/profile', {
      token,
      body: { name: 'Asha V. Verma', phone: '98765 43210', billing },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { email: user.email, name: 'Asha V. Verma', phone: '+919876543210', billing },
    });

    const after = await api<Profile>(stack, 'GET', '/api/me/profile', { token });
    expect(after.body).toEqual(saved.body);
    // Cognito holds the same name and phone (cognito-local's ID tokens carry neither: ask it).
    const attributes = await cognitoAttributes(user.email);
    expect(attributes).toMatchObject({ name: 'Asha V. Verma', phone_number: '+919876543210' });
    // And the dashboard, which reads the record, agrees.
    const dashboard = await api<{ user: { name: string; phone: string } }>(
      stack,
      'GET',
      '/api/me/dashboard',
      { token },
    );
    expect(dashboard.body.user).toMatchObject({ name: 'Asha V. Verma', phone: '+919876543210' });
  });

  it('refuses a GSTIN of another state with 400 invalid_gstin and keeps what was saved', async () => {
    const { token } = await signedUp('profile-gstin');
    await api(stack, 'PUT', '/api/me/profile', { token, body: { billing } });

    const refused = await api(stack, 'PUT', '/api/me/profile', {
      token,
      body: { billing: { ...billing, city: 'Mumbai', state: 'Maharashtra', pincode: '400001' } },
    });

    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid_gstin',
          message: 'This GSTIN is not valid for the selected state.',
        },
      },
    });
    expect((await api<Profile>(stack, 'GET', '/api/me/profile', { token })).body.billing).toEqual(
      billing,
    );
  });

  it('answers 400 validation_failed naming the fields to fix', async () => {
    const { token } = await signedUp('profile-invalid');

    const refused = await api(stack, 'PUT', '/api/me/profile', {
      token,
      body: { phone: '12345', billing: { ...billing, pincode: '0600' } },
    });

    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Please check these fields: Phone number, PIN code.',
        },
      },
    });
  });

  it("another user's token sees and changes only that user's own profile", async () => {
    const asha = await signedUp('profile-asha');
    const ravi = await signedUp('profile-ravi');
    await api(stack, 'PUT', '/api/me/profile', { token: asha.token, body: { billing } });

    const theirs = await api<Profile>(stack, 'GET', '/api/me/profile', { token: ravi.token });
    await api(stack, 'PUT', '/api/me/profile', { token: ravi.token, body: { name: 'Ravi K' } });

    expect(theirs.body).toMatchObject({ email: ravi.user.email, billing: null });
    expect(
      (await api<Profile>(stack, 'GET', '/api/me/profile', { token: asha.token })).body,
    ).toMatchObject({
      email: asha.user.email,
      name: asha.user.name,
      billing,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await api(stack, 'GET', '/api/me/profile')).status).toBe(401);
    expect((await api(stack, 'PUT', '/api/me/profile', { body: { name: 'X' } })).status).toBe(401);
  });
});
