/**
 * A provisioning upstream: where a sold service is created and lives. Every panel has this
 * lifecycle (WHM for hosting today; a VPS panel such as Proxmox or Virtualizor, or a registrar,
 * later): create an account, suspend and unsuspend it, terminate it, say whether it exists and in
 * what state, and sign its owner in with a single-use login. An upstream is one adapter that
 * implements `Provisioner` and maps its protocol's answers to the errors below; use cases never
 * see a provider's JSON.
 */
import { DomainError } from '../domain/errors';

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
