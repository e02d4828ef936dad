import type { DashboardResponse, Payment } from '../domain/api';
import type { OrdersStore } from '../ports/orders';
import type { PurchasesStore } from '../ports/purchases';
import type { UsersStore } from '../ports/users';
import { ensureUser, type Caller } from './ensure-user';
import { paymentOfPurchase, toService } from './to-service';

export interface BuildDashboardDeps {
  users: UsersStore;
  purchases: PurchasesStore;
  orders: OrdersStore;
  now: () => Date;
}

const newestFirst = (a: { date: string }, b: { date: string }) => b.date.localeCompare(a.date);

/** The caller's profile, services (each with its own status, D4) and payments, newest first. */
export async function buildDashboard(
  deps: BuildDashboardDeps,
  caller: Caller,
): Promise<DashboardResponse> {
  const user = await ensureUser(deps.users, caller, deps.now);
  const [purchases, orders] = await Promise.all([
    deps.purchases.listPurchases(user.userId),
    deps.orders.listOrdersForUser(user.userId),
  ]);
  const now = deps.now();

  const services = purchases
    .map((purchase) => toService(purchase, now))
    .sort((a, b) => b.purchaseDate.localeCompare(a.purchaseDate));

  const unsettled: Payment[] = orders
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
  const payments = [...purchases.map(paymentOfPurchase), ...unsettled].sort(newestFirst);

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
