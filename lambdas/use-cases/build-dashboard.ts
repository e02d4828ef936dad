import type { DashboardResponse, Payment, Refund } from '../domain/api';
import type { Service } from '../domain/services';
import type { OrdersStore } from '../ports/orders';
import type { PurchasesStore, PurchaseSummary } from '../ports/purchases';
import type { RefundsStore } from '../ports/refunds';
import type { ServicesStore, ServiceSummary } from '../ports/services';
import type { Caller, UsersStore } from '../ports/users';
import { serviceIdFor } from './extend-service';
import { paymentRefunds } from './refunds/views';
import { paymentOfPurchase, toService } from './to-service';
import { serviceCardOf } from './bundle-parts-view';

export interface BuildDashboardDeps {
  users: UsersStore;
  services: Pick<ServicesStore, 'listServiceSummaries'>;
  purchases: Pick<PurchasesStore, 'listPurchaseSummaries'>;
  orders: Pick<OrdersStore, 'listUnsettledOrders'>;
  /**
   * Refunds (D16) shown on their payments; a caller without them (the operator's console, until it
   * wires the refunds table) shows payments without refunds.
   */
  refunds?: Pick<RefundsStore, 'listForUser'>;
  now: () => Date;
}

const newestFirst = (a: { date: string }, b: { date: string }) => b.date.localeCompare(a.date);

/**
 * The caller's profile, services (each with its own status, D4) and payments, newest first: one
 * query each for services, purchases, unsettled orders and refunds, whatever the buyer holds,
 * each reading only what the page shows (paid orders are its purchases, so only the failed and
 * in-review ones are read). The record is made from the token's claims when missing.
 */
export async function buildDashboard(
  deps: BuildDashboardDeps,
  caller: Caller,
): Promise<DashboardResponse> {
  // All five reads at once: the lists are keyed by the caller's id, which the user record's is.
  const [user, records, purchases, orders, refundRecords] = await Promise.all([
    deps.users.createUserIfMissing({ ...caller, createdAt: deps.now().toISOString() }),
    deps.services.listServiceSummaries(caller.userId),
    deps.purchases.listPurchaseSummaries(caller.userId),
    deps.orders.listUnsettledOrders(caller.userId),
    deps.refunds ? deps.refunds.listForUser(caller.userId) : Promise.resolve([]),
  ]);
  const refunds = paymentRefunds(refundRecords);
  const now = deps.now();

  // A bundle's parts (D24) are shown on its card, not as services of their own.
  const partsOf = new Map<string, ServiceSummary[]>();
  for (const record of records) {
    if (record.partOf) partsOf.set(record.partOf, [...(partsOf.get(record.partOf) ?? []), record]);
  }
  // A hosting's free first-year domain (D23), named on the hosting's card.
  const freeDomainOf = new Map<string, string>();
  for (const purchase of purchases) {
    if (purchase.freeDomain && purchase.serviceId) {
      freeDomainOf.set(purchase.serviceId, purchase.freeDomain);
    }
  }
  const services = [
    ...records
      .filter((record) => !record.partOf)
      .map((record) => serviceCardOf(record, partsOf.get(record.serviceId) ?? [], now)),
    ...servicesOnlyInPurchases(records, purchases, now),
  ]
    .map((service) => {
      const freeDomain = freeDomainOf.get(service.id);
      return freeDomain ? { ...service, freeDomain } : service;
    })
    .sort((a, b) => b.purchaseDate.localeCompare(a.purchaseDate));

  const unsettled: Payment[] = orders
    // The index is eventually consistent: an order paid a moment ago may still be in it.
    .filter((order) => order.status === 'failed' || order.status === 'review')
    .map((order) => ({
      id: order.orderId,
      date: order.updatedAt,
      amountPaise: order.amountPaise,
      status: order.status === 'failed' ? 'failed' : 'review',
      planName: order.planName,
      paymentId: (order.status === 'failed' ? order.failedPaymentId : order.reviewPaymentId) ?? '',
      orderId: order.orderId,
    }));
  const payments = [
    ...purchases.map((purchase) => withRefund(paymentOfPurchase(purchase), purchase, refunds)),
    ...unsettled,
  ].sort(newestFirst);

  return {
    user: {
      id: user.userId,
      email: user.email,
      name: user.name,
      phone: user.phone,
      currentPlan: user.currentPlan ?? null,
      expiry: user.expiry ?? null,
    },
    services,
    payments,
  };
}

/**
 * Purchases recorded before services were stored have no service item until the buyer pays for
 * that plan again. Each such service is shown from its purchase that ends last, under the id its
 * item will have.
 */
function servicesOnlyInPurchases(
  records: readonly ServiceSummary[],
  purchases: readonly PurchaseSummary[],
  now: Date,
): Service[] {
  const stored = new Set(records.map((r) => r.serviceId));
  const latest = new Map<string, PurchaseSummary>();
  for (const purchase of purchases) {
    const id = purchase.serviceId ?? serviceIdFor(purchase.userId, purchase);
    if (stored.has(id)) continue;
    const seen = latest.get(id);
    if (!seen || purchase.renewalDate > seen.renewalDate) latest.set(id, purchase);
  }
  return [...latest.values()].map((purchase) => toService(purchase, now));
}

/** A paid payment with the money that went back for it and its credit note (D15, D16). */
function withRefund(
  payment: Payment,
  purchase: PurchaseSummary,
  refunds: ReadonlyMap<string, Refund>,
): Payment {
  const refund = refunds.get(purchase.paymentId);
  return {
    ...payment,
    ...(refund ? { refund } : {}),
    ...(purchase.creditNoteNumber ? { creditNoteNumber: purchase.creditNoteNumber } : {}),
  };
}
