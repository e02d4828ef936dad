/**
 * "Open control panel" (D18): a single-use login to the panel account of one of the caller's own
 * services, asked of the panel when the buyer clicks (WHM create_user_session). Only a hosting
 * service (or a bundle's hosting) that should be live now (its desired state, D22: refused at
 * once after Cancel, before converge suspends the account) and whose account is ready; a service is looked up
 * under the caller's own id, so another buyer's is simply not found.
 */
import { DomainError } from '../domain/errors';
import {
  initialProvisioningState,
  panelLoginRefusal,
  type PanelLoginRefusal,
} from '../domain/provisioning';
import type { LogPort } from '../ports/logger';
import {
  NoSuchAccountError,
  ProvisionerUnavailableError,
  type Provisioner,
} from '../ports/provisioning';
import type { ServicesStore } from '../ports/services';
import { lifeOfService } from './converge-service';

export interface OpenControlPanelDeps {
  services: Pick<ServicesStore, 'getService'>;
  panel: Pick<Provisioner, 'openSession'>;
  log: LogPort;
  now: () => Date;
}

export class ServiceNotFoundError extends DomainError {
  override readonly name = 'ServiceNotFoundError';
  readonly code = 'service_not_found';
  constructor() {
    super('We could not find that service on your account.');
  }
}

const REFUSALS: Readonly<Record<PanelLoginRefusal, string>> = {
  service_not_ready:
    'This service is still being set up. You can open its control panel once it is ready; we will email you.',
  service_suspended:
    'This service is suspended, so its control panel is closed. Renew it to open the control panel again.',
  service_ended:
    'This service has ended (it was cancelled or refunded), so its control panel is closed.',
};

export class PanelLoginRefusedError extends DomainError {
  override readonly name = 'PanelLoginRefusedError';
  constructor(readonly code: PanelLoginRefusal) {
    super(REFUSALS[code]);
  }
}

export async function openControlPanel(
  deps: OpenControlPanelDeps,
  userId: string,
  serviceId: string,
): Promise<{ url: string }> {
  const service = await deps.services.getService(userId, serviceId);
  if (!service) throw new ServiceNotFoundError();
  const state = service.provisioning?.state ?? initialProvisioningState(service.category);
  const desired = lifeOfService(service, deps.now()).state;
  const refusal = panelLoginRefusal({ category: service.category, desired, state });
  const username = service.provisioning?.username;
  if (refusal) throw new PanelLoginRefusedError(refusal);
  if (!username) throw new PanelLoginRefusedError('service_not_ready');
  try {
    const session = await deps.panel.openSession(username);
    return { url: session.url };
  } catch (error) {
    if (error instanceof ProvisionerUnavailableError) {
      deps.log.warn('The panel did not answer a login request', {
        serviceId,
        detail: error.detail,
      });
      throw error;
    }
    if (error instanceof NoSuchAccountError) {
      // Ready here, gone on the panel (removed by hand): a person must look; the buyer waits.
      deps.log.error('A ready service has no account on the panel', { serviceId, username });
      throw new PanelLoginRefusedError('service_not_ready');
    }
    throw error;
  }
}
