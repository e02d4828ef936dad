import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, startMockApi } from '../support/api-server';
import {
  cognitoError,
  confirmSignUp,
  resendSignUpCode,
  resetAuthMock,
  setSignedInUser,
  signIn,
  signUp,
} from '../support/amplify-auth-mock';
import { currentLocation, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

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

async function openLogin(path = '/login') {
  renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome back' });
  return userEvent.setup();
}

async function openSignup(path = '/signup') {
  renderApp(path);
  await screen.findByRole('heading', { name: 'Create your account' });
  return userEvent.setup();
}

async function fillSignup(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'name' | 'email' | 'phone' | 'password', string>>,
) {
  const labels = {
    name: 'Full name',
    email: 'Email address',
    phone: 'Phone number',
    password: 'Password',
  };
  for (const [key, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(labels[key as keyof typeof labels]), value);
  }
}

const validSignup = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '98765 43210',
  password: 'secret12',
};

describe('/login', () => {
  it("requires both fields: 'Email and password are required.'", async () => {
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email and password are required.');
    expect(signIn).not.toHaveBeenCalled();
  });

  it("rejects a malformed email: 'Invalid email address.'", async () => {
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'asha.example.in');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email address.');
  });

  it('signs in with USER_PASSWORD_AUTH, shows busy text, and goes to /dashboard by default', async () => {
    let finish = () => {};
    signIn.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
        }),
    );
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(signIn).toHaveBeenCalledWith({
      username: 'asha@example.in',
      password: 'secret1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    finish();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it('returns to ?redirect= after login, but never to another site', async () => {
    setSignedInUser(null);
    const user = await openLogin('/login?redirect=%2Fcheckout%3Fplan%3Dbasicvps');
    await user.type(screen.getByLabelText('Email address'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/checkout?plan=basicvps'));
  });

  it('ignores an off-site redirect', async () => {
    const user = await openLogin('/login?redirect=%2F%2Fevil.example');
    await user.type(screen.getByLabelText('Email address'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it.each([
    // Whether the email has an account never shows (D28): every one of these reads the same.
    [
      'UserNotFoundException',
      'User does not exist.',
      'Invalid email or password. Please check your credentials.',
    ],
    [
      'NotAuthorizedException',
      'User not authorized',
      'Invalid email or password. Please check your credentials.',
    ],
    [
      'InvalidPasswordException',
      'Incorrect password',
      'Invalid email or password. Please check your credentials.',
    ],
    [
      'NotAuthorizedException',
      'Incorrect username or password.',
      'Invalid email or password. Please check your credentials.',
    ],
    [
      'NotAuthorizedException',
      'User is disabled.',
      'This account has been disabled. Please contact support.',
    ],
    [
      'NotAuthorizedException',
      'Password attempts exceeded',
      'Too many failed login attempts. Please try again later.',
    ],
    [
      'LimitExceededException',
      'Attempt limit exceeded',
      'Too many failed login attempts. Please try again later.',
    ],
    [
      'TooManyRequestsException',
      'Too many requests',
      'Too many failed login attempts. Please try again later.',
    ],
    ['InvalidParameterException', 'Invalid email address format.', 'Invalid email address.'],
    ['InternalErrorException', 'boom', 'Failed to login. Please try again.'],
  ])('shows %s (%s) as “%s” and lets the user try again', async (name, message, shown) => {
    signIn.mockRejectedValue(cognitoError(name, message));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(currentLocation()).toBe('/login');
  });

  it('asks an account not yet confirmed for a new code, then signs in and goes on', async () => {
    signIn.mockResolvedValueOnce({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
    const user = await openLogin('/login?redirect=%2Fcheckout%3Fplan%3Dbasicvps');
    await user.type(screen.getByLabelText('Email address'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Confirm your email' });
    expect(resendSignUpCode).toHaveBeenCalledWith({ username: 'asha@example.in' });
    expect(screen.getByRole('status')).toHaveTextContent(
      "Your email is not confirmed yet. We've sent a new code to asha@example.in.",
    );
    await user.type(screen.getByLabelText('Verification code'), '654321');
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    await waitFor(() => expect(currentLocation()).toBe('/checkout?plan=basicvps'));
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it('links to signup, keeping where to return', async () => {
    await openLogin('/login?redirect=%2Fcheckout%3Fplan%3Dbasicvps');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Fcheckout%3Fplan%3Dbasicvps',
    );
  });
});

describe('/signup', () => {
  it("requires all four fields: 'All fields are required.'", async () => {
    const user = await openSignup();
    await fillSignup(user, { ...validSignup, phone: '' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required.');
    expect(signUp).not.toHaveBeenCalled();
  });

  it("requires 8 characters of password: 'Password must be at least 8 characters long.'", async () => {
    const user = await openSignup();
    await fillSignup(user, { ...validSignup, password: 'abc12' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long.',
    );
    expect(signUp).not.toHaveBeenCalled();
  });

  it('creates the account (phone in E.164 with +91), asks for the mailed code, then signs in and returns to the checkout', async () => {
    let finish = () => {};
    signUp.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
        }),
    );
    const user = await openSignup('/signup?redirect=%2Fcheckout%3Fplan%3Dbasichosting');
    await fillSignup(user, validSignup);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(signUp).toHaveBeenCalledWith({
      username: 'asha@example.in',
      password: 'secret12',
      options: {
        userAttributes: {
          email: 'asha@example.in',
          name: 'Asha Rao',
          phone_number: '+919876543210',
        },
      },
    });
    finish();

    // The code step: nobody is signed in until the code confirms the email (D28)
    await screen.findByRole('heading', { name: 'Confirm your email' });
    expect(screen.getByRole('status')).toHaveTextContent(
      "We've sent a 6-digit code to asha@example.in.",
    );
    expect(signIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit code from the email.',
    );
    await user.type(screen.getByLabelText('Verification code'), '123 456');
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    await waitFor(() => expect(currentLocation()).toBe('/checkout?plan=basichosting'));
    expect(confirmSignUp).toHaveBeenCalledWith({
      username: 'asha@example.in',
      confirmationCode: '123456',
    });
    expect(signIn).toHaveBeenCalledWith({
      username: 'asha@example.in',
      password: 'secret12',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it.each([
    [
      'CodeMismatchException',
      'That code is not right. Please check the latest email from us and try again.',
    ],
    [
      'ExpiredCodeException',
      'That code has expired. Press “Send a new code” and use the code in the new email.',
    ],
    ['LimitExceededException', 'Too many attempts. Please wait a few minutes and try again.'],
    ['InternalErrorException', 'We could not check the code just now. Please try again.'],
  ])('says a code refused with %s as “%s”, and lets the buyer try again', async (name, shown) => {
    confirmSignUp.mockRejectedValueOnce(cognitoError(name));
    const user = await openSignup();
    await fillSignup(user, validSignup);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(signIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm email' })).toBeEnabled();
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it('sends a new code and says so; a resend refused for too many tries says that', async () => {
    const user = await openSignup();
    await fillSignup(user, validSignup);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We've sent a new code to asha@example.in.",
    );
    expect(resendSignUpCode).toHaveBeenCalledWith({ username: 'asha@example.in' });

    resendSignUpCode.mockRejectedValueOnce(cognitoError('LimitExceededException'));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('goes back to the form with "Use another email", keeping what was typed', async () => {
    const user = await openSignup();
    await fillSignup(user, validSignup);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.click(await screen.findByRole('button', { name: 'Use another email' }));
    expect(await screen.findByLabelText('Email address')).toHaveValue('asha@example.in');
  });

  it('says the email is confirmed and links to login when signing in at once fails', async () => {
    const user = await openSignup();
    await fillSignup(user, validSignup);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    signIn.mockRejectedValueOnce(cognitoError('InternalErrorException'));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your email is confirmed. Please log in to continue.',
    );
    expect(
      within(screen.getByRole('status')).getByRole('link', { name: 'Log in' }),
    ).toHaveAttribute('href', '/login');
  });

  it.each(['UsernameExistsException', 'AliasExistsException'])(
    'goes on to the code step for an email that has an account (%s), exactly as for a new one',
    async (name) => {
      const user = await openSignup();
      await fillSignup(user, validSignup);
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      await screen.findByRole('heading', { name: 'Confirm your email' });
      const fresh = document.querySelector('main')?.textContent;

      resetAuthMock();
      signUp.mockRejectedValue(
        cognitoError(name, 'An account with the given email already exists.'),
      );
      await user.click(screen.getByRole('button', { name: 'Use another email' }));
      await user.click(await screen.findByRole('button', { name: 'Create Account' }));
      await screen.findByRole('heading', { name: 'Confirm your email' });
      expect(document.querySelector('main')?.textContent).toBe(fresh);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
    },
  );

  it.each([
    ['InvalidParameterException', 'Invalid email address format.', 'Invalid email address.'],
    [
      'InvalidPasswordException',
      'Password did not conform with policy',
      'Password is too weak. Please choose a stronger password.',
    ],
    [
      'NotAuthorizedException',
      'SignUp is not permitted for this user pool',
      'Email/password accounts are not enabled. Please contact support.',
    ],
    ['InternalErrorException', 'boom', 'Failed to create account. Please try again.'],
  ])('shows %s (%s) as “%s”', async (name, message, shown) => {
    signUp.mockRejectedValue(cognitoError(name, message));
    const user = await openSignup();
    await fillSignup(user, validSignup);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(signIn).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a number that is not an Indian mobile',
      { phone: '+1 415 555 0123' },
      'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210.',
    ],
    [
      'a name over 100 characters',
      { name: 'A'.repeat(101) },
      'Please enter your name (up to 100 characters).',
    ],
  ])('holds the sign-up to the rules Settings uses: %s', async (_what, change, shown) => {
    const user = await openSignup();
    await fillSignup(user, { ...validSignup, ...change });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(signUp).not.toHaveBeenCalled();
  });

  it.each([
    [
      'PreSignUp failed with error Please enter a 10-digit Indian mobile number, for example 98765 43210 or +91 98765 43210..',
      'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210.',
    ],
    [
      'PreSignUp failed with error Please enter your name (up to 100 characters)..',
      'Please enter your name (up to 100 characters).',
    ],
  ])('says the PreSignUp trigger’s refusal “%s” in the form’s words', async (message, shown) => {
    signUp.mockRejectedValue(cognitoError('UserLambdaValidationException', message));
    const user = await openSignup();
    await fillSignup(user, validSignup);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('links to login, keeping where to return', async () => {
    await openSignup('/signup?redirect=%2Fdashboard');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fdashboard',
    );
  });
});
