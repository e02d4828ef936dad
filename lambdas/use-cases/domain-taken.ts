/**
 * A domain's name was taken before it could be registered, or its transfer in failed (D23): what
 * the buyer gets. A paid name is refunded in full at once (`refund`, as Cancel refunds). A
 * hosting's free first-year domain was paid nothing, so nothing is refunded: the buyer is mailed
 * that the name is not theirs and to choose another on its card (choose-bundle-domain.ts), which
 * registers it for the same free year. Converge calls this once, when it fails the part.
 */
import { isFreeDomainService } from '../domain/register-domain';
import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import type { ServiceRecord } from '../ports/services';
import type { UsersStore } from '../ports/users';
import { freeDomainTakenMail } from '../templates/mail/free-domain-taken';

export interface DomainTakenDeps {
  users: Pick<UsersStore, 'getUser'>;
  mailer: Mailer;
  siteUrl: () => string;
  log: LogPort;
  /** The full refund of a paid name (cancelService with `unregisteredDomain`). */
  refund: (service: ServiceRecord) => Promise<void>;
}

export async function domainTaken(deps: DomainTakenDeps, service: ServiceRecord): Promise<void> {
  if (!isFreeDomainService(service)) {
    await deps.refund(service);
    return;
  }
  const { userId, serviceId } = service;
  const user = await deps.users.getUser(userId);
  if (!user?.email || !service.domain) {
    deps.log.warn('A free domain was taken, and its buyer has no email to tell', { serviceId });
    return;
  }
  await deps.mailer.send({
    to: user.email,
    ...freeDomainTakenMail({ name: user.name, domain: service.domain, siteUrl: deps.siteUrl() }),
    about: { userId, kind: 'free-domain-taken', ref: serviceId },
  });
  deps.log.info('A free domain was taken; its buyer was mailed to choose another', { serviceId });
}
