import { http, HttpResponse } from 'msw';
import { CATALOG } from '@domain/catalog';
import type { Plan } from '@domain/api';
import { configHandler, mockServer } from '../support/msw';

export { configHandler, testConfig } from '../support/msw';

export const plansHandler = (plans: readonly Plan[] = CATALOG) =>
  http.get('*/api/plans', () => HttpResponse.json({ plans }));

/** An MSW server for one test file: /config.json and GET /api/plans with the seed catalog. */
export function startApiServer() {
  return mockServer(
    [configHandler, plansHandler()],
    () => Promise.all([import('aws-amplify'), import('aws-amplify/api')]),
    30_000,
  );
}
