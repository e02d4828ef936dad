import { isSameService } from '../domain/services';
import type { PurchasesStore } from '../ports/purchases';
import type { ServicesStore } from '../ports/services';
import { serviceIdFor } from './extend-service';

export interface HeldServiceDeps {
  services: Pick<ServicesStore, 'getService' | 'listServices'>;
  purchases: Pick<PurchasesStore, 'listPurchases'>;
}

/**
 * Whether the buyer holds or held this service (the same plan and, where it has one, the same
 * domain): then an order for it is a renewal, priced at the renewal price (D14), whatever the page
 * asked for. Its item answers at once; a buyer from before services were stored is found in their
 * purchases.
 */
export async function holdsOrHeld(
  deps: HeldServiceDeps,
  userId: string,
  service: { planId: string; domain?: string },
): Promise<boolean> {
  if (await deps.services.getService(userId, serviceIdFor(userId, service))) return true;
  const purchases = await deps.purchases.listPurchases(userId);
  return purchases.some((purchase) => isSameService(purchase, service));
}

/**
 * Which service an order for this plan (and domain) pays for, and whether it is a renewal (D14).
 * A service keeps the id it was bought under when its plan changes (D26), so the natural id
 * (serviceIdFor) may hold a service now on another plan, and a service now on this plan may have
 * another id: the order then names the service (`serviceId`). A new service whose natural id is
 * held by a changed one gets an id of its own, the same for every order of that plan.
 */
export async function serviceForOrder(
  deps: HeldServiceDeps,
  userId: string,
  service: { planId: string; domain?: string },
): Promise<{ renewal: boolean; serviceId?: string }> {
  const natural = await deps.services.getService(userId, serviceIdFor(userId, service));
  if (natural && natural.planId === service.planId) return { renewal: true };
  const changed = (await deps.services.listServices(userId)).find(
    (s) =>
      // A bundle's part (D24) is never an order's own service.
      !s.partOf &&
      // Its plan, or the smaller plan chosen for its renewal (D26: the renewal is priced at it).
      (s.planId === service.planId || s.pendingPlan?.planId === service.planId) &&
      (s.domain ?? '') === (service.domain ?? ''),
  );
  if (changed) return { renewal: true, serviceId: changed.serviceId };
  const renewal = await holdsOrHeld(deps, userId, service);
  if (!natural) return { renewal };
  return {
    renewal,
    serviceId: serviceIdFor(userId, {
      ...service,
      domain: `${service.domain ?? ''}\nafter-change`,
    }),
  };
}
