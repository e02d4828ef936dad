/**
 * What a domain's tier brings that another does not (#29): WHOIS privacy from Premium Domain,
 * DNSSEC from Enterprise Domain. A tier chosen for the renewal takes these away at the registrar
 * on its day (converge-domain-tier.ts); the change-plan page says so before the buyer confirms.
 * Pure: no I/O.
 */
import { DNSSEC_PLAN_IDS } from './dnssec';
import { PRIVACY_PLAN_IDS } from './domain-settings';

export type TierFeature = 'privacy' | 'dnssec';

const FEATURES: readonly { feature: TierFeature; plans: readonly string[] }[] = [
  { feature: 'privacy', plans: PRIVACY_PLAN_IDS },
  { feature: 'dnssec', plans: DNSSEC_PLAN_IDS },
];

/** The features `fromPlanId` has and `toPlanId` lacks: what a move between them takes away. */
export function tierFeaturesLost(fromPlanId: string, toPlanId: string): TierFeature[] {
  return FEATURES.filter((f) => f.plans.includes(fromPlanId) && !f.plans.includes(toPlanId)).map(
    (f) => f.feature,
  );
}

/** The features `toPlanId` has and `fromPlanId` lacks: what a move between them brings. */
export function tierFeaturesGained(fromPlanId: string, toPlanId: string): TierFeature[] {
  return tierFeaturesLost(toPlanId, fromPlanId);
}
