/**
 * Delivering a service (D18), as converge's step for a paid service whose part is not made yet
 * (lambdas/use-cases/converge-service.ts decides when; this only makes). Hosting, and a bundle's hosting
 * part, gets an account on the panel (WHM) with its plan's package; VPS, storage and domains are
 * recorded as `manual` for an operator.
 *
 * Exactly once, like the purchase: the service's record is begun once (a conditional write), a
 * claim with a lease lets one delivery act on the panel at a time, and the account is chosen and
 * kept before it is created. Whatever crashed before, the next attempt asks the panel about that
 * same account (accountsummary) and adopts it when it is there; it is never created twice. The
 * panel being down or slow is thrown, so the bus retries with backoff and then dead-letters; the
 * buyer meanwhile sees "Setting up". A panel that refuses for a reason of its own (the domain is
 * on another account, a missing package) is `failed`, for an operator.
 *
 * Once the account is ready the buyer is mailed its access details (serviceReadyMail: username,
 * server, nameservers, the panel's address; never a password) and ServiceProvisioned is published,
 * both under the claim and before the announced mark, so racing deliveries send one mail; only a
 * crash between sending and marking sends it again. VPS, storage and domains get no mail here: the
 * welcome mail already tells the buyer our team is setting them up, and when.
 */
import type { PurchaseCompletedDetail } from '../domain/api';
import { CATALOG } from '../domain/catalog';
import type { CatalogPlan } from '../domain/plan';
import {
  accountDomainFor,
  initialProvisioningState,
  provisioningTargetOf,
  whmUsernameFor,
  type ServiceProvisionedDetail,
} from '../domain/provisioning';
import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import {
  AccountExistsError,
  ProvisionerRefusedError,
  type AccountSummary,
  type CreatedAccount,
  type ProvisioningRecord,
  type ProvisioningRecords,
  type Provisioner,
} from '../ports/provisioning';
import { serviceReadyMail } from '../templates/mail/service-ready';

export interface ProvisionServiceDeps {
  records: ProvisioningRecords;
  /** The hosting panel (WHM). */
  panel: Provisioner;
  /** Publishes ServiceProvisioned; throws when the bus refuses it. */
  announce(detail: ServiceProvisionedDetail): Promise<void>;
  /** Sends the buyer the ready service's access details. */
  mailer: Mailer;
  /** The storefront's address, for the dashboard link in the mail (SITE_URL). */
  siteUrl: () => string;
  /** The operator's domain for "I'll add it later" placeholders (HOSTING_PLACEHOLDER_DOMAIN). */
  placeholderDomain: () => string;
  /** The panel's address for the buyer (CONTROL_PANEL_URL), if configured. */
  panelUrl?: () => string | undefined;
  log: LogPort;
  now: () => Date;
  /** The catalog; its plans name their WHM packages. */
  plans?: readonly CatalogPlan[];
}

/** PurchaseCompleted's detail; `serviceId` names the service (the purchase's own id before services). */
export type ProvisionRequest = PurchaseCompletedDetail & { serviceId?: string };

export type ProvisionOutcome =
  /** This delivery created (or adopted) the panel account. */
  | 'provisioned'
  | 'already_provisioned'
  | 'manual'
  | 'failed'
  /** Another delivery of the purchase holds a live claim and is provisioning right now. */
  | 'in_progress'
  | 'nothing_to_do';

/** Usernames tried when the derived ones are taken by accounts that are not this service's. */
export const MAX_USERNAME_ATTEMPTS = 3;

/** An earlier attempt of this same delivery holds the claim: retried once its lease runs out. */
export class ProvisioningInProgressError extends Error {
  override readonly name = 'ProvisioningInProgressError';
  constructor(readonly serviceId: string) {
    super(`Provisioning of ${serviceId} is held by an earlier attempt; retry later.`);
  }
}

/** The event names a plan the catalog does not have: dead-lettered for a person. */
export class UnknownPlanError extends Error {
  override readonly name = 'UnknownPlanError';
  constructor(readonly planId: string) {
    super(`PurchaseCompleted names plan ${planId}, which the catalog does not have.`);
  }
}

type Account = Pick<CreatedAccount, 'username' | 'domain' | 'package' | 'server' | 'nameservers'>;

export async function provisionService(
  deps: ProvisionServiceDeps,
  request: ProvisionRequest,
  deliveryId: string,
): Promise<ProvisionOutcome> {
  const { log, records } = deps;
  const serviceId = request.serviceId ?? request.purchaseId;
  const { userId } = request;
  const context = { serviceId, purchaseId: request.purchaseId, deliveryId };
  const plan = (deps.plans ?? CATALOG).find((p) => p.id === request.planId);
  if (!plan) throw new UnknownPlanError(request.planId);
  const target = provisioningTargetOf(plan);

  const record = await records.begin(
    userId,
    serviceId,
    initialProvisioningState(plan.category),
    deps.now(),
  );
  switch (record.state) {
    case 'manual':
      log.info('Service waits for an operator to set it up', context);
      return 'manual';
    case 'failed':
      log.info('Provisioning failed before; an operator redrives it', context);
      return 'failed';
    case 'terminated':
      return 'nothing_to_do';
    case 'ready':
      return (await announceOnce(deps, request, record, deliveryId)) === 'held'
        ? 'in_progress'
        : 'already_provisioned';
    case 'suspended':
      // Lifting a suspension is converge's (lambdas/use-cases/converge-service.ts), from the
      // service's desired state, never from what a purchase event says.
      return 'nothing_to_do';
    case 'pending':
      break;
  }
  if (target.mode !== 'panel') return 'manual';

  const claim = await records.claim(userId, serviceId, deliveryId, deps.now());
  if (claim.state === 'held') {
    // A claim that names no delivery cannot be told apart from this delivery's own crashed one.
    if (claim.heldBy === undefined || claim.heldBy === deliveryId) {
      log.info('Provisioning claim held by an earlier attempt; the bus will retry', context);
      throw new ProvisioningInProgressError(serviceId);
    }
    log.info('Another delivery is provisioning this service; nothing to do', {
      ...context,
      heldBy: claim.heldBy,
    });
    return 'in_progress';
  }

  // Read again under the claim: a racer may have finished, or chosen an account, meanwhile.
  const current = await records.get(userId, serviceId);
  if (current?.state !== 'pending') {
    await records.release(userId, serviceId, claim.token);
    if (current?.state !== 'ready') return 'nothing_to_do';
    return (await announceOnce(deps, request, current, deliveryId)) === 'held'
      ? 'in_progress'
      : 'already_provisioned';
  }

  let account: Account | { refused: string };
  try {
    account = await createOrAdopt(
      deps,
      request,
      serviceId,
      current,
      target.whmPackage,
      claim.token,
    );
    const panelUrl = deps.panelUrl?.();
    await records.settle(
      userId,
      serviceId,
      claim.token,
      'pending',
      'refused' in account
        ? { state: 'failed', reason: account.refused }
        : {
            state: 'ready',
            server: account.server,
            nameservers: account.nameservers,
            ...(panelUrl ? { panelUrl } : {}),
          },
      deps.now(),
    );
  } catch (error) {
    await records.release(userId, serviceId, claim.token).catch((releaseError: unknown) => {
      log.error('Could not release the provisioning claim', {
        ...context,
        error: releaseError instanceof Error ? releaseError.message : String(releaseError),
      });
    });
    log.error('Provisioning did not finish; the bus will retry', {
      ...context,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }

  if ('refused' in account) {
    // Not thrown: retrying cannot help. The operator's list of failed services shows it.
    log.error('The panel refused the account; an operator must look', {
      ...context,
      reason: account.refused,
    });
    return 'failed';
  }
  log.info('Panel account ready', { ...context, username: account.username });
  const ready = await records.get(userId, serviceId);
  if (ready) await announceOnce(deps, request, ready, deliveryId);
  return 'provisioned';
}

/**
 * The service's account on the panel: the one a crashed attempt made, if the panel has it, else a
 * new one. The username is kept on the record before anything is created, so every attempt asks
 * about the same account. A name taken by an account of another domain is someone else's: the
 * next derived name is tried, a few times at most.
 */
async function createOrAdopt(
  deps: ProvisionServiceDeps,
  request: ProvisionRequest,
  serviceId: string,
  record: ProvisioningRecord,
  whmPackage: string,
  token: string,
): Promise<Account | { refused: string }> {
  const { panel, records } = deps;
  const domain =
    record.domain ?? accountDomainFor(request.domain, serviceId, deps.placeholderDomain());
  const taken: string[] = [];
  for (let attempt = record.usernameAttempt ?? 0; attempt < MAX_USERNAME_ATTEMPTS; attempt += 1) {
    // A name kept by an earlier attempt wins over deriving it again.
    const username =
      record.username && attempt === (record.usernameAttempt ?? 0)
        ? record.username
        : whmUsernameFor(serviceId, domain, attempt);
    await records.choose(
      request.userId,
      serviceId,
      token,
      { username, domain, package: whmPackage, usernameAttempt: attempt },
      deps.now(),
    );

    const existing = await panel.summary(username);
    if (existing) {
      if (existing.domain === domain) return adopted(deps, existing, serviceId);
      taken.push(username);
      continue;
    }
    try {
      return await panel.create({
        username,
        domain,
        package: whmPackage,
        contactEmail: request.email,
      });
    } catch (error) {
      if (error instanceof ProvisionerRefusedError) return { refused: error.reason };
      if (!(error instanceof AccountExistsError)) throw error;
      // Made between our look and our create: by a racer of ours, or by someone else.
      const now = await panel.summary(username);
      if (now?.domain === domain) return adopted(deps, now, serviceId);
      taken.push(username);
    }
  }
  return { refused: `The usernames ${taken.join(', ')} are taken by other accounts.` };
}

function adopted(deps: ProvisionServiceDeps, summary: AccountSummary, serviceId: string): Account {
  // accountsummary names no nameservers; the account was made by an attempt that crashed before
  // it could keep createacct's answer.
  deps.log.warn('Adopted the panel account an earlier attempt made', {
    serviceId,
    username: summary.username,
  });
  return {
    username: summary.username,
    domain: summary.domain,
    package: summary.package,
    server: summary.server,
    nameservers: [],
  };
}

/**
 * ServiceProvisioned and the buyer's mail, once the account is ready: under the claim, so that of
 * racing deliveries one announces (`held`: another is announcing now), and marked after, so that
 * a retry does it again only if a crash lost the mark. Published before mailing: a mail that keeps
 * failing republishes an event its consumers take idempotently, never the reverse (a buyer mailed
 * on every retry of a refused event).
 */
async function announceOnce(
  deps: ProvisionServiceDeps,
  request: ProvisionRequest,
  record: ProvisioningRecord,
  deliveryId: string,
): Promise<'announced' | 'done' | 'held'> {
  if (record.announcedAt || record.state !== 'ready') return 'done';
  const { records, log } = deps;
  const context = { serviceId: record.serviceId, purchaseId: request.purchaseId, deliveryId };
  const claim = await records.claim(record.userId, record.serviceId, deliveryId, deps.now());
  if (claim.state === 'held') {
    if (claim.heldBy === undefined || claim.heldBy === deliveryId) {
      log.info('Announcement held by an earlier attempt; the bus will retry', context);
      throw new ProvisioningInProgressError(record.serviceId);
    }
    return 'held';
  }
  try {
    // Read again under the claim: a racer may have announced meanwhile.
    const current = await records.get(record.userId, record.serviceId);
    if (!current || current.announcedAt || current.state !== 'ready') return 'done';
    await deps.announce(provisionedDetail(deps, request, current));
    await deps.mailer.send({
      to: request.email,
      ...serviceReadyMail({
        name: request.name,
        planName: request.planName,
        category: request.category,
        ...(current.domain ? { domain: current.domain } : {}),
        access: {
          ...(current.username ? { username: current.username } : {}),
          ...(current.server ? { server: current.server } : {}),
          ...(current.nameservers?.length ? { nameservers: current.nameservers } : {}),
          ...(current.panelUrl ? { panelUrl: current.panelUrl } : {}),
        },
        siteUrl: deps.siteUrl(),
      }),
      about: { userId: record.userId, kind: 'service-ready', ref: record.serviceId },
    });
    await records.markAnnounced(record.userId, record.serviceId, deps.now());
    log.info('Service ready: announced and the buyer mailed', context);
    return 'announced';
  } catch (error) {
    log.error('Service ready but not announced yet; the bus will retry', {
      ...context,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    await records.release(record.userId, record.serviceId, claim.token).catch(() => undefined);
  }
}

function provisionedDetail(
  deps: ProvisionServiceDeps,
  request: ProvisionRequest,
  record: ProvisioningRecord,
): ServiceProvisionedDetail {
  const detail: ServiceProvisionedDetail = {
    serviceId: record.serviceId,
    userId: record.userId,
    email: request.email,
    name: request.name,
    planId: request.planId,
    planName: request.planName,
    category: request.category,
    provisionedAt: record.readyAt ?? deps.now().toISOString(),
  };
  if (record.domain) detail.domain = record.domain;
  if (record.username) detail.username = record.username;
  if (record.server) detail.server = record.server;
  if (record.nameservers) detail.nameservers = record.nameservers;
  if (record.panelUrl) detail.panelUrl = record.panelUrl;
  return detail;
}
