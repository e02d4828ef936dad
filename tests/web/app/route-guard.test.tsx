import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, startMockApi } from '../support/api-server';
import { holdSession, resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
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
          phone: '+919876543210',
          currentPlan: null,
          expiry: null,
        },
        services: [],
        payments: [],
      }),
    ),
  );
});

describe('the /dashboard route guard', () => {
  it("shows 'Loading...' while the auth state loads", async () => {
    const release = holdSession();
    renderApp('/dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
    release();
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fdashboard'));
  });

  it('redirects to /login, remembering /dashboard, when nobody is logged in', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/login?redirect=%2Fdashboard');
  });

  it('shows the dashboard to a logged-in user', async () => {
    setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, asha!' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
  });
});

describe('routing', () => {
  it('serves /home as the home page', async () => {
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('We could not find that page')).not.toBeInTheDocument();
  });

  it('shows a helpful not-found page for unknown paths, with links onward', async () => {
    renderApp('/no-such-page');
    expect(
      await screen.findByRole('heading', { name: 'We could not find that page' }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'See all plans' })).toHaveAttribute('href', '/pricing');
    expect(main.getByRole('link', { name: 'Support Center' })).toHaveAttribute('href', '/support');
  });
});
