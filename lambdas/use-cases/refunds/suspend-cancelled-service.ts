/**
 * A service that ended before its time (ServiceCancelled: cancelled, refunded in full, a dispute
 * lost) is suspended on the hosting panel at once (D16): the account and its data stay, for an
 * operator to terminate or the buyer to come back to. Only hosting and bundles have an account on
 * the panel. Under the provisioning claim, so it never races the account's creation or a renewal;
 * the service is read again under the claim, and a payment that gave it time again meanwhile
 * leaves it running.
 */
import type { ServiceCancelledDetail } from '../../domain/api';
import { isCancelled } from '../../domain/refunds';
import { isSuspendable } from '../../domain/renewal-schedule';
import type { LogPort } from '../../ports/logger';
import type { Provisioner, ProvisioningRecords } from '../../ports/provisioning';
import type { ServicesStore } from '../../ports/services';

export interface SuspendCancelledServiceDeps {
  services: Pick<ServicesStore, 'getService'>;
  provisioning: ProvisioningRecords;
  panel: Pick<Provisioner, 'suspend'>;
  log: LogPort;
  now: () => Date;
}

export type SuspendOutcome = 'suspended' | 'already_suspended' | 'nothing_to_do';

/** The account is still being made, or another attempt is acting on it: the bus tries again. */
export class ProvisioningBusyError extends Error {
  override readonly name = 'ProvisioningBusyError';
  constructor(readonly serviceId: string) {
    super(`Provisioning of ${serviceId} is not settled; suspend it later.`);
  }
}

export const SUSPENSION_REASONS: Readonly<Record<ServiceCancelledDetail['why'], string>> = {
  cancelled: 'Cancelled by the buyer with a refund (money-back guarantee)',
  refunded: 'Payment refunded in full',
  dispute_lost: 'Payment dispute lost',
};

export async function suspendCancelledService(
  deps: SuspendCancelledServiceDeps,
  detail: Pick<ServiceCancelledDetail, 'userId' | 'serviceId' | 'why'>,
  deliveryId: string,
): Promise<SuspendOutcome> {
  const { userId, serviceId } = detail;
  const context = { serviceId, why: detail.why, deliveryId };
  const stillEnded = async () => {
    const service = await deps.services.getService(userId, serviceId);
    return service !== undefined && isCancelled(service) ? service : undefined;
  };
  const service = await stillEnded();
  if (!service || !isSuspendable(service.category)) return 'nothing_to_do';
  const record = await deps.provisioning.get(userId, serviceId);
  switch (record?.state) {
    case 'suspended':
      return 'already_suspended';
    case 'pending':
      // Being created right now: suspend it once it exists.
      throw new ProvisioningBusyError(serviceId);
    case 'ready':
      break;
    default:
      deps.log.info('Ended service has no panel account to suspend', {
        ...context,
        state: record?.state ?? 'none',
      });
      return 'nothing_to_do';
  }
  if (!record.username) return 'nothing_to_do';

  const claim = await deps.provisioning.claim(userId, serviceId, deliveryId, deps.now());
  if (claim.state === 'held') throw new ProvisioningBusyError(serviceId);
  const reason = SUSPENSION_REASONS[detail.why];
  try {
    if (!(await stillEnded())) {
      await deps.provisioning.release(userId, serviceId, claim.token);
      return 'nothing_to_do';
    }
    await deps.panel.suspend(record.username, reason);
    await deps.provisioning.settle(
      userId,
      serviceId,
      claim.token,
      'ready',
      { state: 'suspended', reason },
      deps.now(),
    );
  } catch (error) {
    await deps.provisioning.release(userId, serviceId, claim.token).catch(() => undefined);
    throw error;
  }
  deps.log.info('Ended service suspended on the panel', { ...context, username: record.username });
  return 'suspended';
}
