/**
 * AutoRenewStore in memory, on the fake services store's items as a DynamoDB adapter keeps it on
 * the services table. Each method checks and writes without yielding in between, as one
 * conditional write does, and yields before, as the network would (`roundTrip`, which a test may
 * replace to hold or "kill" a caller).
 */
import { randomUUID } from 'node:crypto';
import type {
  AutoRenewCycleRecord,
  AutoRenewRecord,
  AutoRenewStore,
  MandateRecord,
  ServiceRef,
} from '../../../lambdas/ports/auto-renew';
import type { RenewalStepClaim } from '../../../lambdas/ports/renewals';
import type { ServiceRecord } from '../../../lambdas/ports/services';
import { servicesDueBy } from './renewals';
import { InMemoryServicesStore } from './stores';

export class InMemoryAutoRenewStore implements AutoRenewStore {
  /** Items handed out by listDue, for tests that count what a run read. */
  itemsListed = 0;
  roundTrip: () => Promise<void> = () => new Promise<void>((resolve) => setImmediate(resolve));

  constructor(readonly services: InMemoryServicesStore = new InMemoryServicesStore()) {}

  async *listDue(now: Date): AsyncIterable<ServiceRecord> {
    await this.roundTrip();
    for (const item of servicesDueBy(this.services, 'autoRenewDueAt', now)) {
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
    now: Date,
    leaseMs: number,
  ): Promise<RenewalStepClaim> {
    await this.roundTrip();
    const item = this.item(ref);
    if (!item?.autoRenew?.enabled || item.renewalDate !== renewalDate || item.cancelledAt)
      return { state: 'stale' };
    if (item.autoRenew.claim && item.autoRenew.claim.until >= now.getTime())
      return { state: 'held' };
    const token = randomUUID();
    item.autoRenew.claim = { token, until: now.getTime() + leaseMs };
    return { state: 'claimed', token };
  }

  async saveCycle(ref: ServiceRef, token: string, cycle: AutoRenewCycleRecord): Promise<boolean> {
    await this.roundTrip();
    const item = this.item(ref);
    if (item?.autoRenew?.claim?.token !== token) return false;
    item.autoRenew.cycle = structuredClone(cycle);
    return true;
  }

  async complete(
    ref: ServiceRef,
    token: string,
    cycle: AutoRenewCycleRecord,
    nextDueAt: string | undefined,
  ): Promise<void> {
    await this.roundTrip();
    const item = this.item(ref);
    if (item?.autoRenew?.claim?.token !== token) return;
    item.autoRenew.cycle = structuredClone(cycle);
    delete item.autoRenew.claim;
    setDue(item, nextDueAt);
  }

  async release(ref: ServiceRef, token: string): Promise<void> {
    await this.roundTrip();
    const item = this.item(ref);
    if (item?.autoRenew?.claim?.token === token) delete item.autoRenew.claim;
  }

  async reschedule(ref: ServiceRef, nextDueAt: string | undefined): Promise<void> {
    await this.roundTrip();
    const item = this.item(ref);
    if (item) setDue(item, nextDueAt);
  }

  async setAutoRenew(
    ref: ServiceRef,
    change: {
      enabled: boolean;
      mandate?: MandateRecord | null;
      pendingOrderId?: string | null;
      nextDueAt?: string | null;
    },
    at: string,
  ): Promise<ServiceRecord | undefined> {
    await this.roundTrip();
    const item = this.item(ref);
    if (!item) return undefined;
    const record: AutoRenewRecord = {
      ...(item.autoRenew ?? { enabled: false }),
      enabled: change.enabled,
      changedAt: at,
    };
    if (change.mandate === null) delete record.mandate;
    else if (change.mandate) record.mandate = structuredClone(change.mandate);
    if (change.pendingOrderId === null) delete record.pendingOrderId;
    else if (change.pendingOrderId) record.pendingOrderId = change.pendingOrderId;
    item.autoRenew = record;
    if (change.nextDueAt !== undefined) setDue(item, change.nextDueAt ?? undefined);
    return structuredClone(item);
  }

  async findByToken(tokenId: string): Promise<ServiceRef | undefined> {
    await this.roundTrip();
    const item = [...this.services.items.values()].find(
      (i) => i.autoRenew?.mandate?.tokenId === tokenId,
    );
    return item && { userId: item.userId, serviceId: item.serviceId };
  }

  async findByPendingOrder(orderId: string): Promise<ServiceRef | undefined> {
    await this.roundTrip();
    const item = [...this.services.items.values()].find(
      (i) => i.autoRenew?.pendingOrderId === orderId,
    );
    return item && { userId: item.userId, serviceId: item.serviceId };
  }

  private item(ref: ServiceRef): ServiceRecord | undefined {
    return this.services.items.get(`${ref.userId}#${ref.serviceId}`);
  }
}

function setDue(item: ServiceRecord, nextDueAt: string | undefined): void {
  if (nextDueAt) item.autoRenewDueAt = nextDueAt;
  else delete item.autoRenewDueAt;
}
