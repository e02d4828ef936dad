/**
 * Recording a fact on a service (D22): one write conditioned on the version read, retried on a
 * lost race, then ServiceChanged for converge to act on. The one way a dispute, an operator's hold
 * or end, or a removal reaches a service's life; nothing here touches a provider.
 */
import type { ServiceChangedDetail } from '../domain/api';
import { canMoveDispute } from '../domain/lifecycle';
import type { EventPublisher } from '../ports/events';
import type { ServiceFact, ServiceRecord, ServicesStore } from '../ports/services';

export interface RecordFactDeps {
  services: Pick<ServicesStore, 'getService' | 'changeFacts'>;
  events: Pick<EventPublisher, 'publish'>;
  now: () => Date;
}

/** Rounds of read-write before giving up; each lost round means another write landed. */
const MAX_ROUNDS = 25;

export class ServiceFactConflictError extends Error {
  override readonly name = 'ServiceFactConflictError';
}

/** What ServiceChanged says was recorded, for each kind of fact. */
export const FACT_OF: Record<ServiceFact['kind'], ServiceChangedDetail['fact']> = {
  dispute: 'dispute',
  hold: 'hold',
  unhold: 'unhold',
  end: 'end',
  remove: 'remove',
  'schedule-plan': 'plan',
  'cancel-plan': 'plan',
  extend: 'extend',
};

/**
 * Writes `fact` on the service and hands it to converge. Answers the service as it was read
 * before the write, or undefined when there is no such service (nothing written or published). A
 * dispute that would move backwards (decided, then opened again by a late webhook) is not written.
 */
export async function recordServiceFact(
  deps: RecordFactDeps,
  ref: { userId: string; serviceId: string },
  fact: ServiceFact,
): Promise<ServiceRecord | undefined> {
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const service = await deps.services.getService(ref.userId, ref.serviceId);
    if (!service) return undefined;
    // A decided dispute stays decided, whatever arrives late (lambdas/domain/lifecycle.ts).
    if (
      fact.kind === 'dispute' &&
      !canMoveDispute(service.disputes?.[fact.paymentId], fact.state)
    ) {
      return service;
    }
    const at = deps.now().toISOString();
    if (await deps.services.changeFacts(ref, fact, service.version, at)) {
      await deps.events.publish('ServiceChanged', { ...ref, fact: FACT_OF[fact.kind], at });
      return service;
    }
  }
  throw new ServiceFactConflictError(
    `service ${ref.serviceId} kept changing; ${fact.kind} not recorded`,
  );
}
