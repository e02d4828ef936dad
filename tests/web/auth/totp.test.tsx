/**
 * Two-step sign-in with an authenticator app (TOTP, D28): the code step at login, the operator's
 * console that walks an operator without TOTP through setting it up before it opens, and a buyer
 * turning it on and off in Settings.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, startMockApi } from '../support/api-server';
import {
  cognitoError,
  confirmSignIn,
  fetchMFAPreference,
  resetAuthMock,
  setSignedInUser,
  setUpTOTP,
  signIn,
  updateMFAPreference,
  verifyTOTPSetup,
} from '../support/amplify-auth-mock';
import { currentLocation, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const OPERATOR = {
  sub: 'op-1',
  email: 'priya.nair@storefront.example.in',
  'cognito:groups': ['operators'],
};

beforeEach(() => {
  resetAuthMock();
  server.use(
    http.get(`${API}/admin/orders`, () => HttpResponse.json({ orders: [] })),
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

async function passwordStep(path = '/login') {
  signIn.mockResolvedValueOnce({
    isSignedIn: false,
    nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
  });
  renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome back' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), OPERATOR.email);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { name: 'Enter your sign-in code' });
  return user;
}

describe('login with TOTP on', () => {
  it('asks for the code after the password, then goes where the login was going', async () => {
    const user = await passwordStep('/login?redirect=%2Fadmin%2Forders');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit code from your authenticator app.',
    );
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123 456');
    setSignedInUser(OPERATOR);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/orders'));
    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it.each([
    [
      'CodeMismatchException',
      'Invalid code received for user',
      'That code is not right. Enter the code your app shows now (check that the phone’s clock is set automatically).',
    ],
    [
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
      'That took too long. Please log in again.',
    ],
    [
      'TooManyFailedAttemptsException',
      'Too many failed attempts',
      'Too many attempts. Please wait a few minutes and try again.',
    ],
  ])('says a code refused with %s as a sentence of its own', async (name, message, shown) => {
    confirmSignIn.mockRejectedValueOnce(cognitoError(name, message));
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(currentLocation()).toBe('/login');
  });

  it('goes back to the password with "Back to login"', async () => {
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});

describe("the operator's console without TOTP", () => {
  it('walks the operator through setting it up (QR code, key, a code), then opens', async () => {
    setSignedInUser(OPERATOR);
    fetchMFAPreference.mockResolvedValue({});
    renderApp('/admin/orders');

    await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    expect(screen.queryByRole('heading', { name: 'Operator console' })).toBeNull();
    const qr = await screen.findByRole('img', {
      name: 'QR code to add this account to an authenticator app',
    });
    expect(qr.querySelector('svg')).not.toBeNull();
    const uri = qr.getAttribute('data-otpauth-uri') ?? '';
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXP');
    expect(uri).toContain(`issuer=${encodeURIComponent('Hosting Storefront')}`);
    expect(uri).toContain(encodeURIComponent(OPERATOR.email));
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(setUpTOTP).toHaveBeenCalledTimes(1);

    const user = userEvent.setup();
    verifyTOTPSetup.mockRejectedValueOnce(cognitoError('EnableSoftwareTokenMFAException'));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/That code is not right/);

    await user.clear(screen.getByLabelText('Code from your authenticator app'));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Operator console' })).toBeInTheDocument();
    expect(verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '654321' });
    expect(updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
  });

  it('opens at once for an operator with TOTP on', async () => {
    setSignedInUser(OPERATOR);
    renderApp('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Operator console' })).toBeInTheDocument();
    expect(setUpTOTP).not.toHaveBeenCalled();
  });
});

describe('Settings → Two-step sign-in for a buyer', () => {
  it('turns it on with the QR code and a code, and off again', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Settings/ }));
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText(/^Off:/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Set up two-step sign-in' }));
    await within(section).findByRole('img', {
      name: 'QR code to add this account to an authenticator app',
    });
    await user.type(within(section).getByLabelText('Code from your authenticator app'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await within(section).findByText(/^Two-step sign-in is on/)).toBeInTheDocument();
    expect(within(section).getByText(/^On:/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section).findByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(updateMFAPreference).toHaveBeenLastCalledWith({ totp: 'DISABLED' });
  });
});
