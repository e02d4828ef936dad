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
