/** Settings → Sign out everywhere (D28): Cognito's GlobalSignOut, then home, signed out. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, startMockApi } from '../support/api-server';
import {
  cognitoError,
  resetAuthMock,
  setSignedInUser,
  signOut,
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

async function openSection() {
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
  renderApp('/dashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: /Settings/ }));
  const section = await screen.findByRole('region', { name: 'Sign out everywhere' });
  return { user, section };
}

describe('Settings → Sign out everywhere', () => {
  it('signs out every session of the account (GlobalSignOut), then goes home signed out', async () => {
    const { user, section } = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(signOut).toHaveBeenCalledWith({ global: true });
  });

  it('says so when Cognito refuses, and stays signed in', async () => {
    signOut.mockRejectedValueOnce(cognitoError('InternalErrorException'));
    const { user, section } = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'We could not sign you out everywhere just now. Please try again.',
    );
    expect(currentLocation()).toBe('/dashboard?tab=settings');
  });
});
