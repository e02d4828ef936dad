/**
 * Converge (docs/decisions.md D22): the one step that drives a service's provider to what the
 * service should be. Events only record facts on the service (a payment on its ledger, a refund,
 * a cancellation, a dispute, an operator's hold); then they call this. It reads the service,
 * computes its desired state (lambdas/domain/lifecycle.ts) and moves the provider part one step
 * towards it, reading again after each step, until nothing is left to do. Then it records what it
 * found (`life`: desired, actual, since when they differ, the last error).
 *
 * Level-triggered and idempotent: it acts on what the service is now, never on what an event says,
 * so a redelivered, late or reordered event cannot revive what the ledger ended. Every action on
 * the provider is taken under the service's provisioning claim, with the service as the claim's
 * write answered it (as fresh as a read under it; a panel step's settle answers the item the next
 * pass looks at, issue #30); the record is written only while the service's facts are as they were
 * read (its version), so a stale converge loses to a newer one. A bus delivery that finds another bus delivery's converge
 * holding the claim hands its run over to it (`handOver`, issue #30): the holder reads the service
 * again once it gives the claim back, so nothing recorded before is missed.
 *
 * The hosting panel (WHM) is the provider part today: created on a paid service, suspended when
 * the service is suspended or ended, unsuspended when it is live again, terminated when an
 * operator removes it. A part delivered by hand (VPS, storage, domains until their providers are
 * automated) is set up from the operator's queue; converge records it, and an ended one that is
 * still live stays out of step, listed for an operator.
 *
 * A domain's part is the registrar (D23) where `registrar` is given: a live domain service whose
 * name is not registered yet is registered under the claim, after looking the name up in our
 * registrar account and adopting it if it is this buyer's already (a crash between registering and
 * recording it, or racing deliveries), so a name is registered once. A name someone else took
 * before it could be registered fails the part and is handed to `registrar.taken` (a refund).
 *
 * A VPS's part is its VM where `compute` is given (D24): made (its clone followed across passes),
 * reinstalled, stopped, started and destroyed by lambdas/use-cases/converge-compute.ts under the
 * same claim.
 * A storage service's part is its user at the object storage (D24) where `storage` is given:
 * made (or adopted) with its bucket and quota, suspended, unsuspended and deleted by
 * converge-storage.ts, under the same claim; its usage is read onto the service as converge passes.
 *
 * A bundle (D24) is its hosting, on this item's panel account, and its other parts (domain,
 * storage, VPS), each an item of its own that converge-parts.ts drives through this same function
 * with the bundle's life; the bundle is in step only when every part is.
 *
 * A provider that is down is recorded (out of step, with its error) and thrown when `rethrow`,
 * so the bus retries soon. A clone or reinstall still running on the provider, and a transfer in
 * that has just begun, end the pass as recorded, with converge's own next pass asked for
 * (`followUps`, E31: EventBridge Scheduler puts a ServiceChanged on the bus then); without it they
 * are thrown for the bus to retry. The reconciler converges whatever is still out of step
 * 15 minutes on.
 */
import {
  isInStep,
  isLive,
  lifeOf,
  type Life,
  type LifeRecord,
  type PartState,
  type ServiceState,
} from '../domain/lifecycle';
import { CATALOG } from '../domain/catalog';
import type { CatalogPlan } from '../domain/plan';
import { planInForce } from '../domain/plan-change';
import {
  applyTier,
  tierChangeAt,
  tierChanged,
  tierRemoval,
  type TierRegistrar,
  type TierStep,
} from './converge-domain-tier';
import { deliveryModeOf, isBusDeliveryHolder } from '../domain/provisioning';
import {
  FREE_NAME_TAKEN_REASON,
  NAME_TAKEN_REASON,
  RegistrantDetailsMissingError,
} from '../domain/registrant';
import { isFreeDomainService } from '../domain/register-domain';
import type { FollowUps } from '../ports/follow-ups';
import type { LogPort } from '../ports/logger';
import { DomainUnavailableError, type RegistrantContact, type Registrar } from '../ports/registrar';
import type { Provisioner, ProvisioningRecords, StoredProvisioning } from '../ports/provisioning';
import { ledgerEntriesOf, type ServiceRecord, type ServicesStore } from '../ports/services';
import type { ProvisionOutcome, ProvisionRequest } from './provision-service';
import {
  COMPUTE_STEP_KINDS,
  ComputeTaskRunningError,
  isComputePart,
  nextComputeStep,
  takeComputeStep,
  TASK_FOLLOW_UP_MS,
  vmPlanBehind,
  vpsWaitsForKey,
  type ComputePart,
  type ComputeStep,
} from './converge-compute';
import {
  nextTransferStep,
  takeTransferStep,
  transferCheckDueAt,
  transferFollowUp,
  TransferPendingError,
  TRANSFER_STEP_KINDS,
  type TransferStep,
} from './converge-transfer';
import {
  isStoragePart,
  nextStorageAction,
  refreshStorageUsage,
  storageQuotaBehind,
  takeStorageAction,
  type StorageAction,
  type StoragePart,
} from './converge-storage';
import { convergeBundleParts, type PartOutcome } from './converge-parts';

export interface ConvergeDeps {
  /** With addPart, a bundle's parts missing an item are made (converge-parts.ts). */
  services: Pick<ServicesStore, 'getService' | 'recordLife'> &
    Partial<Pick<ServicesStore, 'addPart' | 'setPartPlan'>>;
  records: Pick<
    ProvisioningRecords,
    'begin' | 'claim' | 'release' | 'settle' | 'choose' | 'handOver'
  >;
  panel: Pick<Provisioner, 'suspend' | 'unsuspend' | 'terminate' | 'summary' | 'changePackage'>;
  /** The catalog, whose plans name their WHM packages (D26: a changed plan's package). */
  plans?: readonly CatalogPlan[];
  /**
   * Creates the service's part (the panel account, or its place in the operator's queue) and
   * mails the buyer when it is ready: provisionService, where the function has what it takes.
   * Without it, a service still to be made is recorded out of step and left to the function
   * that has it (the reconciler asks it through ServiceChanged).
   */
  deliver?: (request: ProvisionRequest, deliveryId: string) => Promise<ProvisionOutcome>;
  /** The buyer's name and email, for a delivery that no PurchaseCompleted carries. */
  buyer?: (userId: string) => Promise<{ email: string; name: string } | undefined>;
  /** A domain's provider part (D23); without it a domain waits for an operator, as before. */
  registrar?: RegistrarPart;
  /** A VPS's provider part (D24, converge-compute.ts); without it a VPS waits for an operator. */
  compute?: ComputePart;
  /** A storage service's part (D24); without it storage waits for an operator, as before. */
  storage?: StoragePart;
  /**
   * Converge's own next pass (E31): asked for when a pass leaves a clone running or a young
   * transfer pending, instead of throwing for the bus to retry. Without it, or when the ask
   * fails, a bus delivery throws as before.
   */
  followUps?: FollowUps;
  log: LogPort;
  now: () => Date;
}

export interface ConvergeOptions {
  /** Names the claim's holder: the bus delivery, the job run, the operator's request. */
  deliveryId: string;
  /** The purchase that asked for it (PurchaseCompleted), which carries the buyer's details. */
  request?: ProvisionRequest;
  /** Throw a provider's error after recording it (bus consumers: the bus retries sooner). */
  rethrow?: boolean;
  /**
   * A bus consumer's: when another bus delivery's converge holds the service's claim, hand this
   * run over to it (`handed_over`) instead of failing for the bus to retry. The holder looks again
   * after it gives the claim back (ProvisioningRecords.handOver), so no fact is missed; several
   * events of one purchase (the browser's verify and each of Razorpay's webhooks publish
   * PurchaseCompleted until one is marked) no longer make a round of retries each (issue #30).
   */
  handOver?: boolean;
  /**
   * The service's item as a conditional write of the caller's answered it just now (as fresh as a
   * strongly consistent read then: the renewal job's step claim): the first pass starts from it
   * instead of reading the service (issue #30). Every step is still checked under the service's
   * claim, and the life is written only while the service's version is the one it carries.
   */
  service?: ServiceRecord;
}

export type ConvergeResult =
  | { outcome: 'not_found' }
  | {
      /** `handed_over`: another converge holds the claim and will look again (handOver). */
      outcome: 'in_step' | 'out_of_step' | 'handed_over';
      desired: ServiceState;
      actual: PartState;
      /** What it did on the provider, in order. */
      actions: string[];
      error?: string;
      /** A bundle's other parts (converge-parts.ts), each as converge found it. */
      parts?: PartOutcome[];
    };

/** A service's provider part is being acted on by another attempt: try again shortly. */
export class ConvergeBusyError extends Error {
  override readonly name = 'ConvergeBusyError';
  constructor(readonly serviceId: string) {
    super(`Service ${serviceId} is being acted on by another attempt; converge it again later.`);
  }
}

/** The registrar as converge drives a domain service's part (D23). */
export interface RegistrarPart {
  registrar: Pick<
    Registrar,
    'details' | 'ensureCustomer' | 'register' | 'renew' | 'transfer' | 'transferStatus'
  > &
    TierRegistrar;
  /** Where a domain transferred in keeps its transfer's state (converge-transfer.ts). */
  transfers?: Pick<ServicesStore, 'putTransfer'>;
  /** The registrant: the buyer's billing details as a registry needs them; undefined if lacking. */
  contact: (userId: string) => Promise<RegistrantContact | undefined>;
  /** Where a new name points: the hosting panel's nameservers (from the registrar's settings). */
  nameservers: () => Promise<readonly string[]>;
  /** Why the part failed when its name was taken, where not a paid or free domain's (a part's). */
  takenReason?: (name: string) => string;
  /**
   * While a transfer in has been pending for less than this (ms), a bus delivery throws
   * TransferPendingError so the bus delivers it again soon (converge-transfer.ts); 0 or absent:
   * never (in AWS: TRANSFER_FOLLOW_UP_SECONDS).
   */
  transferFollowUpMs?: number;
  /** The name was taken before it could be registered: refund the buyer in full and tell them. */
  taken?: (service: ServiceRecord) => Promise<void>;
}

/**
 * Why a domain's part failed when its name was taken meanwhile (the card shows it; the refund's
 * mail says it too). The refund is `RegistrarPart.taken`'s; where none is wired, the failed part
 * waits in the operator's failed provisioning queue for it.
 */
export { NAME_TAKEN_REASON };

export { RegistrantDetailsMissingError };

export function isRegistrarPart(service: Pick<ServiceRecord, 'category' | 'domain'>): boolean {
  return service.category === 'domain' && Boolean(service.domain);
}

/** Rounds of look-act-look; each round takes one step, so a few are enough for any service. */
const MAX_ROUNDS = 5;

/** What the panel is told when an account is suspended, by why. */
const PANEL_REASONS = {
  expired: 'Expired and not renewed',
  dispute: 'Payment under dispute',
  operator: 'Held by an operator',
  ended: 'Service ended (cancelled, refunded or charged back)',
} as const;

export function isPanelPart(service: Pick<ServiceRecord, 'category'>): boolean {
  return deliveryModeOf(service.category) === 'panel';
}

/** What lifeOfService reads of a stored service: its facts, and whether it was ever delivered. */
export type ServiceFacts = Pick<
  ServiceRecord,
  'periods' | 'cancelledAt' | 'disputes' | 'hold' | 'endedAt' | 'removedAt' | 'goodwill'
> & { provisioning?: { state: StoredProvisioning['state']; readyAt?: string } };

/** The service's life (D22) from the facts recorded on it. */
export function lifeOfService(service: ServiceFacts, now: Date): Life {
  const p = service.provisioning;
  return lifeOf(
    {
      // An operator's goodwill days are entries of the ledger too (issue #27).
      periods: service.goodwill ? ledgerEntriesOf(service) : service.periods,
      ...(service.cancelledAt ? { cancelledAt: service.cancelledAt } : {}),
      ...(service.disputes ? { disputes: service.disputes } : {}),
      ...(service.hold ? { hold: service.hold } : {}),
      ...(service.endedAt ? { endedAt: service.endedAt } : {}),
      ...(service.removedAt ? { removedAt: service.removedAt } : {}),
      delivered:
        p?.readyAt !== undefined ||
        p?.state === 'ready' ||
        p?.state === 'suspended' ||
        p?.state === 'terminated',
    },
    now,
  );
}

/** The provider part as its record says. */
export function partStateOf(
  provisioning: Pick<StoredProvisioning, 'state'> | undefined,
): PartState {
  switch (provisioning?.state) {
    case undefined:
    case 'pending':
    case 'manual':
      return 'absent';
    case 'ready':
      return 'live';
    case 'suspended':
      return 'suspended';
    case 'terminated':
      return 'removed';
    case 'failed':
      return 'failed';
  }
}

/**
 * Whether the part is where the service wants it. A part delivered by hand that is still waiting
 * for its operator is in step: the operator's provisioning queue is where it is followed.
 */
export function serviceInStep(service: ServiceRecord, life: Life, automated = false): boolean {
  const actual = partStateOf(service.provisioning);
  // A part made by a provider converge drives (a domain at the registrar, D23) is followed here.
  const byHand = !isPanelPart(service) && !automated;
  if (byHand && life.state === 'setting_up' && actual === 'absent') return true;
  return isInStep(life.state, actual);
}

type Step =
  | { kind: 'deliver' }
  /** A domain's name at the registrar: adopt it if it is the buyer's already, else register it. */
  | { kind: 'register'; name: string }
  /** The buyer renewed a registered domain: renew it at the registry from its expiry (D23). */
  | { kind: 'renew-registry'; name: string }
  /** Ended while its account was being made: find out whether the account exists. */
  | { kind: 'settle-creation'; username: string }
  | { kind: 'suspend'; username: string; reason: string }
  | { kind: 'unsuspend'; username: string }
  /** The plan changed (D26, or back after its refund): the account moves to the plan's package. */
  | { kind: 'change-package'; username: string; package: string }
  | { kind: 'terminate'; username: string; from: 'ready' | 'suspended' }
  | ComputeStep
  /** A domain transferred in (D23): converge-transfer.ts. */
  | TransferStep
  /** The storage user (D24): converge-storage.ts. */
  | { kind: 'storage'; action: StorageAction }
  /** A domain's tier chosen for the renewal is in force (#29): converge-domain-tier.ts. */
  | TierStep;

/**
 * The catalog plan a service is on at `now` (D26): the plan its ledger and a smaller plan chosen
 * for the renewal say. The one place a provider part reads the size it should have: the panel's
 * package below; a VM's cores, memory and disk (grow only) and a storage quota are read from its
 * `specs` the same way, by the part that drives them.
 */
export function catalogPlanOf(
  service: Pick<ServiceRecord, 'planId' | 'planName' | 'pendingPlan'>,
  now: Date,
  plans: readonly CatalogPlan[] = CATALOG,
): CatalogPlan | undefined {
  const planId = planInForce(service, now).planId;
  return plans.find((plan) => plan.id === planId);
}

/**
 * The WHM package the service's plan names when its panel account is on another one (D26: the
 * plan changed, or went back when the change was refunded); undefined when it is on its plan's.
 */
export function packageBehind(
  service: Pick<ServiceRecord, 'planId' | 'planName' | 'category' | 'pendingPlan'> &
    Partial<Pick<ServiceRecord, 'storage'>> & {
      provisioning?: { username?: string; package?: string };
    },
  now: Date,
  plans: readonly CatalogPlan[] = CATALOG,
): string | undefined {
  const p = service.provisioning;
  // A VM is sized for its plan (D26): "Updating…" and out of step until it is.
  if (isComputePart(service)) return vmPlanBehind(service);
  // A storage user's quota likewise (a bundle's storage part too).
  if (isStoragePart(service)) return storageQuotaBehind(service, plans);
  if (!isPanelPart(service) || !p?.username || !p.package) return undefined;
  // A smaller plan chosen for the renewal is the plan once its day has come (D26).
  const wanted = catalogPlanOf(service, now, plans)?.whmPackage;
  return wanted && wanted !== p.package ? wanted : undefined;
}

/** The next step towards `life`, or undefined when there is none this function can take. */
function nextStep(
  service: ServiceRecord,
  life: Life,
  now: Date,
  registrar?: RegistrarPart,
  plans?: readonly CatalogPlan[],
  compute?: ComputePart,
  storage?: StoragePart,
): Step | undefined {
  if (compute && isComputePart(service)) return nextComputeStep(service, life);
  const p = service.provisioning;
  const storageAction =
    storage && isStoragePart(service) && nextStorageAction(storage, service, life);
  if (storageAction) return { kind: 'storage', action: storageAction };
  if (isLive(life.state)) {
    if (
      registrar &&
      isRegistrarPart(service) &&
      (p === undefined || p.state === 'pending' || p.state === 'manual')
    ) {
      if (service.transfer) return nextTransferStep(service, now);
      return { kind: 'register', name: service.domain as string };
    }
    if (p === undefined || p.state === 'pending') return { kind: 'deliver' };
    // Ready but not announced yet (a crash between the two): delivery mails the buyer.
    if (p.state === 'ready' && p.announcedAt === undefined) return { kind: 'deliver' };
    if (p.state === 'suspended' && p.username && isPanelPart(service)) {
      return { kind: 'unsuspend', username: p.username };
    }
    const wanted = p.state === 'ready' ? packageBehind(service, now, plans) : undefined;
    if (wanted && p.username) {
      return { kind: 'change-package', username: p.username, package: wanted };
    }
    return undefined;
  }
  if (!isPanelPart(service) || !p?.username) return undefined;
  if (p.state === 'pending') return { kind: 'settle-creation', username: p.username };
  if (life.state === 'removed') {
    if (p.state === 'ready' || p.state === 'suspended') {
      return { kind: 'terminate', username: p.username, from: p.state };
    }
    return undefined;
  }
  if (p.state === 'ready') {
    const why = life.state === 'ended' ? 'ended' : (life.reasons[0] ?? 'operator');
    return { kind: 'suspend', username: p.username, reason: PANEL_REASONS[why] };
  }
  return undefined;
}

export async function convergeService(
  deps: ConvergeDeps,
  ref: { userId: string; serviceId: string },
  options: ConvergeOptions,
): Promise<ConvergeResult> {
  const { log } = deps;
  const context = { serviceId: ref.serviceId, deliveryId: options.deliveryId };
  const actions: string[] = [];
  let failure: unknown;
  let parts: PartOutcome[] | undefined;
  // The service as a write just left it (the caller's, then each step's last): the next pass
  // looks at it instead of reading the service again (issue #30).
  let known =
    options.service && sameService(options.service, ref) ? asRead(options.service) : undefined;
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const service = known ?? (await deps.services.getService(ref.userId, ref.serviceId));
    known = undefined;
    if (!service) return { outcome: 'not_found' };
    // A bundle's part (D24) lives the bundle's life: converging it is converging its bundle.
    if (service.partOf) {
      return convergeService(deps, { userId: ref.userId, serviceId: service.partOf }, options);
    }
    // Its other parts (domain, storage, VPS) first, once; then its hosting, below, as any service.
    if (service.category === 'bundle' && parts === undefined) {
      // A part's run is not handed over: the bundle records its parts as it found them.
      const { handOver: _handOver, ...partOptions } = options;
      parts = await convergeBundleParts(deps, service, partOptions, convergeService);
    }
    const now = deps.now();
    const life = lifeOfService(service, now);
    let step =
      failure === undefined
        ? nextStep(service, life, now, deps.registrar, deps.plans, deps.compute, deps.storage)
        : undefined;
    if (!step && failure === undefined && wantsRegistryCheck(service, life, deps.registrar)) {
      try {
        if ((await registryYearsDue(deps, service, life)) > 0) {
          step = { kind: 'renew-registry', name: service.domain as string };
        }
      } catch (error) {
        failure = error;
      }
    }
    if (!step && failure === undefined && wantsRegistryCheck(service, life, deps.registrar)) {
      try {
        const part = deps.registrar as RegistrarPart;
        if (await tierRemoval(part.registrar, service, now, deps.plans)) {
          step = { kind: 'apply-tier', name: service.domain as string };
        }
      } catch (error) {
        failure = error;
      }
    }
    if (step && (step.kind !== 'deliver' || deps.deliver)) {
      try {
        const left: StepLeft = {};
        actions.push(await take(deps, service, step, options, left));
        known = asRead(left.service);
        continue;
      } catch (error) {
        // A bundle whose part failed in this run is not handed over: the failure is thrown below.
        const partFailed = parts?.some((part) => part.thrown !== undefined) === true;
        if (error instanceof ConvergeBusyError && options.handOver && !partFailed) {
          const handed = await handOver(deps, service, options.deliveryId);
          if (handed === 'handed') {
            log.info('Another converge holds the service: handed over to it', context);
            return {
              outcome: 'handed_over',
              desired: life.state,
              actual: partStateOf(service.provisioning),
              actions,
              ...(parts ? { parts } : {}),
            };
          }
          // The claim was given back meanwhile: look again, and take the step if it is still due.
          if (handed === 'free') continue;
        }
        failure = error;
        log.warn('Converge could not take its step; recorded as out of step', {
          ...context,
          step: step.kind,
          error: errorText(error),
        });
        continue;
      }
    }
    if (!step && failure === undefined && deps.storage && isStoragePart(service)) {
      await refreshStorageUsage(deps.storage, service, now).catch((error: unknown) => {
        log.warn('Storage usage not refreshed', { ...context, error: errorText(error) });
      });
    }
    const automated =
      (Boolean(deps.registrar) && isRegistrarPart(service)) ||
      (Boolean(deps.compute) && isComputePart(service) && !vpsWaitsForKey(service)) ||
      (Boolean(deps.storage) && isStoragePart(service));
    // A domain's chosen tier in force that the registrar could not be asked about (#29).
    const tierUnknown =
      failure !== undefined && Boolean(deps.registrar) && tierChanged(service, now, deps.plans);
    const record = lifeRecordOf(
      service,
      life,
      now,
      failure,
      automated,
      deps.plans,
      parts,
      tierUnknown,
    );
    const written = await deps.services.recordLife(ref, record, {
      version: service.version,
      ...(service.provisioning ? { provisioningState: service.provisioning.state } : {}),
    });
    // Lost to a newer fact or another converge's step: look again.
    if (!written) continue;
    // A date ahead is when a domain's chosen tier is due (#29), not a step missed.
    const outOfStep =
      record.outOfStepSince !== undefined && Date.parse(record.outOfStepSince) <= now.getTime();
    if (outOfStep && !service.life?.outOfStepSince) {
      log.info('Service out of step', {
        ...context,
        desired: record.desired,
        actual: record.actual,
      });
    }
    // A clone still running, or a young pending transfer (D23): converge asks for its own next
    // pass (E31); without a follow-up the bus delivers this again with its backoff.
    const pendingTransfer = transferFollowUp(service, now, deps.registrar?.transferFollowUpMs ?? 0);
    const taskRunning = failure instanceof ComputeTaskRunningError;
    const followUp =
      (taskRunning || pendingTransfer) && (await askFollowUp(deps, ref, service, failure, now));
    if (failure !== undefined && options.rethrow && !(taskRunning && followUp)) throw failure;
    const partThrew = parts?.find((part) => part.thrown !== undefined);
    if (partThrew && options.rethrow) throw partThrew.thrown;
    if (options.rethrow && pendingTransfer && !followUp) {
      throw new TransferPendingError(ref.serviceId);
    }
    return {
      outcome: outOfStep ? 'out_of_step' : 'in_step',
      desired: record.desired,
      actual: record.actual,
      actions,
      ...(record.lastError ? { error: record.lastError } : {}),
      ...(parts ? { parts } : {}),
    };
  }
  // Every round found the service changed: whatever changed it converges it again.
  if (failure !== undefined && options.rethrow) throw failure;
  throw new ConvergeBusyError(ref.serviceId);
}

/**
 * Asks for converge's next pass of the service (E31): a running clone's a little later
 * (TASK_FOLLOW_UP_MS), a young pending transfer's when it is due to be asked about again. True when
 * asked; false without follow-ups or when the ask failed (logged: the caller throws as before, so
 * the bus retries, and the reconciler is the backstop).
 */
async function askFollowUp(
  deps: ConvergeDeps,
  ref: { userId: string; serviceId: string },
  service: Pick<ServiceRecord, 'transfer'>,
  failure: unknown,
  now: Date,
): Promise<boolean> {
  if (!deps.followUps) return false;
  const soonest = now.getTime() + 1000;
  const wanted =
    failure instanceof ComputeTaskRunningError || !service.transfer
      ? now.getTime() + TASK_FOLLOW_UP_MS
      : transferCheckDueAt(service.transfer).getTime();
  const at = new Date(Math.max(soonest, wanted));
  try {
    await deps.followUps.convergeAt(ref, at);
    deps.log.info('Converge asked for its next pass', {
      serviceId: ref.serviceId,
      at: at.toISOString(),
    });
    return true;
  } catch (error) {
    deps.log.warn('Converge could not ask for its next pass; the bus retries it', {
      serviceId: ref.serviceId,
      error: errorText(error),
    });
    return false;
  }
}

/**
 * Hands the run over to the claim's holder when it is another bus delivery's converge with a live
 * lease (`handed`); `free` when no live claim is on the service now; `kept` when the holder cannot
 * take it (an operator's or a job's run, a buyer's action, this delivery's own earlier attempt).
 */
async function handOver(
  deps: ConvergeDeps,
  service: Pick<ServiceRecord, 'userId' | 'serviceId'>,
  deliveryId: string,
): Promise<'handed' | 'free' | 'kept'> {
  const { userId, serviceId } = service;
  const current = await deps.services.getService(userId, serviceId);
  const heldBy = current?.provisioning?.claim?.by;
  if (heldBy === undefined) return 'free';
  if (!isBusDeliveryHolder(heldBy) || heldBy === deliveryId) return 'kept';
  return (await deps.records.handOver(userId, serviceId, heldBy, deps.now())) ? 'handed' : 'free';
}

function lifeRecordOf(
  service: ServiceRecord,
  life: Life,
  now: Date,
  failure: unknown,
  automated: boolean,
  plans?: readonly CatalogPlan[],
  parts: readonly PartOutcome[] = [],
  tierUnknown = false,
): LifeRecord {
  const actual = partStateOf(service.provisioning);
  // A live account still on the package of a plan it left is out of step too (D26).
  const behind = isLive(life.state) && actual === 'live' && packageBehind(service, now, plans);
  // A VPS the buyer asked to reinstall is out of step until its new system runs (D24).
  const reinstalling = isComputePart(service) && Boolean(service.vps?.reinstall);
  // A bundle is in step only when every one of its parts is (D24); the first part out names it.
  const partOut = parts.find((part) => !part.inStep);
  const inStep =
    serviceInStep(service, life, automated) && !behind && !reinstalling && !partOut && !tierUnknown;
  // A domain's tier, or another service's smaller plan, chosen for the renewal (#29): looked at
  // again on its day (the reconciler), so the registrar, the panel package or the quota follow it
  // then even when the renewal was paid days before.
  const wakeAt =
    inStep && isLive(life.state)
      ? (tierChangeAt(service, now) ?? planChangeAt(service, now))
      : undefined;
  const since = service.life?.outOfStepSince ?? now.toISOString();
  const failureReason =
    service.provisioning?.state === 'failed' ? service.provisioning.failureReason : undefined;
  const lastError = failure !== undefined ? errorText(failure) : (failureReason ?? partOut?.error);
  return {
    desired: life.state,
    reasons: life.reasons,
    actual,
    at: now.toISOString(),
    ...(inStep ? (wakeAt ? { outOfStepSince: wakeAt } : {}) : { outOfStepSince: since }),
    ...(!inStep && lastError ? { lastError } : {}),
    ...(life.ledger.paidUntil ? { paidUntil: life.ledger.paidUntil } : {}),
    ...(life.removableFrom ? { removableFrom: life.removableFrom } : {}),
  };
}

/**
 * When a smaller plan chosen for the renewal (D26) comes into force on a service that is not a
 * domain (a domain's tier has its own rule, converge-domain-tier.ts): its date while it is ahead.
 */
export function planChangeAt(
  service: Pick<ServiceRecord, 'category' | 'planId' | 'pendingPlan'>,
  now: Date,
): string | undefined {
  const pending = service.pendingPlan;
  if (service.category === 'domain' || !pending || pending.planId === service.planId) {
    return undefined;
  }
  return now.getTime() < Date.parse(pending.from) ? pending.from : undefined;
}

/** The service as a step's last write left it, where that write answered it. */
interface StepLeft {
  service?: ServiceRecord;
}

function sameService(service: ServiceRecord, ref: { userId: string; serviceId: string }): boolean {
  return service.userId === ref.userId && service.serviceId === ref.serviceId;
}

/**
 * An item a write answered, where it stands for a read of the service: not a bundle's part
 * (`partOf`), which converge reads only through its bundle's view (converge-parts.ts), carrying
 * the bundle's life that the part's own item lacks.
 */
function asRead(item: ServiceRecord | undefined): ServiceRecord | undefined {
  return item?.partOf ? undefined : item;
}

/**
 * One step on the provider, under the claim; answers what it did, and puts in `left` the service
 * as the step's last write left it when that write answered it (the panel's steps' settle).
 */
async function take(
  deps: ConvergeDeps,
  service: ServiceRecord,
  step: Step,
  options: ConvergeOptions,
  left: StepLeft,
): Promise<string> {
  if (step.kind === 'deliver') {
    const request = options.request ?? (await requestFor(deps, service));
    const outcome = await (deps.deliver as NonNullable<ConvergeDeps['deliver']>)(
      request,
      options.deliveryId,
    );
    if (outcome === 'in_progress') throw new ConvergeBusyError(service.serviceId);
    return `deliver:${outcome}`;
  }
  const { userId, serviceId } = service;
  // A domain's record is begun by its first registration attempt (as delivery begins hosting's).
  if (
    (step.kind === 'register' ||
      TRANSFER_STEP_KINDS.has(step.kind) ||
      step.kind === 'vm-create' ||
      step.kind === 'storage') &&
    !service.provisioning
  ) {
    await deps.records.begin(userId, serviceId, 'pending', deps.now());
  }
  const claim = await deps.records.claim(userId, serviceId, options.deliveryId, deps.now());
  if (claim.state === 'held') throw new ConvergeBusyError(serviceId);
  try {
    // The service under the claim, as the claim's write answered it (as fresh as a consistent
    // read under it, and no read): act only if the step is still the one to take.
    const current = asRead(claim.service) ?? (await deps.services.getService(userId, serviceId));
    if (current && step.kind === 'apply-tier') {
      // What the tier leaves behind is asked of the registrar again under the claim.
      const part = deps.registrar as RegistrarPart;
      const outcome = wantsRegistryCheck(current, lifeOfService(current, deps.now()), part)
        ? await applyTier(part.registrar, current, deps.now(), deps.plans)
        : undefined;
      await deps.records.release(userId, serviceId, claim.token);
      if (outcome) deps.log.info('Converge acted on the registrar', { serviceId, step: outcome });
      return outcome ?? 'apply-tier:overtaken';
    }
    if (current && step.kind === 'renew-registry') {
      // Whether it is still due is asked of the registry under the claim (renewAtRegistry).
      const outcome = await renewAtRegistry(deps, current, step.name);
      await deps.records.release(userId, serviceId, claim.token);
      if (outcome) deps.log.info('Converge acted on the registrar', { serviceId, step: outcome });
      return outcome ?? 'renew-registry:overtaken';
    }
    const still =
      current &&
      nextStep(
        current,
        lifeOfService(current, deps.now()),
        deps.now(),
        deps.registrar,
        deps.plans,
        deps.compute,
        deps.storage,
      );
    if (!still || still.kind !== step.kind || !sameStorageAction(still, step)) {
      await deps.records.release(userId, serviceId, claim.token);
      return `${step.kind}:overtaken`;
    }
    if (TRANSFER_STEP_KINDS.has(step.kind) && deps.registrar) {
      const part = deps.registrar;
      const outcome = await takeTransferStep(
        part,
        deps,
        current,
        still as TransferStep,
        claim.token,
        () => nameserversOf(part),
      );
      deps.log.info('Converge acted on the registrar', { serviceId, step: outcome });
      return outcome;
    }
    if (COMPUTE_STEP_KINDS.has(step.kind) && deps.compute) {
      const outcome = await takeComputeStep(
        deps.compute,
        deps,
        current,
        still as ComputeStep,
        claim.token,
      );
      deps.log.info('Converge acted on the server platform', { serviceId, step: outcome });
      return outcome;
    }
    switch (step.kind) {
      case 'storage': {
        const part = deps.storage as StoragePart;
        const outcome = await takeStorageAction(
          part,
          deps.records,
          current,
          step.action,
          claim.token,
          deps.now,
        );
        deps.log.info('Converge acted on the storage', { serviceId, step: outcome });
        return outcome;
      }
      case 'register': {
        const outcome = await registerName(deps, current, step.name, claim.token);
        if (outcome === 'taken') return 'register:taken';
        deps.log.info('Converge acted on the registrar', { serviceId, step: outcome });
        return outcome;
      }
      case 'settle-creation': {
        // The attempt that chose this account crashed (its claim ran out). Adopt the account if
        // the panel has it, so that the next step suspends it; else nothing was made.
        const summary = await deps.panel.summary(step.username);
        left.service = await deps.records.settle(
          userId,
          serviceId,
          claim.token,
          'pending',
          summary
            ? { state: 'ready', server: summary.server, nameservers: [] }
            : { state: 'failed', reason: 'The service ended before its account was made.' },
          deps.now(),
        );
        break;
      }
      case 'suspend':
        await deps.panel.suspend(step.username, step.reason);
        left.service = await deps.records.settle(
          userId,
          serviceId,
          claim.token,
          'ready',
          { state: 'suspended', reason: step.reason },
          deps.now(),
        );
        break;
      case 'unsuspend': {
        await deps.panel.unsuspend(step.username);
        const p = current.provisioning;
        left.service = await deps.records.settle(
          userId,
          serviceId,
          claim.token,
          'suspended',
          {
            state: 'ready',
            server: p?.server ?? '',
            nameservers: p?.nameservers ?? [],
            ...(p?.panelUrl ? { panelUrl: p.panelUrl } : {}),
          },
          deps.now(),
        );
        break;
      }
      case 'change-package': {
        if (still.kind !== 'change-package' || still.package !== step.package) {
          await deps.records.release(userId, serviceId, claim.token);
          return 'change-package:overtaken';
        }
        await deps.panel.changePackage(step.username, step.package);
        const p = current.provisioning;
        // The account as chosen, on its new package; then the claim is given back.
        await deps.records.choose(
          userId,
          serviceId,
          claim.token,
          {
            username: step.username,
            domain: p?.domain ?? current.domain ?? '',
            package: step.package,
            usernameAttempt: p?.usernameAttempt ?? 0,
          },
          deps.now(),
        );
        await deps.records.release(userId, serviceId, claim.token);
        break;
      }
      case 'terminate':
        await deps.panel.terminate(step.username);
        left.service = await deps.records.settle(
          userId,
          serviceId,
          claim.token,
          step.from,
          { state: 'terminated', reason: 'Removed by an operator' },
          deps.now(),
        );
        break;
    }
  } catch (error) {
    await deps.records.release(userId, serviceId, claim.token).catch(() => undefined);
    throw error;
  }
  deps.log.info('Converge acted on the panel', { serviceId, step: step.kind });
  return step.kind;
}

/**
 * A domain's name at the registrar, under the claim: our account is asked first, and a name this
 * buyer's customer holds there is adopted (registered by an attempt that crashed before recording
 * it); a name another customer holds, or that the registry refuses as taken, fails the part.
 */
async function registerName(
  deps: ConvergeDeps,
  service: ServiceRecord,
  name: string,
  token: string,
): Promise<'register' | 'adopt' | 'taken'> {
  const part = deps.registrar as RegistrarPart;
  const { userId, serviceId } = service;
  const from = service.provisioning?.state === 'manual' ? 'manual' : 'pending';
  const contact = await part.contact(userId);
  if (!contact) throw new RegistrantDetailsMissingError(userId);
  const customer = await part.registrar.ensureCustomer(contact);
  let domain = await part.registrar.details(name);
  let outcome: 'register' | 'adopt' = 'adopt';
  try {
    if (domain && domain.customerId !== customer.customerId) throw new DomainUnavailableError(name);
    if (!domain) {
      const first = lifeOfService(service, deps.now()).ledger.periods[0];
      domain = await part.registrar.register({
        name,
        years: Math.max(1, Math.round((first?.months ?? 12) / 12)),
        customerId: customer.customerId,
        contactId: customer.contactId,
        nameservers: await nameserversOf(part),
        privacy: false,
      });
      outcome = 'register';
    }
  } catch (error) {
    if (!(error instanceof DomainUnavailableError) || from !== 'pending') throw error;
    await deps.records.settle(
      userId,
      serviceId,
      token,
      'pending',
      {
        state: 'failed',
        // A hosting's free domain (D23) was paid nothing: no refund to promise; choose another.
        // A bundle's part says its own (converge-parts.ts); a free domain was paid nothing.
        reason:
          part.takenReason?.(name) ??
          (isFreeDomainService(service) ? FREE_NAME_TAKEN_REASON(name) : NAME_TAKEN_REASON(name)),
      },
      deps.now(),
    );
    deps.log.warn('A domain was taken before it could be registered', { serviceId });
    await part.taken?.(service);
    return 'taken';
  }
  await deps.records.settle(
    userId,
    serviceId,
    token,
    from,
    // No server: a domain's access is its nameservers (and its card), not a machine.
    { state: 'ready', server: '', nameservers: domain.nameservers },
    deps.now(),
  );
  return outcome;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A live, registered domain whose part converge drives: its registry expiry may be due. */
function wantsRegistryCheck(
  service: ServiceRecord,
  life: Life,
  registrar: RegistrarPart | undefined,
): boolean {
  return (
    registrar !== undefined &&
    isRegistrarPart(service) &&
    isLive(life.state) &&
    service.provisioning?.state === 'ready' &&
    life.ledger.paidUntil !== undefined
  );
}

/**
 * Whole years the registry's expiry is behind what the buyer paid for (D14, D23): a renewal paid
 * here moves the ledger a year on, and the registry follows. Half a year of slack absorbs the
 * registry counting a year as 365 days and the ledger as a calendar year.
 */
async function registryYearsDue(
  deps: ConvergeDeps,
  service: ServiceRecord,
  life: Life,
): Promise<number> {
  const part = deps.registrar as RegistrarPart;
  const found = await part.registrar.details(service.domain as string);
  if (!found || !life.ledger.paidUntil) return 0;
  const behind = Date.parse(life.ledger.paidUntil) - Date.parse(found.expiresAt);
  return behind > YEAR_MS / 2 ? Math.round(behind / YEAR_MS) : 0;
}

/**
 * Renews at the registry from the expiry it has now: the registry refuses an `exp-date` that is
 * no longer its expiry, so a renewal that raced another adds nothing twice.
 */
async function renewAtRegistry(
  deps: ConvergeDeps,
  service: ServiceRecord,
  name: string,
): Promise<'renew-registry' | undefined> {
  const part = deps.registrar as RegistrarPart;
  const life = lifeOfService(service, deps.now());
  if (!wantsRegistryCheck(service, life, part)) return undefined;
  const found = await part.registrar.details(name);
  const years = await registryYearsDue(deps, service, life);
  if (!found || years <= 0) return undefined;
  await part.registrar.renew(name, Math.min(years, 10), found.expiresAt);
  return 'renew-registry';
}

async function nameserversOf(part: RegistrarPart): Promise<readonly string[]> {
  const nameservers = await part.nameservers();
  if (nameservers.length < 2) {
    throw new Error(
      'No nameservers are configured for new domains: set the registrar secret\'s "nameservers" (REGISTRAR_NAMESERVERS locally) to the hosting panel\'s.',
    );
  }
  return nameservers;
}

/** A delivery's request rebuilt from the service, for a converge no purchase asked for. */
async function requestFor(deps: ConvergeDeps, service: ServiceRecord): Promise<ProvisionRequest> {
  const buyer = await deps.buyer?.(service.userId);
  if (!buyer) throw new Error(`No buyer record for ${service.userId}: cannot deliver yet.`);
  const ledger = lifeOfService(service, deps.now()).ledger;
  const last = ledger.periods[ledger.periods.length - 1];
  if (!last) throw new Error(`Service ${service.serviceId} has no paid period to deliver.`);
  return {
    purchaseId: last.purchaseId,
    paymentId: last.paymentId,
    orderId: '',
    userId: service.userId,
    serviceId: service.serviceId,
    email: buyer.email,
    name: buyer.name,
    planId: service.planId,
    planName: service.planName,
    category: service.category,
    months: last.months,
    purchaseDate: last.paidAt,
    renewalDate: last.renewalDate,
    amountPaise: last.amountPaise,
    ...(service.domain ? { domain: service.domain } : {}),
  };
}

function sameStorageAction(a: Step, b: Step): boolean {
  return a.kind !== 'storage' || b.kind !== 'storage' || a.action === b.action;
}

/** What the operator reads: the error's sentence and, from a provider, what it answered. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = (error as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail ? `${error.message} (${detail})` : error.message;
}
