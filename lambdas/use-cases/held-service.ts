import { isSameService } from '../domain/services';
import type { PurchasesStore } from '../ports/purchases';
import type { ServicesStore } from '../ports/services';
import { serviceIdFor } from './extend-service';

export interface HeldServiceDeps {
  services: Pick<ServicesStore, 'getService'>;
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
