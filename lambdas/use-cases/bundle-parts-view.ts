/**
 * A bundle's parts as its card shows them (D24): its hosting from the bundle's own item, and each
 * other part from its item, read with the bundle's life (the same query that reads the bundle:
 * the dashboard reads no provider and no item more).
 */
import { bundlePartsOf, partViewOf, PART_KINDS } from '../domain/bundle-parts';
import { CATALOG } from '../domain/catalog';
import type { ServicePart, ServicePartState } from '../domain/services';
import type { ServiceProvisioning } from '../domain/provisioning';
import type { ServiceSummary } from '../ports/services';
import { serviceOfRecord } from './to-service';

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
    ...(own.domain ? { domain: own.domain } : {}),
  };
  const others = parts.map((part): ServicePart => {
    const shown = serviceOfRecord(partViewOf(part, bundle), now);
    return {
      kind: part.category as ServicePart['kind'],
      id: part.serviceId,
      planId: part.planId,
      name: part.planName,
      state: partStateWord(shown.provisioning),
      provisioning: shown.provisioning,
      ...(shown.domain ? { domain: shown.domain } : {}),
      ...(shown.vps ? { vps: shown.vps } : {}),
      ...(shown.storage ? { storage: shown.storage } : {}),
    };
  });
  const order = (kind: string) => PART_KINDS.indexOf(kind as (typeof PART_KINDS)[number]);
  return [hosting, ...others].sort((a, b) => order(a.kind) - order(b.kind));
}
