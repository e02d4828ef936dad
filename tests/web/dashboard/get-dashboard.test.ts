import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getDashboard,
  prefetchDashboard,
} from '../../../web/src/features/dashboard/api/get-dashboard';
import { API, startMockApi } from '../support/api-server';
import { resetAuthMock, setSignedInUser } from '../support/amplify-auth-mock';

vi.mock('aws-amplify/auth', () => import('../support/amplify-auth-mock'));

const server = startMockApi();

beforeEach(() => {
  resetAuthMock();
  setSignedInUser({ sub: 'u1', email: 'asha@example.in' });
});

/** Answers GET /me/dashboard with the number of the read, counting the reads. */
function countedDashboard() {
  let reads = 0;
  server.use(
    http.get(`${API}/me/dashboard`, () => {
      reads += 1;
      return HttpResponse.json({ read: reads });
    }),
  );
  return () => reads;
}

describe('reading the dashboard before the page renders', () => {
  it("gives the page's first read the answer already asked for, without asking again", async () => {
    const reads = countedDashboard();
    prefetchDashboard();
    await expect(getDashboard()).resolves.toEqual({ read: 1 });
    expect(reads()).toBe(1);
  });

  it('is taken once: a later read (after a cancellation, say) asks the API again', async () => {
    const reads = countedDashboard();
    prefetchDashboard();
    await getDashboard();
    await expect(getDashboard()).resolves.toEqual({ read: 2 });
    expect(reads()).toBe(2);
  });

  it('is not taken once stale: a read ten seconds later asks the API afresh', async () => {
    const reads = countedDashboard();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    prefetchDashboard();
    now.mockReturnValue(1_010_000);
    await getDashboard();
    now.mockRestore();
    // The stale read went out as well, so the API was asked twice.
    await vi.waitFor(() => expect(reads()).toBe(2));
  });
});
