/**
 * The console's Stuck screen and a service's life (D22), with Testing Library against MSW: the
 * services out of step (what is wanted, what is, since when, the last error) with Converge now,
 * and the services due for removal with Remove, which asks for a note and a confirmation.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutOfStepService, RemovableService, ServiceLifeView } from '@domain/admin';
import { API, apiError, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

const OPERATOR = {
  sub: 'op-1',
  email: 'priya.nair@storefront.example.in',
  'cognito:groups': ['operators'],
};

const outOfStep: OutOfStepService = {
  serviceId: 'svc_0a1b2c3d4e5f6a7b8c9d0e1f',
  userId: '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c',
  planName: 'Basic Hosting',
  category: 'hosting',
  domain: 'ashaverma.in',
  desired: 'active',
  actual: 'absent',
  since: '2026-11-22T04:00:00.000Z',
  lastError: 'WHM createacct: no answer within 30000 ms',
};

const removable: RemovableService = {
  serviceId: 'svc_7c1d2e3f4a5b6c7d8e9f0a1b',
  userId: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5f6e',
  planName: 'Premium Hosting',
  category: 'hosting',
  domain: 'raviktraders.in',
  endedAt: '2026-10-20T04:00:00.000Z',
  removableFrom: '2026-11-19T04:00:00.000Z',
};

const TITLE = 'Basic Hosting (ashaverma.in)';
const REMOVABLE_TITLE = 'Premium Hosting (raviktraders.in)';

let posted: { url: string; body: unknown }[];

beforeEach(() => {
  resetAuthMock();
  posted = [];
  server.use(
    http.get(`${API}/admin/dead-letters`, () => HttpResponse.json({ items: [] })),
    http.get(`${API}/admin/out-of-step`, () => HttpResponse.json({ services: [outOfStep] })),
    http.get(`${API}/admin/removals`, () => HttpResponse.json({ services: [removable] })),
  );
  setSignedInUser(OPERATOR);
});

function answerConverge(service: ServiceLifeView) {
  server.use(
    http.post(`${API}/admin/services/:serviceId/converge`, async ({ request }) => {
      posted.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ service });
    }),
  );
}

describe('Out of step', () => {
  it('shows the plan, the customer id, what is wanted, what is, since when and the last error', async () => {
    renderApp('/admin/stuck');

    const card = await screen.findByRole('article', { name: TITLE });
    const section = screen.getByRole('region', { name: 'Out of step' });
    expect(within(section).getByRole('article', { name: TITLE })).toBe(card);
    expect(within(card).getByText(outOfStep.userId)).toBeInTheDocument();
    expect(within(card).getByText('Live')).toBeInTheDocument();
    expect(within(card).getByText('Not made yet')).toBeInTheDocument();
    expect(within(card).getByText(/22 Nov 2026.*09:30.*IST/i)).toBeInTheDocument();
    expect(within(card).getByText(outOfStep.lastError!)).toBeInTheDocument();
  });

  it('Converge now: a service brought in step leaves the list, with a notice', async () => {
    const user = userEvent.setup();
    answerConverge({ serviceId: outOfStep.serviceId, desired: 'active', actual: 'live' });
    renderApp('/admin/stuck');

    const card = await screen.findByRole('article', { name: TITLE });
    await user.click(within(card).getByRole('button', { name: `Converge now: ${TITLE}` }));

    expect(await screen.findByText('Basic Hosting is in step now: live.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: TITLE })).not.toBeInTheDocument();
    expect(posted).toEqual([
      {
        url: `${API}/admin/services/${outOfStep.serviceId}/converge`,
        body: { userId: outOfStep.userId },
      },
    ]);
  });

  it('Converge now with the panel still down: stays listed, and says why', async () => {
    const user = userEvent.setup();
    answerConverge({
      serviceId: outOfStep.serviceId,
      desired: 'active',
      actual: 'absent',
      outOfStepSince: outOfStep.since,
      lastError: 'The control panel did not answer. Please try again in a few minutes.',
    });
    renderApp('/admin/stuck');

    const card = await screen.findByRole('article', { name: TITLE });
    await user.click(within(card).getByRole('button', { name: `Converge now: ${TITLE}` }));

    expect(
      await screen.findByText(
        'Basic Hosting is still out of step: The control panel did not answer. Please try again in a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: TITLE })).toBeInTheDocument();
  });

  it('says so when every service is in step', async () => {
    server.use(http.get(`${API}/admin/out-of-step`, () => HttpResponse.json({ services: [] })));
    renderApp('/admin/stuck');

    expect(await screen.findByText('Every service is in step.')).toBeInTheDocument();
  });
});

describe('Due for removal', () => {
  function answerRemove(answer: () => Response) {
    server.use(
      http.post(`${API}/admin/services/:serviceId/actions`, async ({ request }) => {
        posted.push({ url: request.url, body: await request.json() });
        return answer();
      }),
    );
  }

  it('Remove asks for a note and a confirmation, then the service leaves the list', async () => {
    const user = userEvent.setup();
    answerRemove(() =>
      HttpResponse.json({
        service: { serviceId: removable.serviceId, desired: 'removed', actual: 'removed' },
      }),
    );
    renderApp('/admin/stuck');

    const card = await screen.findByRole('article', { name: REMOVABLE_TITLE });
    expect(within(card).getByText(removable.userId)).toBeInTheDocument();
    expect(within(card).getByText(/20 Oct 2026/)).toBeInTheDocument();
    expect(within(card).getByText(/19 Nov 2026/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `Remove: ${REMOVABLE_TITLE}` }));
    const form = within(card).getByRole('form', { name: `Remove ${REMOVABLE_TITLE} for good?` });
    expect(within(form).getByText(/cannot be brought back/)).toBeInTheDocument();

    // No note: refused here, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Remove for good' }));
    expect(
      within(form).getByText(
        'Write a note: why it is removed now, for the next person who looks at it.',
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(within(form).getByLabelText('Note (required)'), 'Ended in October; no reply.');
    await user.click(within(form).getByRole('button', { name: 'Remove for good' }));

    expect(await screen.findByText('Premium Hosting is removed.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: REMOVABLE_TITLE })).not.toBeInTheDocument();
    expect(posted).toEqual([
      {
        url: `${API}/admin/services/${removable.serviceId}/actions`,
        body: { action: 'remove', note: 'Ended in October; no reply.', userId: removable.userId },
      },
    ]);
  });

  it('Keep it closes the confirmation and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/admin/stuck');

    const card = await screen.findByRole('article', { name: REMOVABLE_TITLE });
    await user.click(within(card).getByRole('button', { name: `Remove: ${REMOVABLE_TITLE}` }));
    await user.click(within(card).getByRole('button', { name: 'Keep it' }));

    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Remove: ${REMOVABLE_TITLE}` })).toBeVisible();
    expect(posted).toEqual([]);
  });

  it("shows the API's sentence when the service is not removable", async () => {
    const user = userEvent.setup();
    const sentence =
      'This service has been removed already. If its account is still on the panel, it is listed under Out of step: converge it from there.';
    answerRemove(() => apiError(409, 'service_not_removable', sentence));
    renderApp('/admin/stuck');

    const card = await screen.findByRole('article', { name: REMOVABLE_TITLE });
    await user.click(within(card).getByRole('button', { name: `Remove: ${REMOVABLE_TITLE}` }));
    await user.type(within(card).getByLabelText('Note (required)'), 'Tidy up.');
    await user.click(within(card).getByRole('button', { name: 'Remove for good' }));

    expect(await within(card).findByText(sentence)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: REMOVABLE_TITLE })).toBeInTheDocument();
  });
});
