/**
 * "Choose your domain" on a bundle's card (D24, issue #24): a bundle bought with its domain left
 * empty gets its name from the buyer later. The name is checked as checkout checks it (a label we
 * accept, an extension we sell, free at the registrar), recorded on the domain part only while the
 * part has no name (one conditional write), and converge is told (ServiceChanged, fact
 * `domain-chosen`): it registers the name through the same registrar step as any domain, under
 * the part's claim, and the card then shows it. A hosting's free first-year domain (D23) taken
 * before it could be registered gets another name from its card the same way. As at checkout, the
 * name is refused while the buyer's profile lacks the registrant's address or mobile number
 * (`registrant_details_required`, the same check), before the registrar is asked or anything is
 * written: recorded, it would wait out of step until they came.
 */
import type { ServiceChangedDetail } from '../domain/api';
import { isLive } from '../domain/lifecycle';
import { parseDomainName } from '../domain/domain-names';
import { DomainError } from '../domain/errors';
import { DomainAlreadyChosenError, RegisterDomainTakenError } from '../domain/register-domain';
import { assertRegistrant } from '../domain/registrant';
import type { EventPublisher } from '../ports/events';
import type { Registrar } from '../ports/registrar';
import type { ServicesStore } from '../ports/services';
import type { UsersStore } from '../ports/users';
import { lifeOfService } from './converge-service';
import { ServiceNotFoundError } from './open-control-panel';
import { takenDomainChoosable } from './to-service';

export interface ChooseBundleDomainDeps {
  services: Pick<ServicesStore, 'getService' | 'chooseDomain'>;
  registrar: Pick<Registrar, 'availability'>;
  /** The buyer's profile: the registrant's address and mobile number (D23). */
  users: Pick<UsersStore, 'getUser'>;
  events: Pick<EventPublisher, 'publish'>;
  now: () => Date;
}

/** The bundle (or free domain) has ended: no name is registered now (400 validation_failed). */
export class BundleNotLiveError extends DomainError {
  override readonly name = 'BundleNotLiveError';
  readonly code = 'validation_failed';
  constructor() {
    super('This service is no longer active, so its domain can no longer be chosen.');
  }
}

/**
 * Records `input.name` as the domain of the caller's service `serviceId` and asks converge to
 * register it; answers the name as recorded. The service is a bundle's domain part
 * (`<bundleId>~domain`) bought without a name, or a domain whose name was taken before it could be
 * registered and that is not refunded for it: a hosting's free first-year domain (D23) or a
 * bundle's domain part (D24). Its failed delivery goes with the old name, and converge registers
 * the new one afresh (a free domain keeps its ₹0 year).
 */
export async function chooseBundleDomain(
  deps: ChooseBundleDomainDeps,
  userId: string,
  serviceId: string | undefined,
  input: unknown,
): Promise<{ serviceId: string; domain: string }> {
  const raw = (input as { name?: unknown } | null)?.name;
  const service = serviceId ? await deps.services.getService(userId, serviceId) : undefined;
  if (!service || service.category !== 'domain') throw new ServiceNotFoundError();
  const taken = takenDomainChoosable(service);
  if (!service.partOf && !taken) throw new ServiceNotFoundError();
  if (service.domain && !taken) throw new DomainAlreadyChosenError(service.domain);
  const name = parseDomainName(raw).name;
  // A part lives its bundle's life; a free domain its own.
  const owner = service.partOf ? await deps.services.getService(userId, service.partOf) : service;
  if (!owner || !isLive(lifeOfService(owner, deps.now()).state)) throw new BundleNotLiveError();
  // D23: the name is registered under the buyer's registrant details, checked as checkout does.
  const user = await deps.users.getUser(userId);
  assertRegistrant({ phone: user?.phone ?? '', billing: user?.billing }, 'choose');
  const [answer] = await deps.registrar.availability([name]);
  if (answer?.available !== true) throw new RegisterDomainTakenError(name);
  const ref = { userId, serviceId: service.serviceId };
  const recorded = taken
    ? await deps.services.chooseDomain(ref, name, service.domain)
    : await deps.services.chooseDomain(ref, name);
  if (!recorded) {
    const now = await deps.services.getService(userId, service.serviceId);
    throw new DomainAlreadyChosenError(now?.domain ?? name);
  }
  const detail: ServiceChangedDetail = {
    userId,
    serviceId: service.partOf ?? service.serviceId,
    fact: 'domain-chosen',
    at: deps.now().toISOString(),
  };
  await deps.events.publish('ServiceChanged', detail);
  return { serviceId: service.serviceId, domain: name };
}
