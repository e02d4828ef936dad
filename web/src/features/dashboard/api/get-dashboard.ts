import type { DashboardResponse } from '@domain/api';
import { apiGet } from '../../../lib/api';

/** How long a read started before the page rendered may stand in for the page's own read. */
const PREFETCH_FRESH_MS = 10_000;

let prefetched: { at: number; answer: Promise<DashboardResponse> } | undefined;

/**
 * Starts reading the dashboard while the page's code, the session and the auth state are still
 * loading (app-start.tsx, for a visitor with a stored session on /dashboard), so the request no
 * longer waits for the page to render first. Only the page's next read takes it, and only while
 * fresh; a read that nobody takes (the guard sent the visitor to /login) is dropped quietly.
 */
export function prefetchDashboard(): void {
  const answer = apiGet<DashboardResponse>('/me/dashboard', { auth: true });
  answer.catch(() => undefined);
  prefetched = { at: Date.now(), answer };
}

export function getDashboard(): Promise<DashboardResponse> {
  const early = prefetched;
  prefetched = undefined;
  if (early && Date.now() - early.at < PREFETCH_FRESH_MS) return early.answer;
  return apiGet<DashboardResponse>('/me/dashboard', { auth: true });
}
