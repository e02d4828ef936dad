import { describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../lambdas/handlers/plans';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { httpEvent, parse } from './handler-world';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);

describe('plans handler', () => {
  it('GET /api/plans answers all 15 plans in catalog order, cacheable', async () => {
    const { statusCode, headers, json } = parse(await handler(httpEvent('get-plans.json')));

    expect(statusCode).toBe(200);
    expect((json.plans as { id: string }[]).map((p) => p.id)).toEqual(CATALOG.map((p) => p.id));
    expect(headers['cache-control']).toMatch(/public, max-age=\d+/);
  });

  it('GET /api/plans/{planId} answers one plan or 404 plan_not_found', async () => {
    const found = parse(await handler(httpEvent('get-plan.json')));
    const event = httpEvent('get-plan.json');
    event.pathParameters = { planId: 'goldhosting' };
    const missing = parse(await handler(event));

    expect(found).toMatchObject({
      statusCode: 200,
      json: { id: 'basichosting', monthlyPricePaise: 249_900 },
    });
    expect(missing).toMatchObject({ statusCode: 404, json: { error: { code: 'plan_not_found' } } });
  });
});
