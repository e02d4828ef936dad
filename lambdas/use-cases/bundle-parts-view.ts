/**
 * A bundle's parts as its card shows them (D24): its hosting from the bundle's own item, and each
 * other part from its item, read with the bundle's life (the same query that reads the bundle:
 * the dashboard reads no provider and no item more).
 */
import {
  bundleDomainUnregistered,
  bundlePartsOf,
  partServiceIdOf,
  PART_KINDS,
} from '../domain/bundle-parts';
import { CATALOG } from '../domain/catalog';
import type { Service, ServicePart, ServicePartState } from '../domain/services';
import type { ServiceProvisioning } from '../domain/provisioning';
import type { PurchasesStore } from '../ports/purchases';
import type { ServiceRecord, ServicesStore, ServiceSummary } from '../ports/services';
import { partAsBundleSays } from './converge-parts';
import { packageBehind } from './converge-service';
import { ServiceNotFoundError } from './open-control-panel';
import { serviceOfRecord, takenDomainChoosable } from './to-service';

/** The part's state in the card's words, from its delivery. */
export function partStateWord(provisioning: Pick<ServiceProvisioning, 'state'>): ServicePartState {
  switch (provisioning.state) {
    case 'ready':
      return 'ready';
    case 'suspended':
      return 'suspended';
    case 'terminated':
      return 'removed';
    case 'failed':
      return 'failed';
    default:
      return 'setting_up';
  }
}

/** Every part of the bundle, hosting first, then domain, storage and VPS. */
export function bundlePartsView(
  bundle: ServiceSummary,
  parts: readonly ServiceSummary[],
  now: Date,
): ServicePart[] {
  const own = serviceOfRecord(bundle, now);
  const ended = own.status === 'cancelled';
  const spec = bundlePartsOf(CATALOG.find((plan) => plan.id === own.planId)).find(
    (part) => part.kind === 'hosting',
  );
  const hostingPlan = CATALOG.find((plan) => plan.id === spec?.planId);
  const hosting: ServicePart = {
    kind: 'hosting',
    id: own.id,
    planId: hostingPlan?.id ?? own.planId,
    name: hostingPlan?.name ?? own.name,
    state: partStateWord(own.provisioning),
    provisioning: own.provisioning,
    ...(own.planUpdating ? { planUpdating: true } : {}),
    ...(own.domain ? { domain: own.domain } : {}),
  };
  const others = parts.map((part): ServicePart => {
    // On the plan its bundle's plan names at once (D26), "Updating…" until converge has moved it.
    const view = partAsBundleSays(part, bundle, now);
    const shown = serviceOfRecord(view, now);
    const updating =
      !ended &&
      shown.state !== 'ended' &&
      (view.planId !== part.planId || packageBehind(view, now) !== undefined);
    return {
      kind: part.category as ServicePart['kind'],
      id: part.serviceId,
      planId: view.planId,
      name: view.planName,
      state: partStateWord(shown.provisioning),
      provisioning: shown.provisioning,
      ...(updating ? { planUpdating: true } : {}),
      ...(shown.domain ? { domain: shown.domain } : {}),
      ...(takenDomainChoosable(part) ? { chooseDomain: true as const } : {}),
      ...(shown.vps ? { vps: shown.vps } : {}),
      ...(shown.storage ? { storage: shown.storage } : {}),
    };
  });
  const order = (kind: string) => PART_KINDS.indexOf(kind as (typeof PART_KINDS)[number]);
  return [hosting, ...others].sort((a, b) => order(a.kind) - order(b.kind));
}

/** A service as its card shows it: a bundle with its parts (D24), any other service as it is. */
export function serviceCardOf(
  record: ServiceSummary,
  parts: readonly ServiceSummary[],
  now: Date,
): Service {
  if (record.category !== 'bundle') return serviceOfRecord(record, now);
  const domain = parts.find((part) => part.category === 'domain');
  const service = serviceOfRecord(record, now, bundleDomainUnregistered(domain));
  service.parts = bundlePartsView(record, parts, now);
  // The bundle is updating while any of its parts is (D26).
  if (service.parts.some((part) => part.planUpdating)) service.planUpdating = true;
  return service;
}

/**
 * GET /api/me/services/{id}: the one card's data, with its parts for a bundle and, for a hosting
 * plan that comes with a free first-year domain (D23), the name its first purchase registered
 * (`freeDomain`, as the dashboard shows it). Another buyer's service, or a bundle's part (shown on
 * its bundle's card), is `404 service_not_found`.
 */
export async function getMyService(
  deps: {
    services: Pick<ServicesStore, 'getService'>;
    purchases: Pick<PurchasesStore, 'getPurchase'>;
    now: () => Date;
  },
  userId: string,
  serviceId: string,
): Promise<Service> {
  const record = await deps.services.getService(userId, serviceId);
  if (!record || record.partOf) throw new ServiceNotFoundError();
  const plan = CATALOG.find((p) => p.id === record.planId);
  // Every part item, as the dashboard lists them: a bundle's plan may have changed (D26), and a
  // VPS an upgrade added stays on the card, stopped, once that upgrade is refunded.
  const kinds = record.category === 'bundle' ? PART_KINDS.filter((kind) => kind !== 'hosting') : [];
  const [freeDomain, ...parts] = await Promise.all([
    plan?.freeDomainPlanId ? freeDomainOf(deps, record) : Promise.resolve(undefined),
    ...kinds.map((kind) => deps.services.getService(userId, partServiceIdOf(serviceId, kind))),
  ]);
  const card = serviceCardOf(
    record,
    parts.filter((part): part is ServiceRecord => part !== undefined && typeof part !== 'string'),
    deps.now(),
  );
  return typeof freeDomain === 'string' ? { ...card, freeDomain } : card;
}

/**
 * The free domain a hosting service's first purchase registered (D23: first purchases only), read
 * from that one purchase: one GetItem, only for a plan that offers one.
 */
async function freeDomainOf(
  deps: { purchases: Pick<PurchasesStore, 'getPurchase'> },
  record: ServiceRecord,
): Promise<string | undefined> {
  const first = Object.values(record.periods)
    .filter((period) => !period.change)
    .sort((a, b) => a.purchaseDate.localeCompare(b.purchaseDate))[0];
  if (!first) return undefined;
  return (await deps.purchases.getPurchase(record.userId, first.purchaseId))?.freeDomain;
}
