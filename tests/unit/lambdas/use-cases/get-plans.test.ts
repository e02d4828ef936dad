import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { PlanNotFoundError } from '../../../../lambdas/domain/errors';
import {
  cachedPlans,
  getPlan,
  getPlans,
  PLANS_CACHE_MS,
  quoteCheckout,
} from '../../../../lambdas/use-cases/get-plans';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';

describe('plans', () => {
  it('serves all 15 plans and reads the table again only after the cache lapses', async () => {
    const store = new InMemoryPlansStore();
    let clock = 1_000;
    const plans = cachedPlans(store, () => clock);

    const first = await getPlans(plans);
    await Promise.all([getPlans(plans), getPlans(plans)]);
    clock += PLANS_CACHE_MS + 1;
    await getPlans(plans);

    expect(first.map((p) => p.id)).toEqual(CATALOG.map((p) => p.id));
    expect(store.reads).toBe(2);
  });

  it('finds one plan or fails with plan_not_found', async () => {
    const plans = cachedPlans(new InMemoryPlansStore());

    expect((await getPlan(plans, 'premiumvps')).name).toBe('Premium VPS');
    await expect(getPlan(plans, 'missing')).rejects.toBeInstanceOf(PlanNotFoundError);
  });

  it('quotes from the stored prices', async () => {
    const store = new InMemoryPlansStore();
    store.plans = store.plans.map((p) =>
      p.id === 'basicvps' ? { ...p, monthlyPricePaise: 10_000 } : p,
    );

    const quote = await quoteCheckout(cachedPlans(store), { planId: 'basicvps', months: 1 });

    expect(quote).toMatchObject({ basePaise: 10_000, feePaise: 1_800, totalPaise: 11_800 });
  });
});
