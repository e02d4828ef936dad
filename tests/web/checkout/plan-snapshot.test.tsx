/**
 * A built /checkout page carries the catalog as a JSON data block (web/src/lib/plans-snapshot.tsx):
 * the chosen plan shows without waiting for GET /api/plans/{id}, whose answer then refreshes it,
 * and a plan the API no longer knows is still reported as not found. A plan's own prerendered
 * checkout page (/checkout?plan=ID) has the order in its HTML, so its first render shows it too;
 * any other first render matches the plain checkout page, which was prerendered loading.
 */
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { plansSnapshotScript } from '../../../web/src/lib/plans-snapshot';
import { AuthProvider } from '../../../web/src/app/auth';
import { AlertProvider } from '../../../web/src/components/alert-dialog';
import { CheckoutPage } from '../../../web/src/features/checkout/checkout-page';
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

describe('the first render, which hydration must match', () => {
  /** What the page's first render (before any effect) shows at `url`, under a prerendered root. */
  function firstRender(url: string, root: Record<string, string>): string {
    const element = document.createElement('div');
    element.id = 'root';
    Object.assign(element.dataset, root);
    document.body.append(element);
    try {
      return renderToString(
        <MemoryRouter initialEntries={[url]}>
          <AuthProvider>
            <AlertProvider>
              <CheckoutPage />
            </AlertProvider>
          </AuthProvider>
        </MemoryRouter>,
      );
    } finally {
      element.remove();
    }
  }

  it("shows the order on the plan's own prerendered page, as its HTML does", () => {
    const html = firstRender('/checkout?plan=basichosting', {
      prerendered: '/checkout',
      prerenderedSearch: '?plan=basichosting',
    });

    expect(html).toContain('Basic Hosting');
    expect(html).not.toContain('Loading Plans, Please Wait');
  });

  it('starts loading on the plain checkout page, and on a query its page was not built for', () => {
    const plain = firstRender('/checkout?plan=basichosting', { prerendered: '/checkout' });
    const other = firstRender('/checkout?plan=basichosting&renew=1', {
      prerendered: '/checkout',
      prerenderedSearch: '?plan=basichosting',
    });

    for (const html of [plain, other]) {
      expect(html).toContain('Loading Plans, Please Wait');
      expect(html).not.toContain('data-testid="plan-name"');
    }
  });
});
