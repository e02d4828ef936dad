/**
 * In-memory fakes of the backend's ports. They keep the same conditional-write semantics as the
 * DynamoDB adapters, yield between reads and writes so that concurrent calls interleave, and can be
 * told to crash once at a chosen method (see `crashOnce`).
 */
import { randomUUID } from 'node:crypto';
import { CATALOG } from '../../../lambdas/domain/catalog';
import type { Plan } from '../../../lambdas/domain/plan';
import { lifeQueueOf } from '../../../lambdas/domain/lifecycle';
import { nameSearchKey } from '../../../lambdas/domain/admin';
import { renewalScheduleFor } from '../../../lambdas/domain/renewal-schedule';
import type { VpsRecord, VpsReinstall, VpsTransientField } from '../../../lambdas/domain/vps';
import type { PurchaseCompletedDetail, StoreEventDetails } from '../../../lambdas/domain/api';
import type { EventPublisher } from '../../../lambdas/ports/events';
import type {
  FailedWelcomeMail,
  ProcessedEvents,
  WelcomeMailClaim,
  WelcomeMailClaims,
  WelcomeMailFailure,
  WelcomeMailState,
} from '../../../lambdas/ports/idempotency';
import type { LogPort } from '../../../lambdas/ports/logger';
import type { Mailer, OutgoingMail } from '../../../lambdas/ports/mail';
import type { RateLimit } from '../../../lambdas/domain/contact';
import type {
  ContactMessage,
  MailClaim,
  MessagesStore,
  StoredContactMessage,
} from '../../../lambdas/ports/messages';
import type { RateLimiter } from '../../../lambdas/ports/rate-limits';
import {
  canMoveOrder,
  orderMarkChanges,
  type OrderMark,
  type OrderMarkStatus,
  type OrderStatus,
} from '../../../lambdas/domain/order';
import {
  UNSETTLED_ORDER_FIELDS,
  type OrderRecord,
  type OrdersStore,
  type UnsettledOrder,
} from '../../../lambdas/ports/orders';
import type {
  GatewayOrder,
  GatewayOrderRequest,
  GatewayPayment,
  GatewayRefund,
  PaymentGateway,
  GatewayCustomerRequest,
  GatewayMandateOrderRequest,
  GatewayRecurringPaymentRequest,
  GatewayToken,
  RefundRequest,
} from '../../../lambdas/ports/payment-gateway';
import {
  checkoutPayload,
  matchesSignature,
} from '../../../lambdas/adapters/razorpay-api/signatures';
import { parseWebhookEvent } from '../../../lambdas/adapters/razorpay-api/webhook-events';
import type { PlansStore } from '../../../lambdas/ports/plans';
import type { DocumentKind } from '../../../lambdas/domain/invoice';
import {
  DOCUMENT_FIELDS,
  documentMonthOf,
  PURCHASE_SUMMARY_FIELDS,
  type PublishClaim,
  type PurchaseRecord,
  type PurchasesStore,
  type PurchaseSummary,
} from '../../../lambdas/ports/purchases';
import {
  PROVISIONING_VIEW_FIELDS,
  SERVICE_SUMMARY_FIELDS,
  queuedServiceOf,
  type LifeQueue,
  type LifeRecord,
  type QueuedService,
  type ServiceFact,
  type ServiceIdentity,
  type ServicePartItem,
  type ServicePeriod,
  type ServicePlan,
  type ServiceRecord,
  type ServicesStore,
  type ServiceSummary,
  type ServiceWithdrawal,
  type TransferRecord,
} from '../../../lambdas/ports/services';
import type {
  CurrentPlan,
  NewUser,
  ProfileChanges,
  PurchaseApplication,
  UserRecord,
  UsersStore,
} from '../../../lambdas/ports/users';

/** Lets other pending calls run, as a network round trip would. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const clone = <T>(value: T): T => structuredClone(value);

/** Only `fields` of an item, those it has: what a ProjectionExpression gives back. */
function pick<T extends object, K extends keyof T>(item: T, fields: readonly K[]): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const field of fields) if (item[field] !== undefined) picked[field] = clone(item[field]);
  return picked as Pick<T, K>;
}
/** What DynamoDB throws when a write's condition does not hold. */
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), {
    name: 'ConditionalCheckFailedException',
  });

export class InMemoryPlansStore implements PlansStore {
  reads = 0;
  constructor(public plans: Plan[] = clone([...CATALOG])) {}
  async listPlans(): Promise<Plan[]> {
    this.reads += 1;
    await tick();
    return clone(this.plans);
  }
}

export class InMemoryUsersStore implements UsersStore {
  readonly items = new Map<string, UserRecord & { appliedPurchaseIds?: Set<string> }>();
  applyCalls = 0;

  async getUser(userId: string): Promise<UserRecord | undefined> {
    await tick();
    const item = this.items.get(userId);
    if (!item) return undefined;
    const { appliedPurchaseIds: _applied, ...user } = item;
    return clone(user);
  }

  /** Ids each getUsers call asked for, so specs can see buyers read together. */
  readonly batches: string[][] = [];

  async getUsers(userIds: readonly string[]): Promise<Map<string, UserRecord>> {
    await tick();
    this.batches.push([...userIds]);
    const found = new Map<string, UserRecord>();
    for (const userId of new Set(userIds)) {
      const item = this.items.get(userId);
      if (!item) continue;
      const { appliedPurchaseIds: _applied, ...user } = item;
      found.set(userId, clone(user));
    }
    return found;
  }

  async createUserIfMissing(user: NewUser): Promise<UserRecord> {
    await tick();
    const existing = this.items.get(user.userId);
    if (existing) {
      const { appliedPurchaseIds: _applied, ...rest } = existing;
      return clone(rest);
    }
    this.items.set(user.userId, clone(user));
    return clone(user);
  }

  async applyPurchase(a: PurchaseApplication): Promise<boolean> {
    await tick();
    this.applyCalls += 1;
    const item = this.items.get(a.userId) ?? {
      userId: a.userId,
      email: a.email,
      name: a.name,
      phone: '',
      createdAt: a.at,
    };
    const applied = item.appliedPurchaseIds ?? new Set<string>();
    if (applied.has(a.purchaseId)) return false;
    if (item.expiry !== undefined && item.expiry > a.expiry) return false;
    applied.add(a.purchaseId);
    this.items.set(a.userId, {
      ...item,
      currentPlan: a.currentPlan,
      expiry: a.expiry,
      appliedPurchaseIds: applied,
    });
    return true;
  }

  async updateProfile(
    userId: string,
    changes: ProfileChanges,
    _at: string,
  ): Promise<UserRecord | undefined> {
    await tick();
    const item = this.items.get(userId);
    if (!item) return undefined;
    const next = { ...item };
    if (changes.name !== undefined) next.name = changes.name;
    if (changes.phone !== undefined) next.phone = changes.phone;
    if (changes.billing === null) delete next.billing;
    else if (changes.billing !== undefined) next.billing = clone(changes.billing);
    this.items.set(userId, next);
    const { appliedPurchaseIds: _applied, ...user } = next;
    return clone(user);
  }

  async changeEmail(
    userId: string,
    from: string,
    to: string,
    _at: string,
  ): Promise<UserRecord | undefined> {
    await tick();
    const item = this.items.get(userId);
    if (!item || item.email !== from) return undefined;
    const next = { ...item, email: to };
    this.items.set(userId, next);
    const { appliedPurchaseIds: _applied, ...user } = next;
    return clone(user);
  }

  async deleteUser(userId: string): Promise<void> {
    await tick();
    this.items.delete(userId);
  }

  async findUsersByEmail(email: string): Promise<UserRecord[]> {
    await tick();
    return [...this.items.values()]
      .filter((item) => item.email === email)
      .map(({ appliedPurchaseIds: _applied, ...user }) => clone(user));
  }

  async findUsersByNamePrefix(prefix: string, limit: number): Promise<UserRecord[]> {
    await tick();
    const key = nameSearchKey(prefix);
    if (key.length < 2) return [];
    return [...this.items.values()]
      .filter((item) => nameSearchKey(item.name).startsWith(key))
      .sort((a, b) => nameSearchKey(a.name).localeCompare(nameSearchKey(b.name)))
      .slice(0, limit)
      .map(({ appliedPurchaseIds: _applied, ...user }) => clone(user));
  }

  async findUsersByPhone(phone: string): Promise<UserRecord[]> {
    await tick();
    return [...this.items.values()]
      .filter((item) => item.phone === phone)
      .map(({ appliedPurchaseIds: _applied, ...user }) => clone(user));
  }

  async listUsersPage(
    limit: number,
    after?: string,
  ): Promise<{ users: UserRecord[]; next?: string }> {
    await tick();
    const all = [...this.items.values()].sort((a, b) => a.userId.localeCompare(b.userId));
    const from = after ? all.findIndex((u) => u.userId > after) : 0;
    const page = (from < 0 ? [] : all.slice(from, from + limit)).map(
      ({ appliedPurchaseIds: _applied, ...user }) => clone(user),
    );
    const last = page.at(-1);
    return { users: page, ...(last && from + limit < all.length ? { next: last.userId } : {}) };
  }

  async replaceCurrentPlan(
    userId: string,
    seen: CurrentPlan | null,
    next: CurrentPlan | null,
    _at: string,
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(userId);
    if (!item) return false;
    const holds = seen
      ? item.currentPlan === seen.currentPlan && item.expiry === seen.expiry
      : item.currentPlan === undefined && item.expiry === undefined;
    if (!holds) return false;
    const { currentPlan: _plan, expiry: _expiry, ...rest } = item;
    this.items.set(userId, next ? { ...rest, ...next } : rest);
    return true;
  }
}

/** Moves orders by the domain's own table (ORDER_TRANSITIONS), as the DynamoDB adapter does. */
export class InMemoryOrdersStore implements OrdersStore {
  readonly items = new Map<string, OrderRecord>();

  async putOrder(order: OrderRecord): Promise<void> {
    await tick();
    if (this.items.has(order.orderId)) throw conditionFailed();
    this.items.set(order.orderId, clone(order));
  }

  async getOrder(orderId: string): Promise<OrderRecord | undefined> {
    await tick();
    const order = this.items.get(orderId);
    return order && clone(order);
  }

  async listOrdersForUser(userId: string): Promise<OrderRecord[]> {
    await tick();
    return [...this.items.values()]
      .filter((o) => o.userId === userId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(clone);
  }

  async listUnsettledOrders(userId: string): Promise<UnsettledOrder[]> {
    await tick();
    return [...this.items.values()]
      .filter((o) => o.userId === userId && (o.status === 'failed' || o.status === 'review'))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((o) => pick(o, UNSETTLED_ORDER_FIELDS));
  }

  markPaid(mark: OrderMark): Promise<boolean> {
    return this.mark('paid', mark);
  }

  markFailed(mark: OrderMark): Promise<boolean> {
    return this.mark('failed', mark);
  }

  markReview(mark: OrderMark): Promise<boolean> {
    return this.mark('review', mark);
  }

  markRefunded(mark: OrderMark): Promise<boolean> {
    return this.mark('refunded', mark);
  }

  async listOrdersByStatus(
    status: OrderStatus,
    options: { limit: number; movedSince?: string },
  ): Promise<OrderRecord[]> {
    await tick();
    const since = options.movedSince;
    return [...this.items.values()]
      .filter((o) => o.status === status && (since === undefined || o.updatedAt >= since))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, options.limit)
      .map(clone);
  }

  async listUnpaidTransferCodes(options: {
    movedSince: string;
    movedBefore: string;
    limit: number;
  }): Promise<string[]> {
    await tick();
    return [...this.items.values()]
      .filter(
        (o) =>
          (o.status === 'created' || o.status === 'failed') &&
          o.transferAuthCode !== undefined &&
          o.updatedAt >= options.movedSince &&
          o.updatedAt <= options.movedBefore,
      )
      .slice(0, options.limit)
      .map((o) => o.orderId);
  }

  async forgetTransferCode(orderId: string, movedBefore: string): Promise<boolean> {
    await tick();
    const order = this.items.get(orderId);
    if (
      !order?.transferAuthCode ||
      (order.status !== 'created' && order.status !== 'failed') ||
      order.updatedAt >= movedBefore
    ) {
      return false;
    }
    const { transferAuthCode: _forgotten, ...rest } = order;
    this.items.set(orderId, rest);
    return true;
  }

  private async mark(to: OrderMarkStatus, mark: OrderMark): Promise<boolean> {
    await tick();
    const order = this.items.get(mark.orderId);
    if (!order || !canMoveOrder(order.status, to)) return false;
    const { transferAuthCode, ...rest } = order;
    this.items.set(mark.orderId, {
      ...(to === 'paid' ? rest : { ...rest, ...(transferAuthCode ? { transferAuthCode } : {}) }),
      ...orderMarkChanges(to, mark),
    });
    return true;
  }
}

export class InMemoryPurchasesStore implements PurchasesStore {
  readonly items = new Map<string, PurchaseRecord>();
  private key = (userId: string, purchaseId: string) => `${userId}#${purchaseId}`;

  all(): PurchaseRecord[] {
    return [...this.items.values()].map(clone);
  }

  async getPurchase(userId: string, purchaseId: string): Promise<PurchaseRecord | undefined> {
    await tick();
    const item = this.items.get(this.key(userId, purchaseId));
    return item && clone(item);
  }

  async listPurchases(userId: string): Promise<PurchaseRecord[]> {
    await tick();
    return this.all().filter((p) => p.userId === userId);
  }

  async listPurchaseSummaries(userId: string): Promise<PurchaseSummary[]> {
    await tick();
    return [...this.items.values()]
      .filter((p) => p.userId === userId)
      .map((p) => pick(p, PURCHASE_SUMMARY_FIELDS));
  }

  async createPurchase(purchase: PurchaseRecord): Promise<boolean> {
    await tick();
    const key = this.key(purchase.userId, purchase.purchaseId);
    if (this.items.has(key)) return false;
    this.items.set(key, clone(purchase));
    return true;
  }

  async claimEventPublish(
    userId: string,
    purchaseId: string,
    now: Date,
    leaseMs: number,
  ): Promise<PublishClaim> {
    await tick();
    const key = this.key(userId, purchaseId);
    const item = this.items.get(key);
    if (!item) throw new Error(`No purchase ${purchaseId} to publish`);
    if (item.eventPublishedAt) return { state: 'published', at: item.eventPublishedAt };
    if (item.publishClaim && item.publishClaim.until >= now.getTime()) return { state: 'held' };
    const token = randomUUID();
    this.items.set(key, { ...item, publishClaim: { token, until: now.getTime() + leaseMs } });
    return { state: 'claimed', token };
  }

  async releaseEventPublish(userId: string, purchaseId: string, token: string): Promise<void> {
    await tick();
    const key = this.key(userId, purchaseId);
    const item = this.items.get(key);
    if (item?.publishClaim?.token !== token) return;
    const { publishClaim: _released, ...rest } = item;
    this.items.set(key, rest);
  }

  async markEventPublished(userId: string, purchaseId: string, at: string): Promise<void> {
    await tick();
    const key = this.key(userId, purchaseId);
    const item = this.items.get(key);
    if (!item) throw conditionFailed();
    const { publishClaim: _ended, ...rest } = item;
    this.items.set(key, { ...rest, eventPublishedAt: item.eventPublishedAt ?? at });
  }

  async setDocumentNumber(
    userId: string,
    purchaseId: string,
    kind: DocumentKind,
    number: string,
    issuedAt: string,
  ): Promise<string | undefined> {
    await tick();
    const key = this.key(userId, purchaseId);
    const item = this.items.get(key);
    if (!item) return undefined;
    const fields = DOCUMENT_FIELDS[kind];
    const held = item[fields.number];
    if (held !== undefined) return held;
    this.items.set(key, {
      ...item,
      [fields.number]: number,
      [fields.issuedAt]: issuedAt,
      [fields.month]: documentMonthOf(issuedAt),
    });
    return number;
  }

  async listDocumentsIssued(
    kind: DocumentKind,
    from: string,
    to: string,
  ): Promise<PurchaseRecord[]> {
    await tick();
    const fields = DOCUMENT_FIELDS[kind];
    return this.all()
      .filter((p) => {
        const at = p[fields.issuedAt];
        return at !== undefined && p[fields.month] !== undefined && at >= from && at < to;
      })
      .sort((a, b) => (a[fields.issuedAt] ?? '').localeCompare(b[fields.issuedAt] ?? ''));
  }

  async findByDocumentNumber(number: string): Promise<PurchaseRecord | undefined> {
    await tick();
    return this.all().find((p) => p.invoiceNumber === number || p.creditNoteNumber === number);
  }

  async setCreditNoteRefund(
    userId: string,
    purchaseId: string,
    refund: NonNullable<PurchaseRecord['creditNoteRefund']>,
  ): Promise<PurchaseRecord['creditNoteRefund']> {
    await tick();
    const key = this.key(userId, purchaseId);
    const item = this.items.get(key);
    if (!item) return undefined;
    if (item.creditNoteRefund) return clone(item.creditNoteRefund);
    this.items.set(key, { ...item, creditNoteRefund: clone(refund) });
    return clone(refund);
  }
}

/** Extensions conditioned on the version, as the DynamoDB adapter writes them. */
export class InMemoryServicesStore implements ServicesStore {
  readonly items = new Map<string, ServiceRecord>();
  private key = (userId: string, serviceId: string) => `${userId}#${serviceId}`;

  all(): ServiceRecord[] {
    return [...this.items.values()].map(clone);
  }

  async getService(userId: string, serviceId: string): Promise<ServiceRecord | undefined> {
    await tick();
    const item = this.items.get(this.key(userId, serviceId));
    return item && clone(item);
  }

  async listServices(userId: string): Promise<ServiceRecord[]> {
    await tick();
    return this.all().filter((s) => s.userId === userId);
  }

  async listServiceSummaries(userId: string): Promise<ServiceSummary[]> {
    await tick();
    const view = Object.keys(PROVISIONING_VIEW_FIELDS) as (keyof typeof PROVISIONING_VIEW_FIELDS)[];
    return [...this.items.values()]
      .filter((s) => s.userId === userId)
      .map(({ provisioning, ...service }) => {
        const summary: ServiceSummary = pick(service, SERVICE_SUMMARY_FIELDS);
        if (provisioning) summary.provisioning = pick(provisioning, view);
        return summary;
      });
  }

  async extendService(
    service: ServiceIdentity,
    period: ServicePeriod,
    expectedVersion: number,
    at: string,
    plan?: ServicePlan,
  ): Promise<boolean> {
    await tick();
    const key = this.key(service.userId, service.serviceId);
    const item = this.items.get(key);
    if ((item?.version ?? 0) !== expectedVersion) return false;
    const periods = { ...item?.periods, [period.purchaseId]: clone(period) };
    const base: Omit<ServiceRecord, 'renewalDate' | 'version' | 'periods' | 'updatedAt'> = item ?? {
      ...clone(service),
      createdAt: at,
    };
    // A payment after a cancellation gives the service time again (as the adapter does); a plan
    // change names the plan and gives no time back (D26).
    const { cancelledAt, pendingPlan, ...kept } = base;
    this.items.set(key, {
      ...kept,
      // A paid change replaces a smaller plan chosen for the renewal (D26).
      ...(pendingPlan && !plan ? { pendingPlan } : {}),
      ...(plan ? { ...plan, ...(cancelledAt ? { cancelledAt } : {}) } : {}),
      renewalDate: period.renewalDate,
      version: expectedVersion + 1,
      periods,
      updatedAt: at,
      ...renewalScheduleFor(service.serviceId, period.renewalDate, period.purchaseDate),
    });
    return true;
  }

  async withdrawPeriods(
    ref: { userId: string; serviceId: string },
    withdrawal: ServiceWithdrawal,
    expectedVersion: number,
  ): Promise<boolean> {
    await tick();
    const key = this.key(ref.userId, ref.serviceId);
    const item = this.items.get(key);
    if (!item || item.version !== expectedVersion) return false;
    const periods = clone(item.periods);
    for (const purchaseId of withdrawal.purchaseIds) {
      const period = periods[purchaseId];
      if (period) period.refundedAt ??= withdrawal.at;
    }
    const { nextDueAt: _due, dueShard: _shard, ...rest } = item;
    this.items.set(key, {
      ...rest,
      ...(withdrawal.plan ?? {}),
      periods,
      renewalDate: withdrawal.renewalDate,
      version: expectedVersion + 1,
      updatedAt: withdrawal.at,
      ...(withdrawal.cancelledAt
        ? { cancelledAt: withdrawal.cancelledAt }
        : renewalScheduleFor(ref.serviceId, withdrawal.renewalDate)),
    });
    return true;
  }

  async changeFacts(
    ref: { userId: string; serviceId: string },
    fact: ServiceFact,
    expectedVersion: number,
    at: string,
  ): Promise<boolean> {
    await tick();
    const key = this.key(ref.userId, ref.serviceId);
    const item = this.items.get(key);
    if (!item || item.version !== expectedVersion) return false;
    const next: ServiceRecord = { ...clone(item), version: expectedVersion + 1, updatedAt: at };
    switch (fact.kind) {
      case 'dispute':
        next.disputes = { ...next.disputes, [fact.paymentId]: fact.state };
        break;
      case 'hold':
        next.hold = { at, ...(fact.note ? { note: fact.note } : {}) };
        break;
      case 'unhold':
        delete next.hold;
        break;
      case 'schedule-plan':
        if (fact.inForce) {
          next.planId = fact.inForce.planId;
          next.planName = fact.inForce.planName;
        }
        next.pendingPlan = clone(fact.plan);
        break;
      case 'cancel-plan':
        delete next.pendingPlan;
        break;
      case 'end':
        next.endedAt ??= at;
        break;
      case 'remove':
        next.removedAt ??= at;
        break;
      case 'extend':
        if (next.goodwill?.[fact.key]) return false;
        next.goodwill = {
          ...next.goodwill,
          [fact.key]: { days: fact.days, at, ...(fact.note ? { note: fact.note } : {}) },
        };
        next.renewalDate = fact.renewalDate;
        Object.assign(next, renewalScheduleFor(ref.serviceId, fact.renewalDate));
        break;
    }
    this.items.set(key, next);
    return true;
  }

  async recordLife(
    ref: { userId: string; serviceId: string },
    life: LifeRecord,
    seen: { version: number; provisioningState?: string },
  ): Promise<boolean> {
    await tick();
    const key = this.key(ref.userId, ref.serviceId);
    const item = this.items.get(key);
    if (!item || item.version !== seen.version) return false;
    if (item.provisioning?.state !== seen.provisioningState) return false;
    const { lifeQueue: _queue, lifeQueueAt: _at, ...rest } = item;
    const queue = lifeQueueOf(life);
    this.items.set(key, {
      ...rest,
      life: clone(life),
      ...(queue ? { lifeQueue: queue.queue, lifeQueueAt: queue.at } : {}),
    });
    return true;
  }

  async updateVps(
    ref: { userId: string; serviceId: string },
    fields: Partial<VpsRecord>,
    remove: readonly VpsTransientField[] = [],
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(ref.userId, ref.serviceId));
    if (!item) return false;
    const defined = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    ) as Partial<VpsRecord>;
    if (!item.vps) {
      if (
        fields.os === undefined ||
        fields.hostname === undefined ||
        fields.sshKeys === undefined
      ) {
        return false;
      }
      item.vps = structuredClone(defined) as VpsRecord;
      return true;
    }
    Object.assign(item.vps, structuredClone(defined));
    for (const field of remove) delete item.vps[field];
    return true;
  }

  async requestReinstall(
    ref: { userId: string; serviceId: string },
    reinstall: VpsReinstall,
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(ref.userId, ref.serviceId));
    if (!item?.vps || item.vps.reinstall) return false;
    item.vps.reinstall = structuredClone(reinstall);
    return true;
  }

  async addPart(part: ServicePartItem, at: string): Promise<boolean> {
    await tick();
    const key = this.key(part.userId, part.serviceId);
    if (this.items.has(key)) return false;
    this.items.set(key, {
      ...clone(part),
      periods: {},
      version: 1,
      createdAt: at,
      updatedAt: at,
    });
    return true;
  }

  async chooseDomain(
    ref: { userId: string; serviceId: string },
    name: string,
    replacing?: string,
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(ref.userId, ref.serviceId));
    if (!item || item.category !== 'domain') return false;
    if (replacing === undefined) {
      if (!item.partOf || item.domain !== undefined) return false;
      item.domain = name;
      return true;
    }
    if (item.domain !== replacing || item.provisioning?.state !== 'failed') {
      return false;
    }
    item.domain = name;
    delete item.provisioning;
    return true;
  }

  async setPartPlan(
    ref: { userId: string; serviceId: string },
    plan: ServicePlan,
    fromPlanId: string,
    at: string,
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(ref.userId, ref.serviceId));
    if (!item?.partOf || item.planId !== fromPlanId) return false;
    item.planId = plan.planId;
    item.planName = plan.planName;
    item.updatedAt = at;
    item.version += 1;
    return true;
  }

  async putTransfer(
    ref: { userId: string; serviceId: string },
    transfer: TransferRecord,
    from?: TransferRecord['state'],
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(ref.userId, ref.serviceId));
    if (!item || item.transfer?.state !== from) return false;
    item.transfer = structuredClone(transfer);
    return true;
  }

  async listQueue(queue: LifeQueue, limit: number): Promise<QueuedService[]> {
    await tick();
    return [...this.items.values()]
      .filter((s) => s.lifeQueue === queue)
      .sort((a, b) => (a.lifeQueueAt ?? '').localeCompare(b.lifeQueueAt ?? ''))
      .slice(0, limit)
      .map((item) => queuedServiceOf(clone(item)));
  }

  async findServicesByDomain(domain: string): Promise<QueuedService[]> {
    await tick();
    return [...this.items.values()]
      .filter((s) => s.domain === domain)
      .slice(0, 50)
      .map((item) => queuedServiceOf(clone(item)));
  }
}

export class InMemoryMessagesStore implements MessagesStore {
  readonly items: StoredContactMessage[] = [];
  private readonly leases = new Map<string, Date>();
  async saveMessage(message: ContactMessage): Promise<void> {
    await tick();
    if (this.items.some((m) => m.messageId === message.messageId)) {
      throw Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
      });
    }
    this.items.push(clone(message));
  }
  async listPendingMail(receivedBefore: Date, limit: number): Promise<string[]> {
    await tick();
    return this.items
      .filter((m) => !m.mailedAt && m.createdAt < receivedBefore.toISOString())
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .slice(0, limit)
      .map((m) => m.messageId);
  }
  async getMessage(messageId: string): Promise<StoredContactMessage | undefined> {
    await tick();
    const found = this.items.find((m) => m.messageId === messageId);
    return found && clone(found);
  }
  async claimMail(messageId: string, now: Date, leaseMs: number): Promise<MailClaim> {
    await tick();
    const found = this.items.find((m) => m.messageId === messageId);
    if (!found) throw new Error(`No contact message ${messageId}`);
    if (found.mailedAt) return 'sent';
    const lease = this.leases.get(messageId);
    if (lease && lease >= now) return 'busy';
    this.leases.set(messageId, new Date(now.getTime() + leaseMs));
    return 'claimed';
  }
  async markMailed(messageId: string, at: Date): Promise<void> {
    await tick();
    const found = this.items.find((m) => m.messageId === messageId);
    if (!found) throw new Error('ConditionalCheckFailedException');
    found.mailedAt = at.toISOString();
    this.leases.delete(messageId);
  }
  async releaseMail(messageId: string): Promise<void> {
    await tick();
    this.leases.delete(messageId);
  }
}

/** Fixed-window counters, as the DynamoDB adapter keeps them. */
export class InMemoryRateLimiter implements RateLimiter {
  readonly hits = new Map<string, number>();
  async consume(key: string, rule: RateLimit, now: Date): Promise<boolean> {
    await tick();
    const seconds = Math.floor(now.getTime() / 1000);
    const id = `${key}#${seconds - (seconds % rule.windowSeconds)}`;
    const used = this.hits.get(id) ?? 0;
    if (used >= rule.limit) return false;
    this.hits.set(id, used + 1);
    return true;
  }
}

export class InMemoryProcessedEvents implements ProcessedEvents {
  readonly ids = new Set<string>();
  async isProcessed(eventId: string): Promise<boolean> {
    await tick();
    return this.ids.has(eventId);
  }
  async markProcessed(eventId: string): Promise<void> {
    await tick();
    this.ids.add(eventId);
  }
}

interface ClaimItem {
  status: 'sending' | 'sent' | 'failed';
  token: string;
  claimedBy: string;
  claimedAt: number;
  sentAt?: string;
  failure?: { userId: string; failedAt: string; reason: string };
}

export class InMemoryWelcomeMailClaims implements WelcomeMailClaims {
  readonly items = new Map<string, ClaimItem>();
  private counter = 0;
  constructor(private readonly leaseMs = 60_000) {}

  async claim(purchaseId: string, deliveryId: string, now: Date): Promise<WelcomeMailClaim> {
    await tick();
    const item = this.items.get(purchaseId);
    if (item?.status === 'sent') return { state: 'sent' };
    if (item && item.status === 'sending' && item.claimedAt >= now.getTime() - this.leaseMs) {
      return { state: 'held', heldBy: item.claimedBy };
    }
    this.counter += 1;
    const token = `claim-${this.counter}`;
    this.items.set(purchaseId, {
      status: 'sending',
      token,
      claimedBy: deliveryId,
      claimedAt: now.getTime(),
    });
    return { state: 'claimed', token };
  }

  async complete(purchaseId: string, token: string, at: Date): Promise<void> {
    await tick();
    const item = this.items.get(purchaseId);
    if (!item || item.token !== token) {
      throw Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
      });
    }
    this.items.set(purchaseId, { ...item, status: 'sent', sentAt: at.toISOString() });
  }

  async release(purchaseId: string, token: string, failure?: WelcomeMailFailure): Promise<void> {
    await tick();
    const item = this.items.get(purchaseId);
    if (!item || item.token !== token || item.status !== 'sending') return;
    if (!failure) {
      this.items.delete(purchaseId);
      return;
    }
    this.items.set(purchaseId, {
      ...item,
      status: 'failed',
      token: '',
      failure: {
        userId: failure.userId,
        failedAt: failure.at.toISOString(),
        reason: failure.reason.slice(0, 500),
      },
    });
  }

  async listFailed(limit: number): Promise<FailedWelcomeMail[]> {
    await tick();
    return [...this.items.entries()]
      .flatMap(([purchaseId, item]) =>
        item.status === 'failed' && item.failure ? [{ purchaseId, ...item.failure }] : [],
      )
      .sort((a, b) => b.failedAt.localeCompare(a.failedAt))
      .slice(0, limit);
  }

  async stateOf(purchaseId: string): Promise<WelcomeMailState | undefined> {
    await tick();
    const item = this.items.get(purchaseId);
    if (!item) return undefined;
    if (item.status === 'sent')
      return item.sentAt ? { state: 'sent', at: item.sentAt } : { state: 'sent' };
    if (item.status === 'failed' && item.failure)
      return {
        state: 'failed',
        at: item.failure.failedAt,
        reason: item.failure.reason,
        userId: item.failure.userId,
      };
    return { state: 'sending', at: new Date(item.claimedAt).toISOString() };
  }
}

export class RecordingEventPublisher implements EventPublisher {
  /** PurchaseCompleted details, in order (most specs read only these). */
  readonly published: PurchaseCompletedDetail[] = [];
  /** Every event, with its detail type. */
  readonly events: { detailType: keyof StoreEventDetails; detail: unknown }[] = [];
  failuresLeft = 0;
  async publish<T extends keyof StoreEventDetails>(
    detailType: T,
    detail: StoreEventDetails[T],
  ): Promise<void> {
    await tick();
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('EventBridge is unavailable (simulated)');
    }
    this.events.push({ detailType, detail: clone(detail) });
    if (detailType === 'PurchaseCompleted')
      this.published.push(clone(detail as PurchaseCompletedDetail));
  }
  publishPurchaseCompleted(detail: PurchaseCompletedDetail): Promise<void> {
    return this.publish('PurchaseCompleted', detail);
  }
}

export class RecordingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  failuresLeft = 0;
  async send(mail: OutgoingMail): Promise<void> {
    await tick();
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('SES is unavailable (simulated)');
    }
    this.sent.push(clone(mail));
  }
}

/**
 * Razorpay as the SDK calls it, in memory, with Razorpay's rules for capture and refunds. The
 * protocol (signatures, webhook bodies) is the real adapter's: a fake of it would prove nothing.
 */
export class FakePaymentGateway implements PaymentGateway {
  readonly createdOrders: (GatewayOrderRequest & { id: string })[] = [];
  readonly payments = new Map<string, GatewayPayment>();
  readonly refunds = new Map<string, GatewayRefund>();
  /** Each capture call, in order: [paymentId, amountPaise, currency]. */
  readonly captureCalls: [string, number, string][] = [];
  failNextCreate = false;
  /** The next capture fails as it would with Razorpay down. */
  failNextCapture = false;
  private counter = 0;
  private readonly key: string;

  constructor(
    private readonly secrets: { keyId?: string; keySecret: string; webhookSecret: string },
  ) {
    this.key = secrets.keyId ?? 'rzp_test_local';
  }

  /** A payment as Razorpay holds it; unsaid fields as a fresh captured payment has them. */
  givenPayment(
    payment: Pick<GatewayPayment, 'id' | 'orderId' | 'amountPaise'> & Partial<GatewayPayment>,
  ): GatewayPayment {
    const full: GatewayPayment = {
      currency: 'INR',
      status: 'captured',
      amountRefundedPaise: 0,
      refundStatus: null,
      ...payment,
    };
    this.payments.set(full.id, full);
    return clone(full);
  }

  async keyId(): Promise<string> {
    return this.key;
  }

  async createOrder(request: GatewayOrderRequest): Promise<GatewayOrder> {
    await tick();
    if (this.failNextCreate) {
      this.failNextCreate = false;
      throw new Error('Razorpay answered 500 (simulated)');
    }
    this.counter += 1;
    const id = `order_Fake${String(this.counter).padStart(10, '0')}`;
    this.createdOrders.push({ ...clone(request), id });
    return { id, amountPaise: request.amountPaise, currency: request.currency };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    await tick();
    return clone(this.payment(paymentId));
  }

  async listOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    await tick();
    return [...this.payments.values()].filter((p) => p.orderId === orderId).map(clone);
  }

  async capturePayment(
    paymentId: string,
    amountPaise: number,
    currency: string,
  ): Promise<GatewayPayment> {
    await tick();
    this.captureCalls.push([paymentId, amountPaise, currency]);
    if (this.failNextCapture) {
      this.failNextCapture = false;
      throw new Error('Razorpay call failed: timeout of 5000ms exceeded (simulated)');
    }
    const payment = this.payment(paymentId);
    // Already captured is success, as the real adapter reads Razorpay's "already captured".
    if (payment.status === 'captured' || payment.status === 'refunded') return clone(payment);
    if (payment.status !== 'authorized')
      throw new Error(`Razorpay answered 400 BAD_REQUEST_ERROR (payment is ${payment.status})`);
    if (amountPaise !== payment.amountPaise || currency !== payment.currency)
      throw new Error('Razorpay answered 400 BAD_REQUEST_ERROR (capture amount differs)');
    payment.status = 'captured';
    return clone(payment);
  }

  async createRefund(paymentId: string, request: RefundRequest): Promise<GatewayRefund> {
    await tick();
    const payment = this.payment(paymentId);
    const left = payment.amountPaise - payment.amountRefundedPaise;
    if (payment.status !== 'captured' || request.amountPaise < 100 || request.amountPaise > left)
      throw new Error('Razorpay answered 400 BAD_REQUEST_ERROR (refund not possible)');
    this.counter += 1;
    const refund: GatewayRefund = {
      id: `rfnd_Fake${String(this.counter).padStart(10, '0')}`,
      paymentId,
      amountPaise: request.amountPaise,
      currency: payment.currency,
      status: 'pending',
      receipt: request.receipt,
      notes: { ...request.notes },
      createdAt: new Date(0).toISOString(),
    };
    this.refunds.set(refund.id, refund);
    payment.amountRefundedPaise += request.amountPaise;
    const full = payment.amountRefundedPaise === payment.amountPaise;
    payment.refundStatus = full ? 'full' : 'partial';
    if (full) payment.status = 'refunded';
    return clone(refund);
  }

  /**
   * Razorpay ends a pending refund as `outcome` (as it would, then send refund.processed or
   * refund.failed); a failed refund gives its amount back to the payment. Answers the refund and
   * the payment as they are afterwards, for a test to put in the webhook.
   */
  settleRefund(
    refundId: string,
    outcome: 'processed' | 'failed',
  ): { refund: GatewayRefund; payment: GatewayPayment } {
    const refund = this.refunds.get(refundId);
    if (!refund || refund.status !== 'pending') throw new Error(`no pending refund ${refundId}`);
    const payment = this.payment(refund.paymentId);
    refund.status = outcome;
    if (outcome === 'failed') {
      payment.amountRefundedPaise -= refund.amountPaise;
      payment.refundStatus = payment.amountRefundedPaise === 0 ? null : 'partial';
      if (payment.status === 'refunded') payment.status = 'captured';
    }
    return { refund: clone(refund), payment: clone(payment) };
  }

  /** A refund made in Razorpay's dashboard (no receipt of the store's), pending. */
  givenDashboardRefund(paymentId: string, amountPaise: number): GatewayRefund {
    const payment = this.payment(paymentId);
    this.counter += 1;
    const refund: GatewayRefund = {
      id: `rfnd_Dash${String(this.counter).padStart(10, '0')}`,
      paymentId,
      amountPaise,
      currency: payment.currency,
      status: 'pending',
      receipt: null,
      notes: {},
      createdAt: new Date(0).toISOString(),
    };
    this.refunds.set(refund.id, refund);
    payment.amountRefundedPaise += amountPaise;
    const full = payment.amountRefundedPaise === payment.amountPaise;
    payment.refundStatus = full ? 'full' : 'partial';
    if (full) payment.status = 'refunded';
    return clone(refund);
  }

  async listRefunds(paymentId: string): Promise<GatewayRefund[]> {
    await tick();
    this.payment(paymentId);
    return [...this.refunds.values()].filter((r) => r.paymentId === paymentId).map(clone);
  }

  async fetchRefund(refundId: string): Promise<GatewayRefund> {
    await tick();
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`Razorpay answered 400 BAD_REQUEST_ERROR (no refund ${refundId})`);
    return clone(refund);
  }

  // Recurring payments (D25): customers, tokens, mandate orders and debits.
  readonly customers = new Map<string, GatewayCustomerRequest>();
  readonly tokens = new Map<string, GatewayToken & { customerId: string }>();
  readonly mandateOrders: (GatewayMandateOrderRequest & { id: string })[] = [];
  readonly recurringCalls: GatewayRecurringPaymentRequest[] = [];
  /** How the next recurring debits end: `created` stays in flight (UPI's notification step). */
  nextDebitOutcomes: ('captured' | 'failed' | 'created' | 'down')[] = [];

  async ensureCustomer(request: GatewayCustomerRequest): Promise<{ id: string }> {
    await tick();
    for (const [id, known] of this.customers) if (known.email === request.email) return { id };
    this.counter += 1;
    const id = `cust_Fake${String(this.counter).padStart(10, '0')}`;
    this.customers.set(id, clone(request));
    return { id };
  }

  async createMandateOrder(request: GatewayMandateOrderRequest): Promise<GatewayOrder> {
    const order = await this.createOrder(request);
    this.mandateOrders.push({ ...clone(request), id: order.id });
    return order;
  }

  /** The buyer authorised the mandate order in Checkout: a confirmed token and a captured payment. */
  givenMandateAuthorised(
    orderId: string,
    method: 'card' | 'upi' = 'card',
    /** `rejected`: the payment went through but the bank refused the mandate. */
    status: 'confirmed' | 'rejected' = 'confirmed',
  ): { token: GatewayToken; payment: GatewayPayment } {
    const order = this.mandateOrders.find((o) => o.id === orderId);
    if (!order) throw new Error(`no mandate order ${orderId}`);
    // An order that fixed its method is paid with it, as Checkout offers no other.
    method = order.method ?? method;
    this.counter += 1;
    const token: GatewayToken & { customerId: string } = {
      id: `token_Fake${String(this.counter).padStart(9, '0')}`,
      method,
      status,
      maxAmountPaise: order.token.maxAmountPaise,
      expireAt: order.token.expireAt,
      customerId: order.customerId,
      ...(method === 'card'
        ? { cardLast4: '4242', cardNetwork: 'Visa' }
        : { vpa: 'success@razorpay' }),
    };
    this.tokens.set(token.id, token);
    const payment = this.givenPayment({
      id: `pay_Fake${String(this.counter).padStart(10, '0')}`,
      orderId,
      amountPaise: order.amountPaise,
      tokenId: token.id,
      customerId: order.customerId,
    });
    const { customerId: _c, ...shown } = token;
    return { token: clone(shown), payment };
  }

  async listTokens(customerId: string): Promise<GatewayToken[]> {
    await tick();
    return [...this.tokens.values()]
      .filter((t) => t.customerId === customerId)
      .map(({ customerId: _c, ...token }) => clone(token));
  }

  async cancelToken(customerId: string, tokenId: string): Promise<void> {
    await tick();
    const token = this.tokens.get(tokenId);
    if (token && token.customerId === customerId) token.status = 'cancelled';
  }

  async createRecurringPayment(request: GatewayRecurringPaymentRequest): Promise<GatewayPayment> {
    await tick();
    const outcome = this.nextDebitOutcomes.shift() ?? 'captured';
    if (outcome === 'down') throw new Error('Razorpay call failed: timeout (simulated)');
    this.recurringCalls.push(clone(request));
    const token = this.tokens.get(request.tokenId);
    if (!token || token.customerId !== request.customerId || token.status !== 'confirmed')
      throw new Error('Razorpay answered 400 BAD_REQUEST_ERROR (token not confirmed)');
    const paid = [...this.payments.values()].some(
      (p) =>
        p.orderId === request.orderId && (p.status === 'captured' || p.status === 'authorized'),
    );
    if (paid) throw new Error('Razorpay answered 400 BAD_REQUEST_ERROR (order already paid)');
    this.counter += 1;
    return this.givenPayment({
      id: `pay_Fake${String(this.counter).padStart(10, '0')}`,
      orderId: request.orderId,
      amountPaise: request.amountPaise,
      status: outcome,
      tokenId: request.tokenId,
      customerId: request.customerId,
      ...(outcome === 'failed'
        ? { errorCode: 'BAD_REQUEST_ERROR', errorDescription: 'Insufficient funds' }
        : {}),
    });
  }

  async verifyWebhook(rawBody: Buffer, signature: string | undefined) {
    return matchesSignature(rawBody, signature, this.secrets.webhookSecret)
      ? parseWebhookEvent(rawBody)
      : null;
  }

  async verifyCheckoutSignature(orderId: string, paymentId: string, signature: string) {
    return matchesSignature(checkoutPayload(orderId, paymentId), signature, this.secrets.keySecret);
  }

  private payment(paymentId: string): GatewayPayment {
    const payment = this.payments.get(paymentId);
    if (!payment)
      throw new Error(`Razorpay answered 400 BAD_REQUEST_ERROR (no payment ${paymentId})`);
    return payment;
  }
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  extra: Record<string, unknown>[];
}

export class RecordingLog implements LogPort {
  readonly lines: LogLine[] = [];
  info(message: string, ...extra: Record<string, unknown>[]): void {
    this.lines.push({ level: 'info', message, extra });
  }
  warn(message: string, ...extra: Record<string, unknown>[]): void {
    this.lines.push({ level: 'warn', message, extra });
  }
  error(message: string, ...extra: Record<string, unknown>[]): void {
    this.lines.push({ level: 'error', message, extra });
  }
  text(): string {
    return JSON.stringify(this.lines);
  }
}

export class SimulatedCrash extends Error {
  override readonly name = 'SimulatedCrash';
}

/**
 * Makes `target[method]` crash once: 'before' throws without doing anything (the process died
 * before the call); 'after' does the work and then throws (it died before seeing the answer).
 */
export function crashOnce<T extends object, K extends keyof T>(
  target: T,
  method: K,
  when: 'before' | 'after' = 'before',
): void {
  const original = target[method];
  if (typeof original !== 'function') throw new Error(`${String(method)} is not a method`);
  let crashed = false;
  const wrapped = async (...args: unknown[]) => {
    if (crashed) return original.apply(target, args);
    crashed = true;
    if (when === 'before') throw new SimulatedCrash(`crash before ${String(method)}`);
    await original.apply(target, args);
    throw new SimulatedCrash(`crash after ${String(method)}`);
  };
  Object.defineProperty(target, method, { value: wrapped, configurable: true, writable: true });
}
