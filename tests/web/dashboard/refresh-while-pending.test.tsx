/**
 * The dashboard refreshes itself while a service sets up (#26), on fake timers: the waits double
 * from 3 s to 30 s, the next one starting when the read has answered; nothing is read when
 * nothing is pending, while the tab is hidden, or once the cards are Active; a buyer on the page
 * sees a just-bought plan go from Setting up to Active without reloading.
 */
import { act, renderHook, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, Service } from '@domain/api';
import {
  isDashboardPending,
  refreshDelay,
  useRefreshWhilePending,
} from '../../../web/src/components/dashboard/refresh-while-pending';
import { API, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';
import { dashboardShown, renderApp } from '../support/render-app';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

function service(overrides: Partial<Service> = {}): Service {
  return {
    id: 's1',
    planId: 'premiumhosting',
    name: 'Premium Hosting',
    category: 'hosting',
    months: 12,
    purchaseDate: '2098-11-22T00:00:00.000Z',
    renewalDate: '2099-11-22T00:00:00.000Z',
    status: 'active',
    state: 'setting_up',
    pricePaidPaise: 5_662_584,
    renewable: true,
    daysLeft: 365,
    provisioning: { state: 'pending' },
    ...overrides,
  };
}

const ACTIVE = service({ state: 'active', provisioning: { state: 'ready' } });

function visibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Lets the promises of an answered read run (the next wait starts after them). */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('what counts as still being set up', () => {
  it('waits 3, 6, 12 and 24 s, then every 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(refreshDelay)).toEqual([
      3_000, 6_000, 12_000, 24_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('Setting up, Updating…, a transfer in or a bundle part being made; not Active, a VPS waiting for its key, or an expired domain', () => {
    const pending = (s: Service) => isDashboardPending({ services: [ACTIVE, s] });
    expect(pending(service())).toBe(true);
    expect(pending(ACTIVE)).toBe(false);
    expect(pending({ ...ACTIVE, planUpdating: true })).toBe(true);
    expect(
      pending(
        service({
          category: 'domain',
          domain: 'ashasweets.com',
          transfer: { state: 'pending', detail: 'Transfer waiting for Losing Registrar Approval' },
        }),
      ),
    ).toBe(true);
    expect(
      pending({
        ...ACTIVE,
        category: 'bundle',
        parts: [
          {
            kind: 'hosting',
            id: 's1',
            planId: 'premiumhosting',
            name: 'Premium Hosting',
            state: 'ready',
            provisioning: { state: 'ready' },
          },
          {
            kind: 'domain',
            id: 's1~domain',
            planId: 'premiumdomain',
            name: 'Premium Domain',
            state: 'setting_up',
            provisioning: { state: 'pending' },
            domain: 'ashaverma.in',
          },
        ],
      } as Service),
    ).toBe(true);
    expect(
      pending(
        service({
          category: 'vps',
          vps: { os: 'ubuntu-24.04', hostname: 'asha', sshKeys: [], waitsForKey: true },
        } as Partial<Service>),
      ),
    ).toBe(false);
    expect(
      pending(
        service({
          category: 'domain',
          status: 'expired',
          state: 'suspended',
          provisioning: { state: 'manual' },
        }),
      ),
    ).toBe(false);
  });
});

describe('useRefreshWhilePending', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    visibility('visible');
  });

  it('reads again after 3, 6, 12, 24 and 30 s, each wait from the last answer, and stops once nothing is pending', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const { rerender } = renderHook(({ pending }) => useRefreshWhilePending(pending, refresh), {
      initialProps: { pending: true },
    });
    const readsAt: number[] = [];
    refresh.mockImplementation(() => {
      readsAt.push(Date.now());
      return Promise.resolve();
    });
    const start = Date.now();
    for (const wait of [3_000, 6_000, 12_000, 24_000, 30_000, 30_000]) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(wait);
      });
    }
    expect(readsAt.map((at) => at - start)).toEqual([
      3_000, 9_000, 21_000, 45_000, 75_000, 105_000,
    ]);

    rerender({ pending: false });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(refresh).toHaveBeenCalledTimes(6);
  });

  it('the next wait starts only when the read has answered (a slow read is never doubled up)', async () => {
    let answer: () => void = () => undefined;
    const refresh = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    renderHook(() => useRefreshWhilePending(true, refresh));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    answer();
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('reads nothing when nothing is pending', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    renderHook(() => useRefreshWhilePending(false, refresh));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('reads nothing while the tab is hidden, and starts again from 3 s when it is shown', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    renderHook(() => useRefreshWhilePending(true, refresh));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000 + 6_000);
    });
    expect(refresh).toHaveBeenCalledTimes(2);

    act(() => visibility('hidden'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(refresh).toHaveBeenCalledTimes(2);

    act(() => visibility('visible'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_999);
    });
    expect(refresh).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});

describe('/dashboard while a plan sets up', () => {
  let reads = 0;
  let answer: DashboardResponse;

  function dashboard(services: Service[]): DashboardResponse {
    return {
      user: {
        id: 'u1',
        email: 'asha.rao@example.in',
        name: 'Asha Rao',
        phone: '+919876543210',
        currentPlan: 'premiumhosting',
        expiry: '2099-11-22T00:00:00.000Z',
      },
      services,
      payments: [],
    };
  }

  beforeEach(() => {
    resetAuthMock();
    setSignedInUser({ sub: 'u1', email: 'asha.rao@example.in' });
    reads = 0;
    server.use(
      http.get(`${API}/me/dashboard`, () => {
        reads += 1;
        return HttpResponse.json(answer);
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    visibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function shown() {
    renderApp('/dashboard?tab=hosting');
    await dashboardShown();
  }

  function hostingCard() {
    return within(screen.getByRole('tabpanel'));
  }

  it('shows Active without a reload once the account is made, then reads no more', async () => {
    answer = dashboard([service()]);
    await shown();
    expect(hostingCard().getAllByText('Setting up').length).toBeGreaterThan(0);
    expect(reads).toBe(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(reads).toBe(2);
    expect(hostingCard().getAllByText('Setting up').length).toBeGreaterThan(0);

    answer = dashboard([ACTIVE]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(reads).toBe(3);
    expect(hostingCard().queryByText('Setting up')).toBeNull();
    expect(hostingCard().getAllByText('Active').length).toBeGreaterThan(0);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(reads).toBe(3);
  });

  it('an Active dashboard reads once', async () => {
    answer = dashboard([ACTIVE]);
    await shown();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(reads).toBe(1);
  });
});
