import { PlanNotFoundError } from './errors';
import type { Paise } from './money';

export const CATEGORIES = ['domain', 'hosting', 'vps', 'storage', 'bundle'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What a plan physically gives; every field optional because categories differ. */
export interface PlanSpecs {
  storageGb?: number;
  vcpu?: number;
  ramGb?: number;
  ssdGb?: number;
  transferTb?: number;
  ipv4?: number;
  websites?: number;
}

/** A plan as the API serves it (docs/api.md, Plan). */
export interface Plan {
  id: string;
  category: Category;
  name: string;
  description: string;
  monthlyPricePaise: Paise;
  renewalPricePaise?: Paise;
  features: string[];
  isPopular: boolean;
  savingsPercent?: number;
  originalPricePaise?: Paise;
  specs?: PlanSpecs;
}

/**
 * A plan as the catalog defines it: what the API serves (Plan), plus what only the back office
 * reads. `planFromRecord` never copies these, so `GET /api/plans` never shows them.
 */
export interface CatalogPlan extends Plan {
  /**
   * The WHM package (the panel's hosting plan) that an account of this plan is created with:
   * every hosting plan, and every bundle for its hosting part. VPS, storage and domains have none:
   * an operator sets them up by hand.
   */
  whmPackage?: string;
  /**
   * A bundle's parts (D24, lambdas/domain/bundle-parts.ts): each kind it delivers and the plan whose
   * package or specs that part takes. Back office only, like `whmPackage`.
   */
  parts?: readonly { kind: 'hosting' | 'domain' | 'storage' | 'vps'; planId: string }[];
  /**
   * "Free domain for the first year" (D23, lambdas/domain/register-domain.ts): the domain plan a
   * name chosen at checkout is registered on, free for one year, renewing at that plan's price.
   * Back office only, like `parts`.
   */
  freeDomainPlanId?: string;
}

/**
 * Reads a stored plan record into a Plan. Old records name the feature list `feature` (D11);
 * seeded data uses `features`. Returns undefined for a record that is not a usable plan, so a
 * broken row never breaks a listing.
 */
export function planFromRecord(record: Record<string, unknown>): Plan | undefined {
  const { id, category, name, description, monthlyPricePaise } = record;
  if (typeof id !== 'string' || typeof name !== 'string') return undefined;
  if (!(CATEGORIES as readonly unknown[]).includes(category)) return undefined;
  if (typeof monthlyPricePaise !== 'number' || !Number.isSafeInteger(monthlyPricePaise)) {
    return undefined;
  }
  const rawFeatures = record.features ?? record.feature;
  const features = Array.isArray(rawFeatures)
    ? rawFeatures.filter((f): f is string => typeof f === 'string')
    : [];
  const plan: Plan = {
    id,
    category: category as Category,
    name,
    description: typeof description === 'string' ? description : '',
    monthlyPricePaise,
    features,
    isPopular: record.isPopular === true,
  };
  const optionalPaise = ['renewalPricePaise', 'originalPricePaise'] as const;
  for (const key of optionalPaise) {
    const value = record[key];
    if (typeof value === 'number' && Number.isSafeInteger(value)) plan[key] = value;
  }
  if (typeof record.savingsPercent === 'number') plan.savingsPercent = record.savingsPercent;
  if (record.specs && typeof record.specs === 'object') plan.specs = record.specs as PlanSpecs;
  return plan;
}

/** The plan with this id among `plans`; an unknown id is a PlanNotFoundError (404 plan_not_found). */
export function findPlan(plans: readonly Plan[], planId: string): Plan {
  const plan = plans.find((p) => p.id === planId);
  if (!plan) throw new PlanNotFoundError(planId);
  return plan;
}
