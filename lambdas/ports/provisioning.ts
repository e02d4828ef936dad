/**
 * A provisioning upstream: where a sold service is created and lives. Every panel has this
 * lifecycle (WHM for hosting today; a VPS panel such as Proxmox or Virtualizor, or a registrar,
 * later): create an account, suspend and unsuspend it, terminate it, say whether it exists and in
 * what state, and sign its owner in with a single-use login. An upstream is one adapter that
 * implements `Provisioner` and maps its protocol's answers to the errors below; use cases never
 * see a provider's JSON.
 */
import { DomainError } from '../domain/errors';
import type { Category } from '../domain/plan';
import type { ProvisioningState } from '../domain/provisioning';
import type { ServiceRecord } from './services';

export interface AccountSpec {
  /** The account's name on the upstream, derived from the service (lambdas/domain/provisioning). */
  username: string;
  /** The account's main domain (hosting) or host name. */
  domain: string;
  /** The upstream's plan for it (a WHM package). */
  package: string;
  /** Where the upstream writes to the owner about the account itself. */
  contactEmail: string;
}

/** What the buyer needs to reach a created account. Never a password (D18). */
export interface CreatedAccount {
  username: string;
  domain: string;
  package: string;
  /** The server's host name, for FTP, mail and the panel. */
  server: string;
  /** Where the domain must point; empty when the upstream names none. */
  nameservers: string[];
  ip?: string;
}

export type UpstreamAccountState = 'active' | 'suspended';

export interface AccountSummary {
  username: string;
  domain: string;
  package: string;
  state: UpstreamAccountState;
  server: string;
  contactEmail?: string;
  ip?: string;
}

/** A single-use sign-in to the account's panel. */
export interface PanelSession {
  url: string;
  /** When the link stops working, if the upstream says. ISO-8601. */
  expiresAt?: string;
}

export interface Provisioner {
  /**
   * Creates the account. `AccountExistsError` when an account of that name exists already,
   * whoever made it: the caller decides, with `summary`, whether it is its own.
   */
  create(spec: AccountSpec): Promise<CreatedAccount>;
  /** Suspends the account (again, if it is suspended: the reason is updated). */
  suspend(username: string, reason: string): Promise<void>;
  /** Lifts a suspension; an account that is not suspended stays as it is. */
  unsuspend(username: string): Promise<void>;
  /** Removes the account and its data for good. `NoSuchAccountError` when there is none. */
  terminate(username: string): Promise<void>;
  /** The account, or undefined when the upstream has none of that name that we may see. */
  summary(username: string): Promise<AccountSummary | undefined>;
  /** A single-use login URL to the account's panel, for its owner. */
  openSession(username: string): Promise<PanelSession>;
  /**
   * Moves the account to another of the upstream's plans (a WHM package), for a plan change
   * (D26). Asking for the package it is on already changes nothing. `NoSuchAccountError` when
   * there is no such account; `ProvisionerRefusedError` when the upstream refuses (an unknown
   * package).
   */
  changePackage(username: string, pkg: string): Promise<void>;
}

/**
 * The upstream did not answer usefully (down, unreachable, too slow, a 5xx, an answer that is not
 * its protocol). Nothing can be concluded: the caller retries later. Its code is what Open control
 * panel answers a buyer meanwhile (`panel_unavailable`, with a sentence they can read); `detail`
 * is for the log.
 */
export class ProvisionerUnavailableError extends DomainError {
  override readonly name = 'ProvisionerUnavailableError';
  readonly code = 'panel_unavailable';
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super('The control panel did not answer. Please try again in a few minutes.', options);
  }
}

/** The upstream refused our credentials or their privileges: a configuration fault. */
export class ProvisionerAccessDeniedError extends Error {
  override readonly name = 'ProvisionerAccessDeniedError';
}

/** An account of that name exists already. */
export class AccountExistsError extends Error {
  override readonly name = 'AccountExistsError';
  constructor(readonly username: string) {
    super(`An account named ${username} exists already.`);
  }
}

/** No account of that name (that we may see). */
export class NoSuchAccountError extends Error {
  override readonly name = 'NoSuchAccountError';
  constructor(readonly username: string) {
    super(`There is no account named ${username}.`);
  }
}

/**
 * The upstream answered and refused the request for a reason of its own (a domain already on the
 * server, an unknown package). Retrying the same request will not help; a person must look.
 * `reason` is the upstream's own sentence.
 */
export class ProvisionerRefusedError extends Error {
  override readonly name = 'ProvisionerRefusedError';
  constructor(
    readonly operation: string,
    readonly reason: string,
  ) {
    super(`The panel refused ${operation}: ${reason}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The service's provisioning state, as the store keeps it.

/**
 * Where a service stands on its upstream. Kept with the service (the dashboard shows it as
 * "Setting up", ready with its access details, ...). Never a password.
 */
export interface ProvisioningRecord {
  userId: string;
  serviceId: string;
  state: ProvisioningState;
  /**
   * The panel account, chosen (and kept) before it is created, so that every retry asks the panel
   * about the same account instead of making another.
   */
  username?: string;
  domain?: string;
  package?: string;
  /** How many usernames were found taken by accounts not this service's (0: the first). */
  usernameAttempt?: number;
  server?: string;
  nameservers?: string[];
  panelUrl?: string;
  /** Why the upstream refused, for the operator (`failed`). */
  failureReason?: string;
  readyAt?: string;
  /** What an operator entered for a service set up by hand (label → value). Never a password. */
  details?: Record<string, string>;
  /** Set once ServiceProvisioned was accepted by the bus. */
  announcedAt?: string;
  updatedAt: string;
}

/**
 * The provisioning fields as they are kept on the service's item (ServiceRecord.provisioning),
 * with the claim of the attempt acting on the upstream, if one holds it.
 */
export type StoredProvisioning = Omit<ProvisioningRecord, 'userId' | 'serviceId'> & {
  /** `handedOver`: when another converge last handed its run to this holder (handOver). */
  claim?: { token: string; by: string; at: number; handedOver?: number };
};

/** The service has no item (nothing was sold), or its provisioning was never begun. */
export class ProvisioningRecordNotFoundError extends Error {
  override readonly name = 'ProvisioningRecordNotFoundError';
  constructor(readonly serviceId: string) {
    super(`Service ${serviceId} has no item to keep its provisioning on, or it was never begun.`);
  }
}

/** A write that needs the claim, by a caller whose token no longer holds it. */
export class ProvisioningClaimLostError extends Error {
  override readonly name = 'ProvisioningClaimLostError';
  constructor(readonly serviceId: string) {
    super(`The provisioning claim on ${serviceId} is no longer held by this attempt.`);
  }
}

/** A settle that another attempt, or a later state, came before. */
export class ProvisioningStateConflictError extends Error {
  override readonly name = 'ProvisioningStateConflictError';
  constructor(
    readonly serviceId: string,
    readonly from: ProvisioningState,
    readonly to: ProvisioningState,
  ) {
    super(`Provisioning of ${serviceId} cannot move from ${from} to ${to} now.`);
  }
}

/**
 * What a write of the renewal job also requires of the service it is kept on, in the same
 * conditional write: that it still renews on `renewalDate` and is not cancelled, and (a claim)
 * that its provisioning is in `state`. So a service renewed or cancelled meanwhile is caught by
 * the write failing, with no read of the item before or after.
 */
export interface ExpectedService {
  renewalDate: string;
  state?: ProvisioningState;
}

/** A write given an ExpectedService found the service renewed (another date) or cancelled. */
export class ServiceOvertakenError extends Error {
  override readonly name = 'ServiceOvertakenError';
  constructor(
    readonly serviceId: string,
    /** Cancelled, rather than renewed: its account is to stay suspended. */
    readonly cancelled = false,
  ) {
    super(`Service ${serviceId} was ${cancelled ? 'cancelled' : 'renewed'} meanwhile.`);
  }
}

/** A claim given an ExpectedService found the service still due but its provisioning `actual`. */
export class ProvisioningNotInStateError extends Error {
  override readonly name = 'ProvisioningNotInStateError';
  constructor(
    readonly serviceId: string,
    readonly expected: ProvisioningState,
    readonly actual: ProvisioningState,
  ) {
    super(`Provisioning of ${serviceId} is ${actual}, not ${expected}.`);
  }
}

/**
 * A claim on acting on the upstream for one service:
 * - `claimed`: this caller holds it now (`token` proves it on every write that follows);
 *   `service` is the service's item as the claim's write left it, claim included (that write's
 *   own answer: as fresh as a strongly consistent read under the claim), so the holder need not
 *   read it again;
 * - `held`: another attempt holds it and its lease has not run out; `heldBy` names the bus
 *   delivery that took it, so a retry of its own crashed delivery can be told from a racer.
 */
export type ProvisioningClaim =
  | { state: 'claimed'; token: string; service: ServiceRecord }
  | { state: 'held'; heldBy: string | undefined };

export interface ChosenAccount {
  username: string;
  domain: string;
  package: string;
  usernameAttempt: number;
}

export type ProvisioningOutcome =
  | { state: 'ready'; server: string; nameservers: string[]; panelUrl?: string }
  | { state: 'failed'; reason: string }
  /** Suspended on the panel (expired and not renewed, D17); `reason` is what the panel was told. */
  | { state: 'suspended'; reason: string }
  /** Removed from the panel for good (an operator confirmed it, D22). */
  | { state: 'terminated'; reason: string };

/**
 * The service's provisioning state. Every write is conditional, so that racing deliveries of one
 * event and retries after a crash agree: at most one holds the claim, only the holder's token
 * writes the account and the outcome, and the state moves only along lambdas/domain/provisioning.
 */
export interface ProvisioningRecords {
  get(userId: string, serviceId: string): Promise<ProvisioningRecord | undefined>;
  /**
   * Starts the service's record in its first state (`pending` or `manual`) unless it has one;
   * answers the record as stored, whoever wrote it. The record is kept on the service's item,
   * which fulfilment wrote before announcing the purchase: ProvisioningRecordNotFoundError when
   * there is none.
   */
  begin(
    userId: string,
    serviceId: string,
    state: 'pending' | 'manual',
    at: Date,
  ): Promise<ProvisioningRecord>;
  /**
   * Takes the claim, or takes over one whose lease ran out (its holder crashed).
   * ProvisioningRecordNotFoundError before `begin`. With `expected`, only while the service is as
   * it says: else `held` when a live claim is on it, ServiceOvertakenError when it was renewed or
   * cancelled, ProvisioningNotInStateError when its provisioning is in another state.
   */
  claim(
    userId: string,
    serviceId: string,
    deliveryId: string,
    now: Date,
    expected?: ExpectedService,
  ): Promise<ProvisioningClaim>;
  /** Gives the claim back (the upstream was down); a retry takes it again. */
  release(userId: string, serviceId: string, token: string): Promise<void>;
  /**
   * Hands a converge that found the claim held over to its holder (issue #30): true, and the claim
   * marked `handedOver`, only while `heldBy` holds it and its lease runs; false, writing nothing,
   * otherwise (given back, run out, or another's now). The holder, a converge delivered by the bus
   * (lambdas/use-cases/converge-service.ts), reads the service again after it gives the claim
   * back (or takes it from the answer of the settle that gave it back, E32), so it acts on every
   * fact recorded before this; the service's facts and version are not touched.
   */
  handOver(userId: string, serviceId: string, heldBy: string, now: Date): Promise<boolean>;
  /**
   * Keeps the account about to be created; only while `token` holds the claim (else
   * ProvisioningClaimLostError).
   */
  choose(
    userId: string,
    serviceId: string,
    token: string,
    account: ChosenAccount,
    at: Date,
  ): Promise<void>;
  /**
   * Moves the state from `from` to the outcome's and ends the claim, only while `token` holds it.
   * Throws when another holder (ProvisioningClaimLostError) or a later state
   * (ProvisioningStateConflictError) came first, or the move is not one the domain allows.
   * With `expected`, only while the service still renews on its date and is not cancelled: else
   * ServiceOvertakenError, writing nothing (the claim still held).
   * Answers the service's item as this write left it (as fresh as a strongly consistent read just
   * after it), so a converge looks at the service again without reading it (issue #30).
   */
  settle(
    userId: string,
    serviceId: string,
    token: string,
    from: ProvisioningState,
    outcome: ProvisioningOutcome,
    at: Date,
    expected?: Pick<ExpectedService, 'renewalDate'>,
  ): Promise<ServiceRecord>;
  /** Notes, once, that ServiceProvisioned went out (a second call keeps the first time). */
  markAnnounced(userId: string, serviceId: string, at: Date): Promise<void>;
  /**
   * Services whose provisioning waits for a person, in one state, from the services table's
   * sparse `waitingForOperator` index (a service is in it while `manual` or `failed`): no scan.
   */
  listWaiting(state: WaitingState, limit: number): Promise<WaitingService[]>;
  /**
   * An operator set the service up by hand: `from` (manual or failed) → ready, with the access
   * details they entered (never a password), while no live claim holds it. False, writing
   * nothing, when the service is not in `from` or an attempt holds it.
   */
  completeByHand(
    userId: string,
    serviceId: string,
    from: WaitingState,
    details: Record<string, string>,
    at: Date,
  ): Promise<boolean>;
  /**
   * failed → pending, while no live claim holds it, so the next delivery of the purchase tries
   * the upstream again (an operator's retry). False, writing nothing, otherwise.
   */
  retry(userId: string, serviceId: string, at: Date): Promise<boolean>;
}

/** The states in which a service waits for a person. */
export type WaitingState = 'manual' | 'failed';

/** A waiting service: its provisioning and what it is. */
export type WaitingService = ProvisioningRecord & {
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
};
