/**
 * Converge's dependencies (lambdas/use-cases/converge-service.ts, D22) for every function that
 * converges a service: the bus's consumer (provision-service) and the operator's "Converge now"
 * and removal (admin). Delivery (provisionService) is its way to make a part that is still to be
 * made; the buyer's name and email come from the users table for a delivery no purchase carries.
 */
import type { FollowUps } from '../../ports/follow-ups';
import type { ServicesStore } from '../../ports/services';
import type { UsersStore } from '../../ports/users';
import type { ComputePart } from '../../use-cases/converge-compute';
import type { ConvergeDeps, RegistrarPart } from '../../use-cases/converge-service';
import type { StoragePart } from '../../use-cases/converge-storage';
import { provisionService, type ProvisionServiceDeps } from '../../use-cases/provision-service';

export type ConvergeHandlerDeps = ProvisionServiceDeps & {
  /** With addPart, a bundle's missing part items are made (converge-parts.ts). */
  services: Pick<ServicesStore, 'getService' | 'recordLife'> &
    Partial<Pick<ServicesStore, 'addPart' | 'setPartPlan'>>;
  users: Pick<UsersStore, 'getUser'>;
  /** A domain's part at the registrar (D23); without it a domain waits for an operator. */
  registrar?: RegistrarPart;
  /** A VPS's VM (D24); without it a VPS waits for an operator. */
  compute?: ComputePart;
  /** A storage service's user at the object storage (D24); without it storage waits for an operator. */
  storage?: StoragePart;
  /** Converge's own next pass (E31); without it a running clone is thrown for the bus to retry. */
  followUps?: FollowUps;
};

/** Converge's dependencies, with delivery (provisionService) as its way to make a part. */
export function convergeDepsOf(deps: ConvergeHandlerDeps): ConvergeDeps {
  return {
    services: deps.services,
    records: deps.records,
    panel: deps.panel,
    deliver: (request, deliveryId) => provisionService(deps, request, deliveryId),
    buyer: async (userId) => {
      const user = await deps.users.getUser(userId);
      return user && { email: user.email, name: user.name };
    },
    ...(deps.registrar ? { registrar: deps.registrar } : {}),
    ...(deps.plans ? { plans: deps.plans } : {}),
    ...(deps.compute ? { compute: deps.compute } : {}),
    ...(deps.storage ? { storage: deps.storage } : {}),
    ...(deps.followUps ? { followUps: deps.followUps } : {}),
    log: deps.log,
    now: deps.now,
  };
}
