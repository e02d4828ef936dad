import { describe, expect, it } from 'vitest';
import { cachedPlans, PLANS_CACHE_MS } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { PlanNotFoundError } from '../../../../lambdas/domain/errors';
import { findPlan } from '../../../../lambdas/domain/plan';
import { quoteFor } from '../../../../lambdas/domain/pricing';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';

describe('the cached catalog', () => {
  it('serves all 15 plans and reads the table again only after the cache lapses', async () => {
    const store = new InMemoryPlansStore();
    let clock = 1_000;
    const plans = cachedPlans(store, () => clock);

    const first = await plans();
    await Promise.all([plans(), plans()]);
    clock += PLANS_CACHE_MS + 1;
    await plans();

    expect(first.map((p) => p.id)).toEqual(CATALOG.map((p) => p.id));
    expect(store.reads).toBe(2);
  });

  it('shares one read between concurrent first calls', async () => {
    const store = new InMemoryPlansStore();
    const plans = cachedPlans(store);

    await Promise.all([plans(), plans(), plans()]);

    expect(store.reads).toBe(1);
  });

  it('finds one plan or fails with plan_not_found', async () => {
    const plans = await cachedPlans(new InMemoryPlansStore())();

    expect(findPlan(plans, 'premiumvps').name).toBe('Premium VPS');
    expect(() => findPlan(plans, 'missing')).toThrow(PlanNotFoundError);
  });

  it('quotes from the stored prices', async () => {
    const store = new InMemoryPlansStore();
    store.plans = store.plans.map((p) =>
      p.id === 'basicvps' ? { ...p, monthlyPricePaise: 10_000 } : p,
    );

    const quote = quoteFor(await cachedPlans(store)(), { planId: 'basicvps', months: 1 });

    expect(quote).toMatchObject({ basePaise: 10_000, feePaise: 1_800, totalPaise: 11_800 });
  });
});
