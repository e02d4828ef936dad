/**
 * A domain's tier at the registrar (#29, D26): a tier chosen for the renewal is the domain's from
 * its date, and converge then takes away at the registrar what the new tier does not include:
 * WHOIS privacy (Basic Domain) and the DS records of DNSSEC (anything but Enterprise Domain).
 * Nothing is turned on by a tier: privacy and DS records are the buyer's to set from the card.
 *
 * A bundle's domain part moves tier with its bundle (D26): when a refund takes back the upgrade
 * that raised it (Standard → Premium Bundle's Premium → Enterprise Domain, Basic → Standard's
 * Basic → Premium), the part is on the smaller tier again and the same step takes away what the
 * larger one had let the buyer turn on.
 *
 * The registrar is asked only for a domain whose chosen tier is in force (a pending plan whose
 * date has come) or a part a refunded upgrade had raised, so the domains that never changed tier
 * cost no registrar call here. Until that
 * date the service is queued to be looked at again at it (`tierChangeAt`), so the change happens
 * on its day even when the renewal was paid days before (the reconciler converges it then).
 */
import { partPlanIdOf } from '../domain/bundle-parts';
import { CATALOG } from '../domain/catalog';
import { DNSSEC_PLAN_IDS, type DsRecord } from '../domain/dnssec';
import { PRIVACY_PLAN_IDS } from '../domain/domain-settings';
import type { CatalogPlan } from '../domain/plan';
import { planInForce } from '../domain/plan-change';
import { DnsRecordNotFoundError, type Registrar } from '../ports/registrar';
import type { ServiceRecord } from '../ports/services';

export type TierRegistrar = Pick<
  Registrar,
  'details' | 'setPrivacy' | 'dsRecords' | 'deleteDsRecord'
>;

/** A domain whose tier in force left a feature behind at the registrar: take it away. */
export interface TierStep {
  kind: 'apply-tier';
  name: string;
}

/** What the registrar holds that the tier in force does not include. */
export interface TierRemoval {
  privacy: boolean;
  dsRecords: DsRecord[];
}

type TierFacts = Pick<
  ServiceRecord,
  'planId' | 'planName' | 'pendingPlan' | 'category' | 'domain'
> &
  Partial<Pick<ServiceRecord, 'periods'>>;

/**
 * Whether the domain's tier went down or sideways (and so the registrar may hold too much): its
 * chosen tier is in force now, or it is a bundle's part (its view carries the bundle's periods)
 * that a refunded upgrade had put on another tier than the one it is on.
 */
export function tierChanged(
  service: TierFacts,
  now: Date,
  plans: readonly CatalogPlan[] = CATALOG,
): boolean {
  if (service.category !== 'domain') return false;
  const pending = service.pendingPlan;
  if (
    pending !== undefined &&
    pending.planId !== service.planId &&
    now.getTime() >= Date.parse(pending.from)
  ) {
    return true;
  }
  return Object.values(service.periods ?? {}).some((period) => {
    const change = period.change;
    if (!change || !period.refundedAt) return false;
    const raised = partPlanIdOf(
      plans.find((plan) => plan.id === change.toPlanId),
      'domain',
    );
    return raised !== undefined && raised !== service.planId;
  });
}

/**
 * When a tier chosen for the renewal comes into force and the registrar must be looked at: its
 * date while it is ahead, else undefined. Converge records it as the time the domain falls out of
 * step, so the reconciler converges it on that day.
 */
export function tierChangeAt(service: TierFacts, now: Date): string | undefined {
  const pending = service.pendingPlan;
  if (service.category !== 'domain' || !pending || pending.planId === service.planId) {
    return undefined;
  }
  const tier = pending.planId;
  // A move to Enterprise takes nothing away: nothing to do on the day.
  if (PRIVACY_PLAN_IDS.includes(tier) && DNSSEC_PLAN_IDS.includes(tier)) return undefined;
  return now.getTime() < Date.parse(pending.from) ? pending.from : undefined;
}

/** What the registrar holds beyond the tier in force, or undefined when nothing. */
export async function tierRemoval(
  registrar: TierRegistrar,
  service: TierFacts,
  now: Date,
  plans?: readonly CatalogPlan[],
): Promise<TierRemoval | undefined> {
  if (!tierChanged(service, now, plans) || !service.domain) return undefined;
  const tier = planInForce(service, now).planId;
  const name = service.domain;
  const privacy =
    !PRIVACY_PLAN_IDS.includes(tier) && (await registrar.details(name))?.privacy === true;
  const dsRecords = DNSSEC_PLAN_IDS.includes(tier) ? [] : await registrar.dsRecords(name);
  return privacy || dsRecords.length > 0 ? { privacy, dsRecords } : undefined;
}

/**
 * Takes away what the tier does not include, asking the registrar again first (under converge's
 * claim): privacy off, then each DS record withdrawn. Answers what was done, or undefined.
 */
export async function applyTier(
  registrar: TierRegistrar,
  service: TierFacts,
  now: Date,
  plans?: readonly CatalogPlan[],
): Promise<string | undefined> {
  const removal = await tierRemoval(registrar, service, now, plans);
  if (!removal || !service.domain) return undefined;
  if (removal.privacy) await registrar.setPrivacy(service.domain, false);
  for (const record of removal.dsRecords) {
    try {
      await registrar.deleteDsRecord(service.domain, record);
    } catch (error) {
      // Withdrawn meanwhile (the buyer, or another converge): what was wanted.
      if (!(error instanceof DnsRecordNotFoundError)) throw error;
    }
  }
  return `apply-tier:${[
    ...(removal.privacy ? ['privacy-off'] : []),
    ...(removal.dsRecords.length > 0 ? [`ds-removed-${removal.dsRecords.length}`] : []),
  ].join(',')}`;
}
