/**
 * A bundle's parts (D24): a bundle delivers every part it lists, each as its own part of the
 * service. The catalog names them (CatalogPlan.parts): the hosting, on the panel, is the bundle's
 * own item (its account, as before); every other part (domain, storage, VPS) is kept on an item of
 * its own in the services table, `partOf` the bundle, with the part's plan, category and provider
 * fields (provisioning, `vps`, `storage`), so that the code that drives a single domain, VPS or
 * storage service drives it unchanged. A part has no ledger: its life is the bundle's
 * (partViewOf), so suspend, end and remove reach every part, and renewing the bundle renews them.
 */
import type { CatalogPlan } from './plan';
import type { ServicePeriod } from './service-periods';

export const PART_KINDS = ['hosting', 'domain', 'storage', 'vps'] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** A part as the catalog names it: its kind and the plan whose package or specs it takes. */
export interface BundlePartSpec {
  kind: PartKind;
  planId: string;
}

/** The parts a plan delivers: a bundle's from the catalog, none for a single-kind plan. */
export function bundlePartsOf(
  plan: Pick<CatalogPlan, 'category' | 'parts'> | undefined,
): readonly BundlePartSpec[] {
  return plan?.category === 'bundle' ? (plan.parts ?? []) : [];
}

/** The parts kept on items of their own: every part but the hosting (the bundle's own item). */
export function separatePartsOf(
  plan: Pick<CatalogPlan, 'category' | 'parts'> | undefined,
): readonly (BundlePartSpec & { kind: Exclude<PartKind, 'hosting'> })[] {
  return bundlePartsOf(plan).filter(
    (part): part is BundlePartSpec & { kind: Exclude<PartKind, 'hosting'> } =>
      part.kind !== 'hosting',
  );
}

/** Whether a bundle plan has a part of this kind. */
export function bundleHasPart(
  plan: Pick<CatalogPlan, 'category' | 'parts'> | undefined,
  kind: PartKind,
): boolean {
  return bundlePartsOf(plan).some((part) => part.kind === kind);
}

/** The id of a bundle's part item: the bundle's id and the part's kind (one part per kind). */
export function partServiceIdOf(bundleServiceId: string, kind: PartKind): string {
  return `${bundleServiceId}~${kind}`;
}

/** What each kind of part is called where the buyer reads it (the card, the mail). */
export const PART_LABELS: Readonly<Record<PartKind, string>> = {
  hosting: 'Hosting',
  domain: 'Domain',
  storage: 'Cloud storage',
  vps: 'VPS',
};

/**
 * The facts a part takes from its bundle: its ledger and every fact of its life (D22). The part
 * keeps its own identity, version, provisioning and provider fields.
 */
export const BUNDLE_LIFE_FIELDS = [
  'periods',
  'renewalDate',
  'cancelledAt',
  'disputes',
  'hold',
  'endedAt',
  'removedAt',
  'goodwill',
] as const;

/**
 * A part as the code of its kind reads it: the part's item with the bundle's life facts. A fact
 * the bundle does not have is absent from the view too (the part's own copy, if any, is ignored).
 */
export function partViewOf<
  P extends { partOf?: string },
  B extends Partial<Record<(typeof BUNDLE_LIFE_FIELDS)[number], unknown>>,
>(part: P, bundle: B): P {
  const view: Record<string, unknown> = { ...part };
  for (const field of BUNDLE_LIFE_FIELDS) {
    if (bundle[field] === undefined) delete view[field];
    else view[field] = bundle[field];
  }
  return view as P;
}

/**
 * The category whose checkout choices a plan takes for its VPS (D24): a bundle with a VPS part
 * asks the OS, hostname and SSH keys exactly as a VPS does; every other plan is its own category.
 */
export function vpsChoiceCategoryOf<C extends string>(
  plan: Pick<CatalogPlan, 'category' | 'parts'> & { category: C },
): C | 'vps' {
  return bundleHasPart(plan, 'vps') ? 'vps' : plan.category;
}

/**
 * Whether a bundle's domain part is known to be unregistered (D6, D24): its item exists and its
 * name was never registered (no name chosen, still being registered, or taken meanwhile). A
 * bundle with no domain part item (bought before parts existed) answers false: its refund keeps
 * back the registration as before.
 */
export function bundleDomainUnregistered(
  part: { provisioning?: { state: string; readyAt?: string } } | undefined,
): boolean {
  if (!part) return false;
  const p = part.provisioning;
  const registered =
    p?.readyAt !== undefined ||
    p?.state === 'ready' ||
    p?.state === 'suspended' ||
    p?.state === 'terminated';
  return !registered;
}

// ---------------------------------------------------------------------------------------------
// A bundle changing plan (D26 with D24): each part follows the bundle's plan.

/** The plan a part of this kind takes on a bundle plan, or undefined when that plan has none. */
export function partPlanIdOf(
  bundlePlan: Pick<CatalogPlan, 'category' | 'parts'> | undefined,
  kind: PartKind,
): string | undefined {
  return bundlePartsOf(bundlePlan).find((part) => part.kind === kind)?.planId;
}

/** One part as a bundle's change moves it ("Cloud storage: 500 GB → 1 TB"). */
export interface BundlePartChange {
  kind: PartKind;
  /** Absent for a part the larger bundle adds. */
  fromPlanId?: string;
  fromPlanName?: string;
  toPlanId: string;
  toPlanName: string;
  /** The part's size on each plan, in the catalog's words ("500 GB", "1 vCPU, 1 GB RAM, 25 GB disk"). */
  fromSize?: string;
  toSize?: string;
}

/** A part's size in words from its plan's specs (none for a domain: its tier is its plan's name). */
export function partSizeOf(
  kind: PartKind,
  plan: Pick<CatalogPlan, 'specs'> | undefined,
): string | undefined {
  const specs = plan?.specs;
  if (!specs) return undefined;
  if (kind === 'storage' && specs.storageGb !== undefined) return gbWords(specs.storageGb);
  if (kind === 'vps' && specs.vcpu && specs.ramGb && specs.ssdGb) {
    return `${specs.vcpu} vCPU, ${specs.ramGb} GB RAM, ${specs.ssdGb} GB disk`;
  }
  if (kind === 'hosting' && specs.storageGb !== undefined && specs.websites !== undefined) {
    return `${specs.websites} ${specs.websites === 1 ? 'website' : 'websites'}, ${gbWords(specs.storageGb)}`;
  }
  return undefined;
}

function gbWords(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`;
}

/** Whether `to` gives a part less than `from` in any way its buyer would feel. */
function partShrinks(
  kind: PartKind,
  from: Pick<CatalogPlan, 'specs' | 'monthlyPricePaise'>,
  to: Pick<CatalogPlan, 'specs' | 'monthlyPricePaise'>,
): boolean {
  if (to.monthlyPricePaise < from.monthlyPricePaise) return true;
  const a = from.specs ?? {};
  const b = to.specs ?? {};
  const less = (key: keyof NonNullable<CatalogPlan['specs']>) =>
    a[key] !== undefined && (b[key] === undefined || (b[key] as number) < (a[key] as number));
  if (kind === 'vps') return less('vcpu') || less('ramGb') || less('ssdGb');
  if (kind === 'storage') return less('storageGb');
  if (kind === 'hosting') return less('storageGb') || less('websites');
  return false;
}

/** A "larger" bundle that would take something away from a part (D26): refused with its sentence. */
export class BundlePartShrinksError extends Error {
  override readonly name = 'BundlePartShrinksError';
}

/**
 * Each part a move from bundle `from` to bundle `to` changes or adds, hosting first (D26). A part
 * whose plan stays is not listed. A move that would take anything away from a part (a VPS disk
 * that would shrink, a part the larger bundle lacks, a smaller plan for a part) is refused with a
 * sentence: an upgrade only ever grows what the buyer has.
 */
export function bundlePartChanges(
  from: Pick<CatalogPlan, 'name' | 'category' | 'parts'>,
  to: Pick<CatalogPlan, 'name' | 'category' | 'parts'>,
  plans: readonly CatalogPlan[],
): BundlePartChange[] {
  const planOf = (id: string | undefined) => plans.find((plan) => plan.id === id);
  const changes: BundlePartChange[] = [];
  for (const kind of PART_KINDS) {
    const fromId = partPlanIdOf(from, kind);
    const toId = partPlanIdOf(to, kind);
    const fromPlan = planOf(fromId);
    const toPlan = planOf(toId);
    const label = PART_LABELS[kind];
    // In a sentence: "cloud storage", "domain", but "VPS" (an abbreviation) as it is.
    const word = kind === 'vps' ? label : label.toLowerCase();
    if (fromId && !toId) {
      throw new BundlePartShrinksError(
        `${to.name} has no ${word} part, so moving ${from.name} to it would take your ${fromPlan?.name ?? label} away.`,
      );
    }
    if (!toId || fromId === toId) continue;
    if (fromPlan && toPlan && partShrinks(kind, fromPlan, toPlan)) {
      const disk = fromPlan.specs?.ssdGb;
      const toDisk = toPlan.specs?.ssdGb;
      throw new BundlePartShrinksError(
        kind === 'vps' && disk !== undefined && toDisk !== undefined && toDisk < disk
          ? `A VPS disk can grow but never shrink, so ${from.name}'s ${fromPlan.name} (${disk} GB) cannot become ${to.name}'s ${toPlan.name} (${toDisk} GB).`
          : `${to.name}'s ${word} (${toPlan.name}) is smaller than the ${fromPlan.name} you have, so it is not an upgrade of ${from.name}.`,
      );
    }
    const toSize = partSizeOf(kind, toPlan);
    const fromSize = fromPlan && partSizeOf(kind, fromPlan);
    changes.push({
      kind,
      ...(fromId ? { fromPlanId: fromId, fromPlanName: fromPlan?.name ?? fromId } : {}),
      toPlanId: toId,
      toPlanName: toPlan?.name ?? toId,
      ...(fromSize ? { fromSize } : {}),
      ...(toSize ? { toSize } : {}),
    });
  }
  return changes;
}

/**
 * Why a bundle cannot move to a smaller bundle at its renewal (D26), or undefined when it can: a
 * VPS disk never shrinks and a VPS is never taken away at a renewal (its disk holds the buyer's
 * data). The other parts follow the smaller bundle's plans on the day (a storage quota only once
 * the files fit).
 */
export function bundleDowngradeRefusal(
  fromPlanId: string,
  toPlanId: string,
  plans: readonly CatalogPlan[],
): string | undefined {
  const from = plans.find((plan) => plan.id === fromPlanId);
  const to = plans.find((plan) => plan.id === toPlanId);
  const fromVps = plans.find((plan) => plan.id === partPlanIdOf(from, 'vps'));
  if (!from || !to || !fromVps) return undefined;
  const toVps = plans.find((plan) => plan.id === partPlanIdOf(to, 'vps'));
  const advice = `To pay less, buy ${to.name} as a new service, move your data, then cancel this one.`;
  if (!toVps) {
    return `${to.name} has no VPS, and the ${fromVps.name} of your ${from.name} holds your data, so it cannot be taken away at the renewal. ${advice}`;
  }
  const disk = fromVps.specs?.ssdGb ?? 0;
  const toDisk = toVps.specs?.ssdGb ?? 0;
  if (toDisk < disk) {
    return `A VPS disk can grow but never shrink, so your ${from.name}'s ${fromVps.name} (${disk} GB) cannot become ${to.name}'s ${toVps.name} (${toDisk} GB). ${advice}`;
  }
  return undefined;
}

/**
 * When a part the bundle's plan no longer lists ended (D26): the latest refund of a plan change
 * whose larger bundle brought that kind of part (the refunded upgrade takes its part away with
 * it). Undefined when no refunded change brought it.
 */
export function droppedPartEndOf(
  periods: Readonly<Record<string, ServicePeriod>> | undefined,
  kind: PartKind,
  plans: readonly CatalogPlan[],
): string | undefined {
  let latest: string | undefined;
  for (const period of Object.values(periods ?? {})) {
    const change = period.change;
    if (!change || !period.refundedAt) continue;
    const to = plans.find((plan) => plan.id === change.toPlanId);
    const from = plans.find((plan) => plan.id === change.fromPlanId);
    if (!partPlanIdOf(to, kind) || partPlanIdOf(from, kind)) continue;
    if (!latest || period.refundedAt > latest) latest = period.refundedAt;
  }
  return latest;
}
