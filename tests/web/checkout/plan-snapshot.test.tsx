/**
 * A built /checkout page carries the catalog as a JSON data block (web/src/lib/plans-snapshot.tsx):
 * the chosen plan shows without waiting for GET /api/plans/{id}, whose answer then refreshes it,
 * and a plan the API no longer knows is still reported as not found.
 */
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { plansSnapshotScript } from '../../../web/src/lib/plans-snapshot';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();
const basicHosting = CATALOG.find((p) => p.id === 'basichosting')!;

beforeAll(() => {
  // As prerendering writes it into checkout/index.html, before the app first reads it.
  document.body.insertAdjacentHTML('beforeend', plansSnapshotScript(CATALOG));
});
beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
});

describe('checkout with the built catalog in the page', () => {
  it("shows the chosen plan before the API answers, then the API's plan", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/plans/:planId`, async () => {
        await answered;
        return HttpResponse.json({ ...basicHosting, name: 'Basic Hosting (refreshed)' });
      }),
    );

    // Awaited: the plan shows within render's act, where its lazy parts suspend.
    await act(async () => {
      renderApp('/checkout?plan=basichosting');
    });

    expect(await screen.findByTestId('plan-name')).toHaveTextContent('Basic Hosting');
    expect(screen.queryByText('Loading Plans, Please Wait')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Basic Hosting (refreshed)')).toBeInTheDocument();
  });

  it('says the plan is not found when the API no longer has it', async () => {
    server.use(
      http.get(`${API}/plans/:planId`, () =>
        apiError(404, 'plan_not_found', 'That plan does not exist.'),
      ),
    );

    await act(async () => {
      renderApp('/checkout?plan=basichosting');
    });

    expect(
      await screen.findByRole('heading', { name: 'We could not find that plan' }),
    ).toBeInTheDocument();
  });
});
