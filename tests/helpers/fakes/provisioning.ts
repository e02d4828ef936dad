/**
 * ProvisioningRecords in memory, kept ON the fake services store's items (`provisioning`, with its
 * claim inside) as the DynamoDB adapter keeps them on the services table, so the dashboard's one
 * read sees them. Each method checks and writes without yielding in between, as one conditional
 * write does; it yields before, as the network would (`roundTrip`, which a test may replace to
 * stop a "killed" process from reaching the store). The contract spec runs it beside the adapter.
 */
import { randomUUID } from 'node:crypto';
import {
  canMoveProvisioning,
  isValidWhmUsername,
  type ProvisioningState,
} from '../../../lambdas/domain/provisioning';
import {
  AccountExistsError,
  NoSuchAccountError,
  ProvisionerAccessDeniedError,
  ProvisionerRefusedError,
  ProvisionerUnavailableError,
  ProvisioningClaimLostError,
  ProvisioningNotInStateError,
  ProvisioningRecordNotFoundError,
  ProvisioningStateConflictError,
  ServiceOvertakenError,
  type AccountSpec,
  type AccountSummary,
  type ChosenAccount,
  type CreatedAccount,
  type ExpectedService,
  type PanelSession,
  type Provisioner,
  type ProvisioningClaim,
  type ProvisioningOutcome,
  type ProvisioningRecord,
  type ProvisioningRecords,
  type StoredProvisioning,
  type WaitingService,
  type WaitingState,
} from '../../../lambdas/ports/provisioning';
import type { ServiceRecord } from '../../../lambdas/ports/services';
import { InMemoryServicesStore } from './stores';

export interface InMemoryProvisioningOptions {
  /** The services the records live on; a store of its own by default. */
  services?: InMemoryServicesStore;
  leaseMs?: number;
  roundTrip?: () => Promise<void>;
}

export class InMemoryProvisioningRecords implements ProvisioningRecords {
  readonly services: InMemoryServicesStore;
  readonly leaseMs: number;
  private readonly roundTrip: () => Promise<void>;

  constructor(options: InMemoryProvisioningOptions = {}) {
    this.services = options.services ?? new InMemoryServicesStore();
    this.leaseMs = options.leaseMs ?? 120_000;
    this.roundTrip =
      options.roundTrip ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  }

  /** The stored fields of a service, claim included, for tests to look at or arrange. */
  stored(userId: string, serviceId: string): StoredProvisioning | undefined {
    return this.item(userId, serviceId)?.provisioning;
  }

  async get(userId: string, serviceId: string): Promise<ProvisioningRecord | undefined> {
    await this.roundTrip();
    const stored = this.item(userId, serviceId)?.provisioning;
    return stored && toRecord(userId, serviceId, stored);
  }

  async begin(
    userId: string,
    serviceId: string,
    state: 'pending' | 'manual',
    at: Date,
  ): Promise<ProvisioningRecord> {
    await this.roundTrip();
    const item = this.item(userId, serviceId);
    if (!item) throw new ProvisioningRecordNotFoundError(serviceId);
    item.provisioning ??= { state, updatedAt: at.toISOString() };
    return toRecord(userId, serviceId, item.provisioning);
  }

  async claim(
    userId: string,
    serviceId: string,
    deliveryId: string,
    now: Date,
    expected?: ExpectedService,
  ): Promise<ProvisioningClaim> {
    await this.roundTrip();
    const stored = this.begun(userId, serviceId);
    if (stored.claim && stored.claim.at >= now.getTime() - this.leaseMs) {
      return { state: 'held', heldBy: stored.claim.by };
    }
    // The adapter's condition, answered as it tells its failures apart.
    if (expected) this.checkNotOvertaken(userId, serviceId, expected);
    if (expected?.state && stored.state !== expected.state) {
      throw new ProvisioningNotInStateError(serviceId, expected.state, stored.state);
    }
    const token = randomUUID();
    stored.claim = { token, by: deliveryId, at: now.getTime() };
    return { state: 'claimed', token, service: structuredClone(this.item(userId, serviceId)!) };
  }

  async release(userId: string, serviceId: string, token: string): Promise<void> {
    await this.roundTrip();
    const stored = this.begun(userId, serviceId);
    if (stored.claim?.token === token) delete stored.claim;
  }

  async handOver(userId: string, serviceId: string, heldBy: string, now: Date): Promise<boolean> {
    await this.roundTrip();
    const claim = this.item(userId, serviceId)?.provisioning?.claim;
    if (claim?.by !== heldBy || claim.at < now.getTime() - this.leaseMs) return false;
    claim.handedOver = now.getTime();
    return true;
  }

  async choose(
    userId: string,
    serviceId: string,
    token: string,
    account: ChosenAccount,
    at: Date,
  ): Promise<void> {
    await this.roundTrip();
    const stored = this.held(userId, serviceId, token);
    Object.assign(stored, {
      username: account.username,
      domain: account.domain,
      package: account.package,
      usernameAttempt: account.usernameAttempt,
      updatedAt: at.toISOString(),
    });
  }

  async settle(
    userId: string,
    serviceId: string,
    token: string,
    from: ProvisioningState,
    outcome: ProvisioningOutcome,
    at: Date,
    expected?: Pick<ExpectedService, 'renewalDate'>,
  ): Promise<ServiceRecord> {
    if (!canMoveProvisioning(from, outcome.state)) {
      throw new ProvisioningStateConflictError(serviceId, from, outcome.state);
    }
    await this.roundTrip();
    const stored = this.held(userId, serviceId, token);
    if (stored.state !== from) {
      throw new ProvisioningStateConflictError(serviceId, from, outcome.state);
    }
    if (expected) this.checkNotOvertaken(userId, serviceId, expected);
    stored.state = outcome.state;
    stored.updatedAt = at.toISOString();
    if (outcome.state === 'ready') {
      stored.server = outcome.server;
      stored.nameservers = [...outcome.nameservers];
      if (outcome.panelUrl) stored.panelUrl = outcome.panelUrl;
      stored.readyAt = at.toISOString();
      delete stored.failureReason;
    } else {
      stored.failureReason = outcome.reason;
    }
    delete stored.claim;
    return structuredClone(this.item(userId, serviceId)!);
  }

  async markAnnounced(userId: string, serviceId: string, at: Date): Promise<void> {
    await this.roundTrip();
    const stored = this.begun(userId, serviceId);
    stored.announcedAt ??= at.toISOString();
  }

  async listWaiting(state: WaitingState, limit: number): Promise<WaitingService[]> {
    await this.roundTrip();
    return [...this.services.items.values()]
      .filter((item) => item.provisioning?.state === state)
      .sort((a, b) => a.serviceId.localeCompare(b.serviceId))
      .slice(0, limit)
      .map((item) => ({
        ...toRecord(item.userId, item.serviceId, item.provisioning as StoredProvisioning),
        planId: item.planId,
        planName: item.planName,
        category: item.category,
        ...(item.domain ? { domain: item.domain } : {}),
      }));
  }

  async completeByHand(
    userId: string,
    serviceId: string,
    from: WaitingState,
    details: Record<string, string>,
    at: Date,
  ): Promise<boolean> {
    await this.roundTrip();
    const stored = this.item(userId, serviceId)?.provisioning;
    if (!stored || stored.state !== from || this.liveClaim(stored, at)) return false;
    stored.state = 'ready';
    stored.details = { ...details };
    stored.readyAt = at.toISOString();
    stored.updatedAt = at.toISOString();
    delete stored.failureReason;
    return true;
  }

  async retry(userId: string, serviceId: string, at: Date): Promise<boolean> {
    await this.roundTrip();
    const stored = this.item(userId, serviceId)?.provisioning;
    if (!stored || stored.state !== 'failed' || this.liveClaim(stored, at)) return false;
    stored.state = 'pending';
    stored.updatedAt = at.toISOString();
    delete stored.failureReason;
    return true;
  }

  /** Renewed (another renewal date) or cancelled since the caller read it. */
  private checkNotOvertaken(
    userId: string,
    serviceId: string,
    expected: Pick<ExpectedService, 'renewalDate'>,
  ): void {
    const item = this.item(userId, serviceId);
    if (item?.renewalDate !== expected.renewalDate || item.cancelledAt !== undefined) {
      throw new ServiceOvertakenError(serviceId, item?.cancelledAt !== undefined);
    }
  }

  private liveClaim(stored: StoredProvisioning, at: Date): boolean {
    return stored.claim !== undefined && stored.claim.at >= at.getTime() - this.leaseMs;
  }

  private item(userId: string, serviceId: string): ServiceRecord | undefined {
    return this.services.items.get(`${userId}#${serviceId}`);
  }

  private begun(userId: string, serviceId: string): StoredProvisioning {
    const stored = this.item(userId, serviceId)?.provisioning;
    if (!stored) throw new ProvisioningRecordNotFoundError(serviceId);
    return stored;
  }

  private held(userId: string, serviceId: string, token: string): StoredProvisioning {
    const stored = this.begun(userId, serviceId);
    if (stored.claim?.token !== token) throw new ProvisioningClaimLostError(serviceId);
    return stored;
  }
}

function toRecord(
  userId: string,
  serviceId: string,
  stored: StoredProvisioning,
): ProvisioningRecord {
  const { claim: _claim, ...fields } = structuredClone(stored);
  return { userId, serviceId, ...fields };
}

export interface PanelAccount {
  domain: string;
  package: string;
  email: string;
  suspended: boolean;
}

export const FAKE_PANEL_SERVER = 'server1.example.in';
export const FAKE_PANEL_NAMESERVERS = ['ns1.example.in', 'ns2.example.in'];

// WHM's rule for a domain, as the stand-in (infra/local/whm/server.ts) has it.
const WHM_DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * WHM as the port sees it: names valid as WHM takes them, names (and their first eight
 * characters) and domains unique on the server, each call a round trip, the catalog's packages;
 * `down` and `deniesAccess` answer every call as an outage or a refused token. Login links are
 * single-use, as create_user_session's are, and never given for a suspended account. The contract
 * spec (tests/unit/contracts/provisioner.test.ts) runs it beside WhmProvisioner on the stand-in.
 */
export class InMemoryPanel implements Provisioner {
  readonly accounts = new Map<string, PanelAccount>();
  readonly packages = new Set(['storefront_basic', 'storefront_premium', 'storefront_enterprise']);
  /** Accounts made. */
  creates = 0;
  /** createacct calls, made or refused: WHM's heaviest call, asked once per service. */
  createCalls = 0;
  calls = 0;
  down = false;
  deniesAccess = false;
  /** Login links handed out, by their session id, and whether each was used. */
  readonly sessions = new Map<string, { username: string; used: boolean }>();
  private readonly tick: () => Promise<void>;

  constructor(options: { roundTrip?: () => Promise<void> } = {}) {
    this.tick = options.roundTrip ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  }

  private async roundTrip(fn: string): Promise<void> {
    this.calls += 1;
    await this.tick();
    if (this.deniesAccess) throw new ProvisionerAccessDeniedError('WHM refused the API token');
    if (this.down) throw new ProvisionerUnavailableError(`WHM ${fn}: HTTP 503`);
  }

  private account(username: string): PanelAccount {
    const account = this.accounts.get(username);
    if (!account) throw new NoSuchAccountError(username);
    return account;
  }

  async create(spec: AccountSpec): Promise<CreatedAccount> {
    if (!isValidWhmUsername(spec.username)) {
      throw new ProvisionerRefusedError(
        'createacct',
        `The username “${spec.username}” is not valid.`,
      );
    }
    this.createCalls += 1;
    await this.roundTrip('call');
    if (this.accounts.has(spec.username)) throw new AccountExistsError(spec.username);
    const twin = [...this.accounts.keys()].find(
      (name) => name.slice(0, 8) === spec.username.slice(0, 8),
    );
    if (twin) {
      throw new ProvisionerRefusedError(
        'createacct',
        `The username “${spec.username}” conflicts with the account “${twin}”: the first eight characters of a username must be unique.`,
      );
    }
    if (!WHM_DOMAIN.test(spec.domain)) {
      throw new ProvisionerRefusedError(
        'createacct',
        `The domain “${spec.domain}” is not a valid domain name.`,
      );
    }
    const owner = [...this.accounts].find(([, a]) => a.domain === spec.domain)?.[0];
    if (owner) {
      throw new ProvisionerRefusedError(
        'createacct',
        `The domain “${spec.domain}” already exists in the userdata for the account “${owner}”.`,
      );
    }
    if (!this.packages.has(spec.package)) {
      throw new ProvisionerRefusedError(
        'createacct',
        `Unable to find the package “${spec.package}”.`,
      );
    }
    this.accounts.set(spec.username, {
      domain: spec.domain,
      package: spec.package,
      email: spec.contactEmail,
      suspended: false,
    });
    this.creates += 1;
    return {
      username: spec.username,
      domain: spec.domain,
      package: spec.package,
      server: FAKE_PANEL_SERVER,
      nameservers: [...FAKE_PANEL_NAMESERVERS],
      ip: '203.0.113.10',
    };
  }

  async suspend(username: string): Promise<void> {
    await this.roundTrip('call');
    this.account(username).suspended = true;
  }

  async unsuspend(username: string): Promise<void> {
    await this.roundTrip('call');
    this.account(username).suspended = false;
  }

  async terminate(username: string): Promise<void> {
    await this.roundTrip('call');
    this.account(username);
    this.accounts.delete(username);
  }

  /** changepackage calls that reached the panel, made or refused. */
  packageChanges = 0;

  async changePackage(username: string, pkg: string): Promise<void> {
    this.packageChanges += 1;
    await this.roundTrip('call');
    const account = this.account(username);
    if (!this.packages.has(pkg)) {
      throw new ProvisionerRefusedError('changepackage', `Unable to find the package “${pkg}”.`);
    }
    account.package = pkg;
  }

  async summary(username: string): Promise<AccountSummary | undefined> {
    await this.roundTrip('call');
    const account = this.accounts.get(username);
    if (!account) return undefined;
    return {
      username,
      domain: account.domain,
      package: account.package,
      state: account.suspended ? 'suspended' : 'active',
      server: FAKE_PANEL_SERVER,
      contactEmail: account.email,
    };
  }

  async openSession(username: string): Promise<PanelSession> {
    await this.roundTrip('create_user_session');
    if (this.account(username).suspended) {
      throw new ProvisionerRefusedError(
        'create_user_session',
        `The account “${username}” is suspended.`,
      );
    }
    const id = randomUUID();
    this.sessions.set(id, { username, used: false });
    return { url: `https://${FAKE_PANEL_SERVER}:2083/cpsess1/login/?session=${username}:${id}` };
  }

  /**
   * The owner's browser following a login link, as the stand-in's login page answers it: signed in
   * only the first time, and only while the account exists.
   */
  signIn(url: string): boolean {
    const id = /[?&]session=[^:&]+:([^&]+)/.exec(url)?.[1];
    const session = id ? this.sessions.get(id) : undefined;
    if (!session || session.used) return false;
    session.used = true;
    return this.accounts.has(session.username);
  }
}
