/**
 * "Choose your domain" on a bundle's card (D24, issue #24): a bundle bought with its domain left
 * empty gets its name from the buyer later. The name is checked as checkout checks it (a label we
 * accept, an extension we sell, free at the registrar), recorded on the domain part only while the
 * part has no name (one conditional write), and converge is told (ServiceChanged, fact
 * `domain-chosen`): it registers the name through the same registrar step as any domain, under
 * the part's claim, and the card then shows it.
 */
import type { ServiceChangedDetail } from '../domain/api';
import { isLive } from '../domain/lifecycle';
import { parseDomainName } from '../domain/domain-names';
import { DomainError } from '../domain/errors';
import { DomainAlreadyChosenError, RegisterDomainTakenError } from '../domain/register-domain';
import type { EventPublisher } from '../ports/events';
import type { Registrar } from '../ports/registrar';
import type { ServicesStore } from '../ports/services';
import { lifeOfService } from './converge-service';
import { ServiceNotFoundError } from './open-control-panel';

export interface ChooseBundleDomainDeps {
  services: Pick<ServicesStore, 'getService' | 'chooseDomain'>;
  registrar: Pick<Registrar, 'availability'>;
  events: Pick<EventPublisher, 'publish'>;
  now: () => Date;
}

/** The bundle has ended: its domain is no longer to be registered (400 validation_failed). */
export class BundleNotLiveError extends DomainError {
  override readonly name = 'BundleNotLiveError';
  readonly code = 'validation_failed';
  constructor() {
    super('This bundle is no longer active, so its domain can no longer be chosen.');
  }
}

/**
 * Records `input.name` as the domain of the caller's bundle part `partId` (`<bundleId>~domain`)
 * and asks converge to register it; answers the name as recorded.
 */
export async function chooseBundleDomain(
  deps: ChooseBundleDomainDeps,
  userId: string,
  partId: string | undefined,
  input: unknown,
): Promise<{ serviceId: string; domain: string }> {
  const raw = (input as { name?: unknown } | null)?.name;
  const part = partId ? await deps.services.getService(userId, partId) : undefined;
  if (!part?.partOf || part.category !== 'domain') throw new ServiceNotFoundError();
  if (part.domain) throw new DomainAlreadyChosenError(part.domain);
  const name = parseDomainName(raw).name;
  const bundle = await deps.services.getService(userId, part.partOf);
  if (!bundle || !isLive(lifeOfService(bundle, deps.now()).state)) throw new BundleNotLiveError();
  const [answer] = await deps.registrar.availability([name]);
  if (answer?.available !== true) throw new RegisterDomainTakenError(name);
  if (!(await deps.services.chooseDomain({ userId, serviceId: part.serviceId }, name))) {
    const now = await deps.services.getService(userId, part.serviceId);
    throw new DomainAlreadyChosenError(now?.domain ?? name);
  }
  const detail: ServiceChangedDetail = {
    userId,
    serviceId: part.partOf,
    fact: 'domain-chosen',
    at: deps.now().toISOString(),
  };
  await deps.events.publish('ServiceChanged', detail);
  return { serviceId: part.serviceId, domain: name };
}
