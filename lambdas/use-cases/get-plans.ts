import { PlanNotFoundError } from '../domain/errors';
import type { Plan } from '../domain/plan';
import { quoteFor, type Quote } from '../domain/pricing';
import type { PlansStore } from '../ports/plans';

/** How long a Lambda instance serves the catalog from memory before reading the table again. */
export const PLANS_CACHE_MS = 45_000;

/** The catalog, cached in memory briefly: plans change rarely and every page asks for them. */
export function cachedPlans(
  store: PlansStore,
  now: () => number = Date.now,
): () => Promise<Plan[]> {
  let cached: { plans: Plan[]; until: number } | undefined;
  let inFlight: Promise<Plan[]> | undefined;
  return async () => {
    if (cached && cached.until > now()) return cached.plans;
    inFlight ??= store
      .listPlans()
      .then((plans) => {
        cached = { plans, until: now() + PLANS_CACHE_MS };
        return plans;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

export async function getPlans(plans: () => Promise<Plan[]>): Promise<Plan[]> {
  return plans();
}

export async function getPlan(plans: () => Promise<Plan[]>, planId: string): Promise<Plan> {
  const plan = (await plans()).find((p) => p.id === planId);
  if (!plan) throw new PlanNotFoundError(planId);
  return plan;
}

export async function quoteCheckout(
  plans: () => Promise<Plan[]>,
  request: { planId: string; months: unknown; promoCode?: string | null },
): Promise<Quote> {
  return quoteFor(await plans(), request);
}
