import type { AdminService, AuditEntry, OperatorRef } from '../../domain/admin';
import type { AuditLog } from '../../ports/audit';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type {
  ProvisioningRecord,
  ProvisioningRecords,
  WaitingService,
  WaitingState,
} from '../../ports/provisioning';
import type { ServicesStore } from '../../ports/services';
import type { UsersStore } from '../../ports/users';
import { SecretInMailError } from '../../templates/mail/access-details';
import { serviceReadyMail } from '../../templates/mail/service-ready';
import { lifeOfService } from '../converge-service';
import { ServiceEndedError, ServiceNotWaitingError, AccessDetailsRefusedError } from './errors';

export interface AdminProvisioningDeps {
  records: ProvisioningRecords;
  /** Each waiting service's facts: an ended one is not set up (D22). */
  services: Pick<ServicesStore, 'getService'>;
  users: UsersStore;
  audit: AuditLog;
  mailer: Mailer;
  /** The storefront's address, for the dashboard link in the mail (SITE_URL). */
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
  newId: () => string;
}

/** More services waiting at once than a two-person business sets up in a week. */
const WAITING_PAGE = 200;
const WAITING_STATES: readonly WaitingState[] = ['manual', 'failed'];

/**
 * The services waiting for a person in one state (VPS, storage and domains are `manual` from the
 * start; a panel account the panel refused is `failed`), from the services table's sparse index,
 * each with its buyer and what operators did to it. A service that has ended (cancelled, refunded)
 * is not listed: nothing is to be set up for it. Each is read for that; the queue is small.
 */
export async function listWaitingServices(
  deps: AdminProvisioningDeps,
  state: WaitingState,
): Promise<AdminService[]> {
  const waiting = await deps.records.listWaiting(state, WAITING_PAGE);
  const ended = await Promise.all(waiting.map((service) => hasEnded(deps, service)));
  return Promise.all(
    waiting.filter((_, i) => !ended[i]).map((service) => adminServiceOf(deps, service)),
  );
}

/** Whether the service's life is over (ended or removed, D22): nothing is set up for it. */
export async function hasEnded(
  deps: Pick<AdminProvisioningDeps, 'services' | 'now'>,
  ref: { userId: string; serviceId: string },
): Promise<boolean> {
  const service = await deps.services.getService(ref.userId, ref.serviceId);
  if (!service) return false;
  const { state } = lifeOfService(service, deps.now());
  return state === 'ended' || state === 'removed';
}

/**
 * An operator set a service up by hand and enters its access details (label → value; never a
 * password: the mail template refuses anything that looks like one, and then nothing is written).
 * The service moves to ready with them and the buyer is mailed them (serviceReadyMail) once: the
 * audit entry is written first and names the buyer, so a retry after a failed send finds the
 * ready, unannounced service and sends what is left.
 */
export async function markServiceReady(
  deps: AdminProvisioningDeps,
  operator: OperatorRef,
  serviceId: string,
  details: Record<string, string>,
  note: string,
): Promise<AdminService> {
  const at = deps.now();
  const waiting = await findWaiting(deps, serviceId);
  if (!waiting) return finishAnnouncing(deps, serviceId);
  // Before the audit entry and the mail: an ended service is never set up.
  if (await hasEnded(deps, waiting)) throw new ServiceEndedError();

  const user = await deps.users.getUser(waiting.userId);
  const mail = readyMail(deps, waiting, user?.name ?? '', details);
  const entry: AuditEntry = {
    entryId: `${at.toISOString()}#${deps.newId()}`,
    at: at.toISOString(),
    operator,
    action: 'provisioning.ready',
    target: { kind: 'service', id: serviceId },
    customerId: waiting.userId,
    // What the service is, too: a retry after a failed send rebuilds the buyer's mail from it.
    before: {
      state: waiting.state,
      planId: waiting.planId,
      planName: waiting.planName,
      category: waiting.category,
      ...(waiting.domain ? { domain: waiting.domain } : {}),
    },
    after: { state: 'ready', details },
    note,
  };
  await deps.audit.append(entry);
  const moved = await deps.records.completeByHand(
    waiting.userId,
    serviceId,
    waiting.state as WaitingState,
    details,
    at,
  );
  if (!moved) throw new ServiceNotWaitingError();
  await announce(deps, waiting, user?.email, mail);
  return adminServiceOf(deps, {
    ...waiting,
    state: 'ready',
    details,
    updatedAt: at.toISOString(),
  });
}

/**
 * An operator's retry of a service the panel refused: failed → pending. The caller then sends
 * the purchase's event again, and the provisioning consumer tries the panel once more.
 */
export async function retryProvisioning(
  deps: AdminProvisioningDeps,
  serviceId: string,
): Promise<WaitingService> {
  const failed = (await deps.records.listWaiting('failed', WAITING_PAGE)).find(
    (service) => service.serviceId === serviceId,
  );
  if (!failed) throw new ServiceNotWaitingError();
  if (!(await deps.records.retry(failed.userId, serviceId, deps.now()))) {
    throw new ServiceNotWaitingError();
  }
  return failed;
}

async function findWaiting(
  deps: AdminProvisioningDeps,
  serviceId: string,
): Promise<WaitingService | undefined> {
  for (const state of WAITING_STATES) {
    const found = (await deps.records.listWaiting(state, WAITING_PAGE)).find(
      (service) => service.serviceId === serviceId,
    );
    if (found) return found;
  }
  return undefined;
}

function readyMail(
  deps: AdminProvisioningDeps,
  service: WaitingService,
  name: string,
  details: Record<string, string>,
) {
  try {
    return serviceReadyMail({
      name,
      planName: service.planName,
      category: service.category,
      ...(service.domain ? { domain: service.domain } : {}),
      access: { details },
      siteUrl: deps.siteUrl(),
    });
  } catch (error) {
    if (error instanceof SecretInMailError) throw new AccessDetailsRefusedError(error.message);
    throw error;
  }
}

async function announce(
  deps: AdminProvisioningDeps,
  service: { userId: string; serviceId: string },
  email: string | undefined,
  mail: ReturnType<typeof serviceReadyMail>,
): Promise<void> {
  if (!email) {
    deps.log.error('Service ready but its buyer has no email on record', {
      serviceId: service.serviceId,
    });
    return;
  }
  await deps.mailer.send({
    to: email,
    ...mail,
    about: { userId: service.userId, kind: 'service-ready', ref: service.serviceId },
  });
  await deps.records.markAnnounced(service.userId, service.serviceId, deps.now());
  deps.log.info('Service set up by an operator; the buyer is mailed', {
    serviceId: service.serviceId,
  });
}

/**
 * A service no longer waiting: when an operator's earlier attempt made it ready but did not get to
 * mail the buyer (the send failed), mail them now; otherwise there is nothing to do (409).
 */
async function finishAnnouncing(
  deps: AdminProvisioningDeps,
  serviceId: string,
): Promise<AdminService> {
  const earlier = (await deps.audit.listForTarget({ kind: 'service', id: serviceId }))
    .filter((entry) => entry.action === 'provisioning.ready' && entry.customerId)
    .at(-1);
  const record = earlier?.customerId && (await deps.records.get(earlier.customerId, serviceId));
  if (!record || record.state !== 'ready' || record.announcedAt || !record.details) {
    throw new ServiceNotWaitingError();
  }
  if (await hasEnded(deps, record)) throw new ServiceEndedError();
  const service = identityFromAudit(record, earlier);
  const user = await deps.users.getUser(record.userId);
  await announce(
    deps,
    record,
    user?.email,
    readyMail(deps, service, user?.name ?? '', record.details),
  );
  return adminServiceOf(deps, service);
}

/** The plan of a service known only by its record: what the operator's audit entry saw. */
function identityFromAudit(
  record: ProvisioningRecord,
  entry: AuditEntry | undefined,
): WaitingService {
  const seen = (entry?.before ?? {}) as Partial<WaitingService>;
  return {
    ...record,
    planId: seen.planId ?? '',
    planName: seen.planName ?? 'your service',
    category: seen.category ?? 'vps',
    ...(seen.domain ? { domain: seen.domain } : {}),
  };
}

async function adminServiceOf(
  deps: AdminProvisioningDeps,
  service: WaitingService,
): Promise<AdminService> {
  const [user, audit] = await Promise.all([
    deps.users.getUser(service.userId),
    deps.audit.listForTarget({ kind: 'service', id: service.serviceId }),
  ]);
  const admin: AdminService = {
    serviceId: service.serviceId,
    userId: service.userId,
    email: user?.email ?? '',
    name: user?.name ?? '',
    planId: service.planId,
    planName: service.planName,
    category: service.category,
    state: service.state,
    since: service.updatedAt,
    audit,
  };
  if (service.domain) admin.domain = service.domain;
  if (service.failureReason) admin.failureReason = service.failureReason;
  if (service.details) admin.details = service.details;
  return admin;
}
