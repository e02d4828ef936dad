/**
 * ProvisioningRecords in memory, kept ON the fake services store's items (`provisioning`, with its
 * claim inside) as the DynamoDB adapter keeps them on the services table, so the dashboard's one
 * read sees them. Each method checks and writes without yielding in between, as one conditional
 * write does; it yields before, as the network would (`roundTrip`, which a test may replace to
 * stop a "killed" process from reaching the store). The contract spec runs it beside the adapter.
 */
import { randomUUID } from 'node:crypto';
import { canMoveProvisioning, type ProvisioningState } from '../../../lambdas/domain/provisioning';
import {
  ProvisioningClaimLostError,
  ProvisioningRecordNotFoundError,
  ProvisioningStateConflictError,
  type ChosenAccount,
  type ProvisioningClaim,
  type ProvisioningOutcome,
  type ProvisioningRecord,
  type ProvisioningRecords,
  type StoredProvisioning,
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
  ): Promise<ProvisioningClaim> {
    await this.roundTrip();
    const stored = this.begun(userId, serviceId);
    if (stored.claim && stored.claim.at >= now.getTime() - this.leaseMs) {
      return { state: 'held', heldBy: stored.claim.by };
    }
    const token = randomUUID();
    stored.claim = { token, by: deliveryId, at: now.getTime() };
    return { state: 'claimed', token };
  }

  async release(userId: string, serviceId: string, token: string): Promise<void> {
    await this.roundTrip();
    const stored = this.begun(userId, serviceId);
    if (stored.claim?.token === token) delete stored.claim;
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
  ): Promise<void> {
    if (!canMoveProvisioning(from, outcome.state)) {
      throw new ProvisioningStateConflictError(serviceId, from, outcome.state);
    }
    await this.roundTrip();
    const stored = this.held(userId, serviceId, token);
    if (stored.state !== from) {
      throw new ProvisioningStateConflictError(serviceId, from, outcome.state);
    }
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
  }

  async markAnnounced(userId: string, serviceId: string, at: Date): Promise<void> {
    await this.roundTrip();
    const stored = this.begun(userId, serviceId);
    stored.announcedAt ??= at.toISOString();
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
