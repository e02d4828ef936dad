/**
 * Forgot password, locally as in AWS: Cognito mails its own reset code (worded by the store's
 * CustomMessage trigger) to the local mailbox, the code sets a new password, the old one stops
 * working and the new one signs in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  PASSWORD_RESET_CODE_SUBJECT,
  codeIn,
  cognito,
  eventually,
  mailbox,
  newUser,
  signIn,
  signUp,
} from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
});

describe('forgot password on the local stack', () => {
  it('mails a reset code to the local mailbox; the code sets a new password', async () => {
    const user = newUser('reset');
    await signUp(stack, user);

    await cognito(stack, 'ForgotPassword', {
      ClientId: stack.config.userPoolClientId,
      Username: user.email,
    });
    const [mail] = await eventually(async () => {
      const mails = (await mailbox(stack, user.email)).filter(
        (m) => m.subject === PASSWORD_RESET_CODE_SUBJECT,
      );
      return mails.length ? mails : undefined;
    }, 'the reset code in the local mailbox');

    expect(mail?.subject).toBe('Your password reset code');
    expect(mail?.body.html).toContain('reset the password');
    const code = mail ? codeIn(mail) : undefined;
    expect(code).toMatch(/^\d{6}$/);

    const newPassword = `new-${user.password}`;
    await cognito(stack, 'ConfirmForgotPassword', {
      ClientId: stack.config.userPoolClientId,
      Username: user.email,
      ConfirmationCode: code,
      Password: newPassword,
    });

    await expect(signIn(stack, { email: user.email, password: newPassword })).resolves.toMatch(
      /^ey/,
    );
    await expect(signIn(stack, user)).rejects.toThrow();
  });

  it('refuses a wrong code and keeps the old password', async () => {
    const user = newUser('reset-wrong');
    await signUp(stack, user);
    await cognito(stack, 'ForgotPassword', {
      ClientId: stack.config.userPoolClientId,
      Username: user.email,
    });

    await expect(
      cognito(stack, 'ConfirmForgotPassword', {
        ClientId: stack.config.userPoolClientId,
        Username: user.email,
        ConfirmationCode: '000000',
        Password: 'another-password',
      }),
    ).rejects.toThrow(/CodeMismatch/);
    await expect(signIn(stack, user)).resolves.toMatch(/^ey/);
  });
});
