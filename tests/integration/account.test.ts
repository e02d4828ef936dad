/**
 * The account itself against the local stack (D28): a new sign-in email counts only once the code
 * mailed to it is entered (the old one signs in until then), the API then moves the record to it
 * and tells the old address; deleting the account is refused while a service is live, and
 * otherwise removes the sign-in and the record, mailing the buyer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_CODE_SUBJECT } from '../../lambdas/templates/mail/account-code';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  accountCode,
  api,
  cognito,
  eventually,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
});

async function accessToken(email: string, password: string): Promise<string> {
  const answer = await cognito(stack, 'InitiateAuth', {
    ClientId: stack.config.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return (answer.AuthenticationResult as { AccessToken: string }).AccessToken;
}

describe('changing the sign-in email', () => {
  it('mails the code to the new address, keeps the old sign-in until it is entered, then moves the record', async () => {
    const user = newUser('moving');
    const next = newUser('moved').email;
    await signUp(stack, user);
    const before = await signIn(stack, user);
    await api(stack, 'GET', '/api/me/profile', { token: before });

    await cognito(stack, 'UpdateUserAttributes', {
      AccessToken: await accessToken(user.email, user.password),
      UserAttributes: [{ Name: 'email', Value: next }],
    });
    const code = await accountCode(stack, next, EMAIL_CHANGE_CODE_SUBJECT);
    // Not confirmed yet: the old address still signs in, and the record keeps it.
    const stillOld = await signIn(stack, user);
    expect(
      (await api<{ email: string }>(stack, 'POST', '/api/me/email', { token: stillOld })).body,
    ).toMatchObject({ email: user.email });

    await cognito(stack, 'VerifyUserAttribute', {
      AccessToken: await accessToken(user.email, user.password),
      AttributeName: 'email',
      Code: code,
    });
    const after = await signIn(stack, { email: next, password: user.password });
    const synced = await api<{ email: string }>(stack, 'POST', '/api/me/email', { token: after });

    expect(synced.status).toBe(200);
    expect(synced.body.email).toBe(next);
    expect(
      (await api<{ email: string }>(stack, 'GET', '/api/me/profile', { token: after })).body.email,
    ).toBe(next);
    const notice = await eventually(
      async () =>
        (await mailbox(stack, user.email)).find(
          (m) => m.subject === 'Your sign-in email was changed',
        ),
      'the notice to the old address',
    );
    expect(notice.body.text).toContain(next);
    await expect(signIn(stack, user)).rejects.toThrow(/NotAuthorizedException/);
  });
});

describe('deleting the account', () => {
  it('is refused while a service is live, naming it', async () => {
    const user = newUser('keeper');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const order = await placeOrder(stack, token, { planId: 'basicstorage', months: 12 });
    await payOrder(stack, order.body.orderId, 'success');
    await eventually(async () => {
      const board = await api<{ services: unknown[] }>(stack, 'GET', '/api/me/dashboard', {
        token,
      });
      return board.body.services.length > 0 ? true : undefined;
    }, 'the paid service');

    const refused = await api(stack, 'POST', '/api/me/account/delete', {
      token,
      body: { confirmEmail: user.email },
    });

    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: 'services_active', message: expect.stringContaining('Basic Storage') },
    });
    await expect(signIn(stack, user)).resolves.toBeTruthy();
  });

  it('deletes the sign-in and the record of an account with nothing live, and mails the buyer', async () => {
    const user = newUser('leaver');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    await api(stack, 'PUT', '/api/me/profile', { token, body: { name: 'Leela Leaver' } });

    const deleted = await api(stack, 'POST', '/api/me/account/delete', {
      token,
      body: { confirmEmail: user.email },
    });

    expect(deleted.status).toBe(200);
    await expect(signIn(stack, user)).rejects.toThrow(/NotAuthorizedException/);
    const mail = await eventually(
      async () =>
        (await mailbox(stack, user.email)).find((m) => m.subject === 'Your account is deleted'),
      'the deletion mail',
    );
    expect(mail.body.text).toContain('Hello Leela Leaver');
  });
});
