import { createHash } from 'node:crypto';
import { extensionFor, type PaidPurchase, type ServicePeriod } from '../domain/service-periods';
import { isSameService } from '../domain/services';
import type { PurchasesStore } from '../ports/purchases';
import type { ServiceIdentity, ServicesStore } from '../ports/services';

/**
 * How many times one payment reads and writes its service before giving up. Each round lets at
 * least one racer through, so N payments for one service at once all finish within N rounds; a
 * buyer paying for one plan this many times in the same instant is not a buyer.
 */
export const MAX_EXTENSION_ATTEMPTS = 25;

export class ServiceExtensionConflictError extends Error {
  override readonly name = 'ServiceExtensionConflictError';
}

/**
 * A service's id: the same for every payment of one buyer for one plan (and domain name), so
 * concurrent first payments meet on one item; unique across buyers, so an operator's route can
 * name a service by its id alone; opaque, so it says nothing about the buyer.
 */
export function serviceIdFor(userId: string, service: { planId: string; domain?: string }): string {
  const digest = createHash('sha256')
    .update(`${userId}\n${service.planId}\n${service.domain ?? ''}`)
    .digest('hex');
  return `svc_${digest.slice(0, 24)}`;
}

export interface ExtendServiceDeps {
  services: ServicesStore;
  purchases: PurchasesStore;
}

/**
 * Gives the purchase its period of the service (lambdas/domain/service-periods.ts): read the
 * service, compute the period from what was read, write it conditioned on the version read, and
 * on a conflict read again. A purchase whose period was given before gets that period back, so a
 * retry after a crash never extends twice.
 */
export async function extendService(
  deps: ExtendServiceDeps,
  service: Omit<ServiceIdentity, 'serviceId'> & { serviceId?: string },
  purchase: PaidPurchase,
  at: Date,
): Promise<{ serviceId: string; period: ServicePeriod }> {
  // The order names its service when it is not the plan's natural id (a changed plan, D26).
  const identity: ServiceIdentity = {
    ...service,
    serviceId: service.serviceId ?? serviceIdFor(service.userId, service),
  };
  for (let attempt = 1; attempt <= MAX_EXTENSION_ATTEMPTS; attempt += 1) {
    const current = await deps.services.getService(identity.userId, identity.serviceId);
    // Before services were stored, what a buyer held was read from their purchases.
    const earlier = current
      ? []
      : (await deps.purchases.listPurchases(identity.userId)).filter((p) =>
          isSameService(p, purchase),
        );
    const extension = extensionFor(current, purchase, at, earlier);
    if (extension.kind === 'given')
      return { serviceId: identity.serviceId, period: extension.period };
    const written = await deps.services.extendService(
      identity,
      extension.period,
      extension.expectedVersion,
      at.toISOString(),
    );
    if (written) return { serviceId: identity.serviceId, period: extension.period };
  }
  throw new ServiceExtensionConflictError(
    `service ${identity.serviceId} kept changing; purchase ${purchase.purchaseId} not applied yet`,
  );
}
