/**
 * The console's part of a service's life (D22): the services out of step for 15 minutes or more,
 * "Converge now" for one of them, the ended services due for removal, and their removal. What a
 * service should be is lifecycle.ts's and converge's alone; the console only lists what converge
 * recorded, records the operator's fact (`remove`) and asks converge to act on it.
 */
import type {
  AuditEntry,
  OperatorRef,
  OutOfStepService,
  RemovableService,
  ServiceLifeView,
} from '../../domain/admin';
import {
  isDueForRemoval,
  isOverdue,
  outOfStepAt,
  REMOVAL_AFTER_DAYS,
  type LifeQueue,
  type Life,
} from '../../domain/lifecycle';
import { istDate } from '../../domain/renewals';
import type { AuditLog } from '../../ports/audit';
import type { LogPort } from '../../ports/logger';
import type { QueuedService, ServiceRecord, ServicesStore } from '../../ports/services';
import {
  convergeService,
  ConvergeBusyError,
  lifeOfService,
  type ConvergeDeps,
} from '../converge-service';
import { AdminServiceNotFoundError, ServiceBusyError, ServiceNotRemovableError } from './errors';

export interface ServiceLifeDeps {
  services: Pick<ServicesStore, 'getService' | 'changeFacts' | 'listQueue'>;
  /** Converge, wired with the panel and delivery (lambdas/handlers/deps/converge.ts). */
  converge: ConvergeDeps;
  audit: AuditLog;
  log: LogPort;
  now: () => Date;
  newId: () => string;
}

/** More services on one queue than a two-person business looks at in a day. */
const QUEUE_PAGE = 200;
/** Rounds of read-and-write for the removal fact, each lost only to another write just then. */
const WRITE_ROUNDS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The services out of step for 15 minutes or more (isOverdue), oldest first, from the services
 * table's sparse lifeQueue index: one query, no scan.
 */
export async function listOutOfStep(
  deps: Pick<ServiceLifeDeps, 'services' | 'now'>,
): Promise<OutOfStepService[]> {
  const now = deps.now();
  return (await deps.services.listQueue('out-of-step', QUEUE_PAGE))
    .map((queued) => ({ queued, since: queued.life?.outOfStepSince ?? queued.lifeQueueAt }))
    .filter(({ queued, since }) => queued.life !== undefined && isOverdue(since, now))
    .sort((a, b) => a.since.localeCompare(b.since))
    .map(({ queued, since }) => {
      const life = queued.life as NonNullable<QueuedService['life']>;
      return {
        ...identityOf(queued),
        desired: life.desired,
        actual: life.actual,
        since,
        ...(life.lastError ? { lastError: life.lastError } : {}),
      };
    });
}

/** The ended services whose removableFrom has come, soonest first (the removal queue). */
export async function listRemovals(
  deps: Pick<ServiceLifeDeps, 'services' | 'now'>,
): Promise<RemovableService[]> {
  const now = deps.now().getTime();
  return (await deps.services.listQueue('removal', QUEUE_PAGE))
    .map((queued) => ({ queued, from: queued.life?.removableFrom ?? queued.lifeQueueAt }))
    .filter(({ queued, from }) => queued.life?.desired === 'ended' && Date.parse(from) <= now)
    .sort((a, b) => a.from.localeCompare(b.from))
    .map(({ queued, from }) => ({
      ...identityOf(queued),
      endedAt: new Date(Date.parse(from) - REMOVAL_AFTER_DAYS * DAY_MS).toISOString(),
      removableFrom: from,
    }));
}

/**
 * "Converge now": converge the service at once (the panel is asked, the part delivered, suspended
 * or lifted as its life wants), audited with what it found before and after. A provider still
 * down is not an error here: the answer says the service is still out of step, and why.
 */
export async function convergeNow(
  deps: ServiceLifeDeps,
  operator: OperatorRef,
  serviceId: string,
  userId: string | undefined,
): Promise<ServiceLifeView> {
  const service = await findService(deps, serviceId, userId);
  const at = deps.now().toISOString();
  const entryId = `${at}#${deps.newId()}`;
  await converge(deps, service, entryId);
  const after = await viewOf(deps, service);
  const entry: AuditEntry = {
    entryId,
    at,
    operator,
    action: 'service.converged',
    target: { kind: 'service', id: serviceId },
    customerId: service.userId,
    before: lifeFields(service.life ? { serviceId, ...service.life } : undefined),
    after: lifeFields(after),
    note: '',
  };
  await deps.audit.append(entry);
  return after;
}

/**
 * Removal (the other actions are service-actions.ts'): an ended service whose removableFrom has
 * come is marked removed (audited first, with the note), and converge terminates its panel account.
 */
export async function actOnService(
  deps: ServiceLifeDeps,
  operator: OperatorRef,
  serviceId: string,
  request: { action: 'remove'; note: string; userId?: string },
): Promise<ServiceLifeView> {
  let service = await findService(deps, serviceId, request.userId);
  const ref = { userId: service.userId, serviceId };
  let entry: AuditEntry | undefined;
  for (let round = 1; ; round += 1) {
    const now = deps.now();
    const life = lifeOfService(service, now);
    if (!isDueForRemoval(life, now)) throw new ServiceNotRemovableError(whyNotRemovable(life));
    // Written once, before the fact: the trail shows every removal an operator began.
    entry ??= {
      entryId: `${now.toISOString()}#${deps.newId()}`,
      at: now.toISOString(),
      operator,
      action: 'service.removed',
      target: { kind: 'service', id: serviceId },
      customerId: service.userId,
      before: {
        state: life.state,
        ...(life.endedAt ? { endedAt: life.endedAt } : {}),
        ...(life.removableFrom ? { removableFrom: life.removableFrom } : {}),
      },
      after: { state: 'removed' },
      note: request.note,
    };
    if (round === 1) await deps.audit.append(entry);
    if (await deps.services.changeFacts(ref, { kind: 'remove' }, service.version, entry.at)) break;
    if (round >= WRITE_ROUNDS) throw new ServiceBusyError();
    const again = await deps.services.getService(ref.userId, serviceId);
    if (!again) throw new AdminServiceNotFoundError();
    service = again;
  }
  deps.log.info('Service removed by an operator; converge terminates it', { serviceId });
  try {
    await converge(deps, service, entry.entryId);
  } catch (error) {
    // The fact is written: whoever is acting on the service now converges it to removed.
    if (!(error instanceof ServiceBusyError)) throw error;
  }
  return viewOf(deps, service);
}

/** The service by its buyer, or (without one) found on the out-of-step or removal queue. */
async function findService(
  deps: Pick<ServiceLifeDeps, 'services'>,
  serviceId: string,
  userId: string | undefined,
): Promise<ServiceRecord> {
  let owner = userId;
  if (owner === undefined) {
    for (const queue of ['out-of-step', 'removal'] as const satisfies readonly LifeQueue[]) {
      const found = (await deps.services.listQueue(queue, QUEUE_PAGE)).find(
        (queued) => queued.serviceId === serviceId,
      );
      if (found) {
        owner = found.userId;
        break;
      }
    }
  }
  const service =
    owner === undefined ? undefined : await deps.services.getService(owner, serviceId);
  if (!service) throw new AdminServiceNotFoundError();
  return service;
}

async function converge(
  deps: ServiceLifeDeps,
  service: ServiceRecord,
  entryId: string,
): Promise<void> {
  try {
    const result = await convergeService(
      deps.converge,
      { userId: service.userId, serviceId: service.serviceId },
      { deliveryId: `operator:${entryId}` },
    );
    if (result.outcome === 'not_found') throw new AdminServiceNotFoundError();
  } catch (error) {
    if (error instanceof ConvergeBusyError) throw new ServiceBusyError();
    throw error;
  }
}

/** The service's life as converge recorded it last. */
async function viewOf(
  deps: Pick<ServiceLifeDeps, 'services' | 'now'>,
  service: ServiceRecord,
): Promise<ServiceLifeView> {
  const current = (await deps.services.getService(service.userId, service.serviceId)) ?? service;
  const life = current.life;
  if (!life) {
    // Never converged (a moment's race with its first event): what it should be, nothing found.
    return {
      serviceId: service.serviceId,
      desired: lifeOfService(current, deps.now()).state,
      actual: 'absent',
    };
  }
  const since = outOfStepAt(life.outOfStepSince, deps.now());
  return {
    serviceId: service.serviceId,
    desired: life.desired,
    actual: life.actual,
    ...(since ? { outOfStepSince: since } : {}),
    ...(life.lastError ? { lastError: life.lastError } : {}),
  };
}

function lifeFields(view: ServiceLifeView | undefined): Record<string, unknown> | undefined {
  if (!view) return undefined;
  return {
    desired: view.desired,
    actual: view.actual,
    ...(view.outOfStepSince ? { outOfStepSince: view.outOfStepSince } : {}),
    ...(view.lastError ? { lastError: view.lastError } : {}),
  };
}

function identityOf(queued: QueuedService) {
  return {
    serviceId: queued.serviceId,
    userId: queued.userId,
    planName: queued.planName,
    category: queued.category,
    ...(queued.domain ? { domain: queued.domain } : {}),
  };
}

/** Why a service cannot be removed now, in a sentence the operator reads. */
function whyNotRemovable(life: Life): string {
  if (life.state === 'removed') {
    return 'This service has been removed already. If its account is still on the panel, it is listed under Out of step: converge it from there.';
  }
  if (life.state !== 'ended' || !life.removableFrom) {
    return 'This service has not ended, so it cannot be removed. Only a service that ended 30 days ago or more is removed.';
  }
  const ended = life.endedAt ? ` on ${istDate(new Date(life.endedAt))}` : '';
  return `This service ended${ended}; it can be removed from ${istDate(new Date(life.removableFrom))}, 30 days after it ended, so that the buyer can still get their data back until then.`;
}
