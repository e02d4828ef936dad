import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../lambdas/handlers/plans';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { httpEvent, parse, plansStore } from './handler-world';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);

describe('plans handler', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

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

  it('answers the same headers and JSON as before the answers were kept serialised', async () => {
    const all = await handler(httpEvent('get-plans.json'));
    const one = await handler(httpEvent('get-plan.json'));

    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=60',
    };
    expect(all).toEqual({
      statusCode: 200,
      headers,
      body: JSON.stringify({ plans: servedCatalog() }),
    });
    expect(one).toEqual({
      statusCode: 200,
      headers,
      body: JSON.stringify(servedCatalog().find((p) => p.id === 'basichosting')),
    });
  });

  it('serialises the catalog once, not on every request, while the cache holds it', async () => {
    const first = await handler(httpEvent('get-plans.json'));
    await handler(httpEvent('get-plan.json'));
    const stringify = vi.spyOn(JSON, 'stringify');

    const again = await Promise.all([1, 2, 3].map(() => handler(httpEvent('get-plans.json'))));
    const plan = await handler(httpEvent('get-plan.json'));

    expect(again.map((r) => (r as { body: string }).body)).toEqual([1, 2, 3].map(() => first.body));
    expect(parse(plan).json).toMatchObject({ id: 'basichosting' });
    expect(stringify).not.toHaveBeenCalled();
  });
});

/** What the fake plans table holds: the catalog as the API serves it. */
function servedCatalog() {
  return plansStore.plans;
}
