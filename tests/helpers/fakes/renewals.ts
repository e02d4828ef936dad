/**
 * RenewalSchedule in memory, on the fake services store's items as the DynamoDB adapter keeps it
 * on the services table. Each method checks and writes without yielding in between, as one
 * conditional write does, and yields before, as the network would (`roundTrip`, which a test may
 * replace to hold or "kill" a caller). The contract spec runs it beside the adapter.
 */
import { randomUUID } from 'node:crypto';
import { stepKey } from '../../../lambdas/domain/renewal-schedule';
import type { RenewalStep } from '../../../lambdas/domain/renewals';
import type {
  RenewalSchedule,
  ServiceRef,
  ServiceStepClaim,
} from '../../../lambdas/ports/renewals';
import type { ServiceRecord } from '../../../lambdas/ports/services';
import {
  NoSuchAccountError,
  ProvisionerUnavailableError,
  type AccountSummary,
  type CreatedAccount,
  type PanelSession,
  type Provisioner,
} from '../../../lambdas/ports/provisioning';
import { InMemoryServicesStore } from './stores';

/**
 * The services whose due instant (`nextDueAt`, the renewal job's; `autoRenewDueAt`, auto-renew's)
 * is at or before `now`, soonest first, as copies: what a sharded due index answers.
 */
export function servicesDueBy(
  services: InMemoryServicesStore,
  field: 'nextDueAt' | 'autoRenewDueAt',
  now: Date,
): ServiceRecord[] {
  return [...services.items.values()]
    .filter((item) => item[field] !== undefined && (item[field] as string) <= now.toISOString())
    .sort((a, b) => (a[field] ?? '').localeCompare(b[field] ?? ''))
    .map((item) => structuredClone(item));
}

export class InMemoryRenewalSchedule implements RenewalSchedule {
  /** Items handed out by listDue, for tests that count what a run read. */
  itemsListed = 0;
  roundTrip: () => Promise<void> = () => new Promise<void>((resolve) => setImmediate(resolve));

  constructor(readonly services: InMemoryServicesStore = new InMemoryServicesStore()) {}

  async *listDue(now: Date): AsyncIterable<ServiceRecord> {
    await this.roundTrip();
    for (const item of servicesDueBy(this.services, 'nextDueAt', now)) {
      this.itemsListed += 1;
      yield item;
    }
  }

  async get(ref: ServiceRef): Promise<ServiceRecord | undefined> {
    await this.roundTrip();
    const item = this.item(ref);
    return item && structuredClone(item);
  }

  async claim(
    ref: ServiceRef,
    renewalDate: string,
    step: RenewalStep,
    now: Date,
    leaseMs: number,
  ): Promise<ServiceStepClaim> {
    await this.roundTrip();
    const item = this.item(ref);
    const key = stepKey(renewalDate, step);
    if (!item || item.renewalDate !== renewalDate || item.cancelledAt || item.renewalDone?.has(key))
      return { state: 'stale' };
    if (item.renewalClaim && item.renewalClaim.until >= now.getTime()) return { state: 'held' };
    const token = randomUUID();
    item.renewalClaim = { token, key, until: now.getTime() + leaseMs };
    return { state: 'claimed', token, service: structuredClone(item) };
  }

  async complete(
    ref: ServiceRef,
    renewalDate: string,
    token: string,
    steps: readonly RenewalStep[],
    nextDueAt: string | undefined,
  ): Promise<void> {
    await this.roundTrip();
    const item = this.item(ref);
    if (!item) return;
    this.addDone(item, renewalDate, steps);
    if (item.renewalClaim?.token !== token) return;
    delete item.renewalClaim;
    if (item.renewalDate === renewalDate) setNextDue(item, nextDueAt);
  }

  async release(ref: ServiceRef, token: string): Promise<void> {
    await this.roundTrip();
    const item = this.item(ref);
    if (item?.renewalClaim?.token === token) delete item.renewalClaim;
  }

  async record(
    ref: ServiceRef,
    renewalDate: string,
    steps: readonly RenewalStep[],
    nextDueAt: string | undefined,
  ): Promise<boolean> {
    await this.roundTrip();
    const item = this.item(ref);
    if (!item || item.renewalDate !== renewalDate || item.cancelledAt) return false;
    this.addDone(item, renewalDate, steps);
    setNextDue(item, nextDueAt);
    return true;
  }

  async unschedule(ref: ServiceRef): Promise<void> {
    await this.roundTrip();
    const item = this.item(ref);
    if (item) delete item.nextDueAt;
  }

  private item(ref: ServiceRef): ServiceRecord | undefined {
    return this.services.items.get(`${ref.userId}#${ref.serviceId}`);
  }

  private addDone(item: ServiceRecord, renewalDate: string, steps: readonly RenewalStep[]): void {
    if (!steps.length) return;
    item.renewalDone = new Set([
      ...(item.renewalDone ?? []),
      ...steps.map((step) => stepKey(renewalDate, step)),
    ]);
  }
}

function setNextDue(item: ServiceRecord, nextDueAt: string | undefined): void {
  if (nextDueAt) item.nextDueAt = nextDueAt;
  else delete item.nextDueAt;
}

/**
 * A hosting panel holding accounts that exist already (the renewal job never creates one):
 * suspend and unsuspend as WHM does them, each a round trip, with a switch to make it unreachable.
 */
export class SuspendingPanel implements Provisioner {
  readonly suspended = new Map<string, boolean>();
  readonly calls: string[] = [];
  down = false;

  constructor(usernames: readonly string[] = []) {
    for (const username of usernames) this.suspended.set(username, false);
  }

  private async roundTrip(call: string, username: string): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.down) throw new ProvisionerUnavailableError(`WHM ${call}: HTTP 503`);
    if (!this.suspended.has(username)) throw new NoSuchAccountError(username);
    this.calls.push(`${call} ${username}`);
  }

  async create(): Promise<CreatedAccount> {
    throw new Error('the renewal job never creates accounts');
  }
  async suspend(username: string, _reason: string): Promise<void> {
    await this.roundTrip('suspendacct', username);
    this.suspended.set(username, true);
  }
  async unsuspend(username: string): Promise<void> {
    await this.roundTrip('unsuspendacct', username);
    this.suspended.set(username, false);
  }
  async terminate(): Promise<void> {
    throw new Error('the renewal job never deletes anything');
  }
  async summary(username: string): Promise<AccountSummary | undefined> {
    const suspended = this.suspended.get(username);
    if (suspended === undefined) return undefined;
    return {
      username,
      domain: `${username}.example.in`,
      package: 'storefront_basic',
      state: suspended ? 'suspended' : 'active',
      server: 'server1.example.in',
    };
  }
  async changePackage(): Promise<void> {
    throw new Error('the renewal job never changes a package');
  }
  async openSession(): Promise<PanelSession> {
    throw new Error('not used by the renewal job');
  }
}
