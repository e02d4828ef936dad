import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANS_CACHE_MS } from '../../../../lambdas/adapters/dynamodb/plans-table';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);

describe('plans handler, catalog refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the changed catalog once its cache refreshes, not the JSON kept from before', async () => {
    // The clock is faked before the handler's module (and its cache) is loaded, so the cache reads it.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00Z') });
    vi.resetModules();
    const { handler } = await import('../../../../lambdas/handlers/plans');
    const { httpEvent, parse, plansStore } = await import('./handler-world');
    const before = parse(await handler(httpEvent('get-plans.json')));
    const basic = plansStore.plans.find((p) => p.id === 'basichosting')!;
    basic.monthlyPricePaise = 259_900;

    const stillCached = parse(await handler(httpEvent('get-plan.json')));
    vi.setSystemTime(Date.now() + PLANS_CACHE_MS + 1);
    const afterAll = parse(await handler(httpEvent('get-plans.json')));
    const afterOne = parse(await handler(httpEvent('get-plan.json')));

    const price = (json: Record<string, unknown>) =>
      (json.plans as { id: string; monthlyPricePaise: number }[]).find(
        (p) => p.id === 'basichosting',
      )?.monthlyPricePaise;
    expect(price(before.json)).toBe(249_900);
    expect(stillCached.json).toMatchObject({ monthlyPricePaise: 249_900 });
    expect(price(afterAll.json)).toBe(259_900);
    expect(afterOne.json).toMatchObject({ id: 'basichosting', monthlyPricePaise: 259_900 });
  });
});
