/**
 * Services and the periods paid for them.
 *
 * A service is what a buyer holds: one per plan they bought (per domain name, for domains). The
 * first payment for a plan starts it; each later payment for the same plan extends it (D5, D14):
 * from its current renewal date while it is active, from the payment's date once it has expired.
 * Each payment gives the service one period, and the service's renewal date is the end of the
 * latest one.
 *
 * Two payments for one service can be fulfilled at the same moment (two tabs, two orders; verify
 * racing the webhook). Each would read the same renewal date and give the same period: two
 * periods paid, one delivered. So a service carries a version, every extension is one write
 * conditioned on the version it read, and a write that finds another version reads again and
 * recomputes (ServicesStore.extendService). No transactions are needed, and none are available on
 * the local stand-in.
 *
 * The periods a service was given are kept on it by purchase id. A retry of a payment whose period
 * was given already (after a crash, or a racer of the same payment) finds it there and uses that
 * period as it is, so a payment extends its service at most once; the purchase then records the
 * very same period.
 *
 * Later work adds to the service item without touching this rule: its status (active, expired,
 * cancelled, suspended), its provisioning state, and the due dates of its renewal steps
 * (lambdas/domain/renewals.ts). Writers of those fields update them alone and leave `version`,
 * `renewalDate` and `periods` to extensions. A cancelled service's next payment starts a new
 * period on the payment's date, whatever its renewal date said; extendFrom() is where that goes.
 */
import type { PlanChangeFacts } from './ledger';
import type { Paise } from './money';
import type { Months } from './pricing';
import { periodFor, type HeldService } from './services';

/** One payment's period of a service, as fulfilment gave it. Dates are ISO-8601. */
export interface ServicePeriod {
  purchaseId: string;
  paymentId: string;
  /** When the payment was fulfilled. */
  purchaseDate: string;
  startDate: string;
  renewalDate: string;
  months: Months;
  amountPaise: Paise;
  /** Set when its payment was refunded and the period taken back (lambdas/domain/refunds.ts). */
  refundedAt?: string;
  /**
   * Set on a plan change's entry (D26): it adds no time (its dates are the change's day and the
   * renewal date, which stays) and changes the plan from its payment on.
   */
  change?: PlanChangeFacts;
}

/** The part of a stored service that extensions read and write. */
export interface ServiceTerm {
  renewalDate: string;
  /** 1 once created; each extension adds one. */
  version: number;
  /** Every period given, by purchase id. */
  periods: Readonly<Record<string, ServicePeriod>>;
}

export interface PaidPurchase {
  purchaseId: string;
  paymentId: string;
  planId: string;
  domain?: string;
  months: Months;
  amountPaise: Paise;
}

/** What to write for one payment: its period, and the version the write must find. */
export type ServiceExtension =
  | { kind: 'given'; period: ServicePeriod }
  | { kind: 'extend'; period: ServicePeriod; expectedVersion: number };

/**
 * The period `purchase` gets on `service` (undefined: not created yet) when paid at `at`. A
 * period given before is returned as it was (`given`); otherwise the service is extended from
 * extendFrom(), and the write must find the service at the version read (0: absent).
 * `earlier`: what the buyer held of this service before services were stored, from their
 * purchases; read only while the service does not exist.
 */
export function extensionFor(
  service: ServiceTerm | undefined,
  purchase: PaidPurchase,
  at: Date,
  earlier: readonly HeldService[] = [],
): ServiceExtension {
  const given = service && Object.hasOwn(service.periods, purchase.purchaseId);
  if (service && given) {
    return { kind: 'given', period: service.periods[purchase.purchaseId] as ServicePeriod };
  }
  const { startDate, renewalDate } = extendFrom(
    service ? [{ ...purchase, renewalDate: service.renewalDate }] : earlier,
    purchase,
    at,
  );
  return {
    kind: 'extend',
    expectedVersion: service?.version ?? 0,
    period: {
      purchaseId: purchase.purchaseId,
      paymentId: purchase.paymentId,
      purchaseDate: at.toISOString(),
      startDate: startDate.toISOString(),
      renewalDate: renewalDate.toISOString(),
      months: purchase.months,
      amountPaise: purchase.amountPaise,
    },
  };
}

/** D5: from the latest renewal date of the same service while it is active, else from `at`. */
function extendFrom(
  held: readonly HeldService[],
  purchase: PaidPurchase,
  at: Date,
): { startDate: Date; renewalDate: Date } {
  return periodFor(held, purchase, at);
}

/**
 * The period the service is in or last had: the one that ends last, of those still paid for
 * (a refunded one only when every period was refunded).
 */
export function latestPeriod(service: ServiceTerm): ServicePeriod | undefined {
  // A plan change adds no time: the period in force is the one its payment paid for.
  const all = Object.values(service.periods).filter((period) => !period.change);
  const kept = all.filter((period) => !period.refundedAt);
  return (kept.length > 0 ? kept : all).reduce<ServicePeriod | undefined>(
    (latest, period) => (!latest || period.renewalDate > latest.renewalDate ? period : latest),
    undefined,
  );
}
