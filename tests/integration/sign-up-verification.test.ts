/**
 * Sign-up verifies the email (D28), locally as in AWS: Cognito mails a code (worded by the store's
 * CustomMessage trigger) to the local mailbox; the account cannot sign in until the code confirms
 * it; a new code can be asked for (ResendConfirmationCode, which the stand-in adds to
 * cognito-local); the confirmed account's email is verified and its users record is written. And
 * no answer of the stand-in says whether an email has an account, as Cognito's with
 * PreventUserExistenceErrors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  SIGN_UP_CODE_SUBJECT,
  accountCode,
  api,
  cognito,
  mailbox,
  newUser,
  signIn,
  signUp,
  signUpUnconfirmed,
} from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
});

const clientId = () => stack.config.userPoolClientId;

describe('sign-up with a code mailed to the address', () => {
  it('mails a code in the store layout; nobody signs in before it confirms the account', async () => {
    const user = newUser('verify');
    const { confirmed } = await signUpUnconfirmed(stack, user);
    expect(confirmed).toBe(false);

    const code = await accountCode(stack, user.email, SIGN_UP_CODE_SUBJECT);
    const [mail] = (await mailbox(stack, user.email)).filter(
      (m) => m.subject === SIGN_UP_CODE_SUBJECT,
    );
    expect(mail?.body.text).toContain('Hello Asha Verma,');
    expect(mail?.body.text).toContain(code);
    expect(mail?.body.text).not.toContain(user.password);
    await expect(signIn(stack, user)).rejects.toThrow(/UserNotConfirmedException/);

    await expect(
      cognito(stack, 'ConfirmSignUp', {
        ClientId: clientId(),
        Username: user.email,
        ConfirmationCode: code === '000000' ? '111111' : '000000',
      }),
    ).rejects.toThrow(/CodeMismatchException/);

    await cognito(stack, 'ConfirmSignUp', {
      ClientId: clientId(),
      Username: user.email,
      ConfirmationCode: code,
    });
    const token = await signIn(stack, user);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(String(claims.email_verified)).toBe('true');
    const board = await api(stack, 'GET', '/api/me/dashboard', { token });
    expect(board.status).toBe(200);
  });

  it('sends a new code on request; the new one confirms the account', async () => {
    const user = newUser('resend');
    await signUpUnconfirmed(stack, user);
    await accountCode(stack, user.email, SIGN_UP_CODE_SUBJECT);
    const first = (await mailbox(stack, user.email)).map((m) => m.messageId);

    const answer = await cognito(stack, 'ResendConfirmationCode', {
      ClientId: clientId(),
      Username: user.email,
    });
    expect(answer.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL' });
    const code = await accountCode(stack, user.email, SIGN_UP_CODE_SUBJECT, first);

    await cognito(stack, 'ConfirmSignUp', {
      ClientId: clientId(),
      Username: user.email,
      ConfirmationCode: code,
    });
    await expect(signIn(stack, user)).resolves.toMatch(/^ey/);

    // Once confirmed there is nothing to resend (AWS: InvalidParameterException).
    await expect(
      cognito(stack, 'ResendConfirmationCode', { ClientId: clientId(), Username: user.email }),
    ).rejects.toThrow(/InvalidParameterException/);
  });

  it('answers a resend for an unknown email as if it sent a code, and mails nobody', async () => {
    const email = newUser('nobody').email;
    const answer = await cognito(stack, 'ResendConfirmationCode', {
      ClientId: clientId(),
      Username: email,
    });
    expect(answer.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL' });
    expect(await mailbox(stack, email)).toEqual([]);
  });
});

describe('no answer says whether an email has an account (D28)', () => {
  const failure = async (operation: string, body: unknown) => {
    try {
      await cognito(stack, operation, body);
      return 'succeeded';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('sign-in fails the same for a wrong password and an unknown email', async () => {
    const user = newUser('enum');
    await signUp(stack, user);
    const attempt = (email: string) =>
      failure('InitiateAuth', {
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: `${user.password}-wrong` },
      });

    const known = await attempt(user.email);
    expect(known).toMatch(/NotAuthorizedException Incorrect username or password\./);
    expect(await attempt(newUser('enum-nobody').email)).toBe(known);
  });

  it('a password reset answers the same for an unknown email, and its code step too', async () => {
    const user = newUser('enum-reset');
    await signUp(stack, user);
    const ask = (email: string) =>
      cognito(stack, 'ForgotPassword', { ClientId: clientId(), Username: email });
    const known = await ask(user.email);
    const nobody = newUser('enum-reset-nobody').email;
    const unknown = await ask(nobody);
    expect(Object.keys(unknown)).toEqual(Object.keys(known));
    expect(unknown.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL' });

    const confirm = (email: string) =>
      failure('ConfirmForgotPassword', {
        ClientId: clientId(),
        Username: email,
        ConfirmationCode: '000000',
        Password: 'another-password',
      });
    const wrongCode = await confirm(user.email);
    expect(wrongCode).toMatch(/CodeMismatchException/);
    expect(await confirm(nobody)).toBe(wrongCode);
  });

  it('a sign-up code for an unknown email reads like a wrong code', async () => {
    const user = newUser('enum-code');
    await signUpUnconfirmed(stack, user);
    const confirm = (email: string) =>
      failure('ConfirmSignUp', {
        ClientId: clientId(),
        Username: email,
        ConfirmationCode: '000000',
      });
    const wrongCode = await confirm(user.email);
    expect(wrongCode).toMatch(/CodeMismatchException/);
    expect(await confirm(newUser('enum-code-nobody').email)).toBe(wrongCode);
  });
});
