/**
 * /forgot-password (docs/decisions.md D19): the email, Cognito's code with a new password, then
 * signed in. Every Cognito error reads as a sentence, and nothing tells whether an account exists.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, startMockApi } from '../support/api-server';
import {
  cognitoError,
  confirmResetPassword,
  resetAuthMock,
  resetPassword,
  signIn,
} from '../support/amplify-auth-mock';
import { currentLocation, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const TEXT = {
  codeSent: "If an account exists for that email, we've sent a code to it.",
  wrongCode: 'That code is not right. Please check the code in the email and try again.',
  expiredCode: 'That code has expired. Please ask for a new code.',
  weakPassword: 'Password must be at least 8 characters long.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

beforeEach(() => {
  resetAuthMock();
  server.use(
    http.get(`${API}/me/dashboard`, () =>
      HttpResponse.json({
        user: {
          id: 'u1',
          email: 'asha@example.in',
          name: 'Asha',
          phone: '',
          currentPlan: null,
          expiry: null,
        },
        services: [],
        payments: [],
      }),
    ),
  );
});

async function openForgotPassword(path = '/forgot-password') {
  renderApp(path);
  await screen.findByRole('heading', { name: 'Reset your password' });
  return userEvent.setup();
}

async function askForCode(user: ReturnType<typeof userEvent.setup>, email = 'asha@example.in') {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

async function enterCode(
  user: ReturnType<typeof userEvent.setup>,
  code = '123456',
  password = 'new-secret',
) {
  await user.type(await screen.findByLabelText('Code from the email'), code);
  await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('/login', () => {
  it('links to /forgot-password, keeping where the login was going to return to', async () => {
    renderApp('/login?redirect=%2Fcheckout%3Fplan%3Dbasicvps');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(currentLocation()).toBe('/forgot-password?redirect=%2Fcheckout%3Fplan%3Dbasicvps');
  });
});

describe('/forgot-password', () => {
  it('sends the code, sets the new password with it, signs in and opens the dashboard', async () => {
    const user = await openForgotPassword();

    await askForCode(user, ' asha@example.in ');

    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.codeSent);
    expect(resetPassword).toHaveBeenCalledWith({ username: 'asha@example.in' });

    await enterCode(user, '123 456', 'new-secret');

    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: 'asha@example.in',
      confirmationCode: '123456',
      newPassword: 'new-secret',
    });
    expect(signIn).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'asha@example.in', password: 'new-secret' }),
    );
  });

  it('returns where the login was going to, once signed in', async () => {
    const user = await openForgotPassword('/forgot-password?redirect=%2Fcontact');

    await askForCode(user);
    await enterCode(user);

    await waitFor(() => expect(currentLocation()).toBe('/contact'));
  });

  it('says the same for an email with no account, and goes on to the code step', async () => {
    resetPassword.mockRejectedValueOnce(cognitoError('UserNotFoundException', 'User not found.'));
    const user = await openForgotPassword();

    await askForCode(user, 'nobody@example.in');

    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.codeSent);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Code from the email')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/not found|no account|does not exist/i);
  });

  it.each([
    [
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
      TEXT.wrongCode,
    ],
    // An unknown email at this step reads as a wrong code, never as "no such account".
    ['UserNotFoundException', 'Username/client id combination not found.', TEXT.wrongCode],
    [
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
      TEXT.expiredCode,
    ],
    [
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
      TEXT.weakPassword,
    ],
    ['LimitExceededException', 'Attempt limit exceeded, please try after some time.', TEXT.tooMany],
    ['TooManyRequestsException', 'Too many requests', TEXT.tooMany],
    ['TooManyFailedAttemptsException', 'Too many failed attempts', TEXT.tooMany],
  ])('tells %s ("%s") in a sentence of its own', async (name, message, expected) => {
    confirmResetPassword.mockRejectedValueOnce(cognitoError(name, message));
    const user = await openForgotPassword();
    await askForCode(user);

    await enterCode(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(signIn).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/forgot-password');
  });

  it('says to wait when Cognito refuses to send more codes, and stays on the email step', async () => {
    resetPassword.mockRejectedValueOnce(
      cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    );
    const user = await openForgotPassword();

    await askForCode(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.tooMany);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('checks the email, the code and the password length before asking Cognito', async () => {
    const user = await openForgotPassword();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address.');
    await askForCode(user, 'asha-at-example.in');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address.');
    expect(resetPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email address'));
    await askForCode(user);
    await user.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the code from the email.',
    );
    await enterCode(user, '123456', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.weakPassword);
    expect(confirmResetPassword).not.toHaveBeenCalled();
  });

  it('sends a new code on request, with the same neutral message', async () => {
    const user = await openForgotPassword();
    await askForCode(user);
    await screen.findByLabelText('Code from the email');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      "We've sent a new code if an account exists for that email.",
    );
    expect(resetPassword).toHaveBeenCalledTimes(2);
  });

  it('says the password changed when signing in with it fails afterwards', async () => {
    signIn.mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const user = await openForgotPassword();
    await askForCode(user);

    await enterCode(user);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Please log in with your new password.',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
