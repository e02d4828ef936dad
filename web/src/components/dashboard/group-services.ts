import { deliveryModeOf } from '@domain/provisioning';
import type { Payment, Service } from '@domain/api';

/** One held service as the dashboard shows it: one card, with every payment for it inside. */
export interface ServiceCard {
  /** The plan and, for domains, the name: what makes two records the same service (D5). */
  key: string;
  /** The newest record's id: the one that actions (renew, cancel) refer to. */
  id: string;
  planId: string;
  name: string;
  category: Service['category'];
  domain?: string;
  status: Service['status'];
  /** The latest record's desired state (D22): what the card offers comes from it. */
  state: Service['state'];
  renewalDate: string;
  /** The latest payment for it: its reminders (and "Expires soon") start after it. */
  lastPurchaseDate: string;
  firstPurchaseDate: string;
  payments: Payment[];
  /** The latest record's renewal view (D14, D17): Renew, days left, suspended on the panel. */
  renewable: boolean;
  daysLeft: number;
  suspended: boolean;
  /** The latest record's delivery (D18): Setting up, or ready with how to reach it. */
  provisioning: Service['provisioning'];
  /** A VPS's server as the service record says (D24). */
  vps?: Service['vps'];
  /** A domain transferred in (D23): where its transfer stands. */
  transfer?: Service['transfer'];
  /** A storage service's bucket and key id (D24), once made. */
  storage?: Service['storage'];
  /** The money-back guarantee (D16), while Cancel would refund something. */
  refundableUntil?: string;
  refundablePaise?: number;
  runsUntilAfterCancel?: string;
  /** D26: the panel has not confirmed a changed plan yet ("Updating…"). */
  planUpdating?: boolean;
  /** D26: a smaller plan chosen for the renewal (the renewal is priced at it). */
  pendingPlan?: Service['pendingPlan'];
  /** Auto-renew (D25): on, and its mandate and next debit. */
  autoRenew: boolean;
  autoRenewal?: Service['autoRenewal'];
  /** A hosting's free domain taken meanwhile (D23): the buyer chooses another name here. */
  chooseDomain?: true;
  /** A bundle's parts (D24), each with its own id and state. */
  parts?: Service['parts'];
  /** Premium/Enterprise Hosting's free first-year domain (D23): its own card lists it. */
  freeDomain?: string;
}

/** A payment that names its service (a field the API may add); otherwise matched by id. */
function serviceIdOf(payment: Payment): string | undefined {
  const value = (payment as Payment & { serviceId?: unknown }).serviceId;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Newest first, for ISO-8601 times written alike (the API's): their text order is their time
 * order. A plain comparison, not localeCompare, whose first call in a tab starts ICU's collator
 * (tens of ms on a phone) in the middle of the dashboard's first render.
 */
const newestFirst = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/**
 * The dashboard's services, one card per held service. The API may list one record per purchase
 * (a service renewed early then appears twice, with different dates): records of the same plan
 * and domain are folded into one card whose renewal date and status are the latest record's.
 * A record per held service passes through as one card. Each card carries the payments for its
 * records: those whose `serviceId`, or failing that whose own id, is one of the records' ids.
 * Cards keep the order of each service's newest purchase.
 */
export function groupServices(
  services: readonly Service[],
  payments: readonly Payment[],
): ServiceCard[] {
  const groups = new Map<string, Service[]>();
  for (const service of services) {
    const key = `${service.planId}|${service.domain ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), service]);
  }
  const cards: { card: ServiceCard; newestPurchase: string }[] = [];
  for (const [key, records] of groups) {
    const byRenewal = [...records].sort((a, b) => newestFirst(a.renewalDate, b.renewalDate));
    const latest = byRenewal[0]!;
    const ids = new Set(records.map((r) => r.id));
    const purchases = records.map((r) => r.purchaseDate).sort();
    cards.push({
      newestPurchase: purchases[purchases.length - 1]!,
      card: {
        key,
        id: latest.id,
        planId: latest.planId,
        name: latest.name,
        category: latest.category,
        ...(latest.domain ? { domain: latest.domain } : {}),
        status: latest.status,
        state: latest.state,
        renewalDate: latest.renewalDate,
        firstPurchaseDate: purchases[0]!,
        lastPurchaseDate: purchases[purchases.length - 1]!,
        renewable: latest.renewable,
        daysLeft: latest.daysLeft,
        // Suspended where there is an account to suspend: it should be (D22: expired 7 days, a
        // dispute, a hold), or its account is (what the buyer meets on the panel now). A cancelled
        // service says Cancelled (D16), an expired domain Expired.
        suspended:
          deliveryModeOf(latest.category) === 'panel' &&
          (latest.state === 'suspended' ||
            (latest.provisioning.state === 'suspended' &&
              latest.state !== 'ended' &&
              latest.state !== 'removed')),
        provisioning: latest.provisioning,
        ...(latest.vps ? { vps: latest.vps } : {}),
        ...(latest.transfer ? { transfer: latest.transfer } : {}),
        ...(latest.storage ? { storage: latest.storage } : {}),
        ...(latest.parts ? { parts: latest.parts } : {}),
        ...(latest.freeDomain ? { freeDomain: latest.freeDomain } : {}),
        ...(latest.chooseDomain ? { chooseDomain: true as const } : {}),
        autoRenew: latest.autoRenew === true,
        ...(latest.autoRenewal ? { autoRenewal: latest.autoRenewal } : {}),
        ...(latest.refundableUntil ? { refundableUntil: latest.refundableUntil } : {}),
        ...(latest.refundablePaise !== undefined
          ? { refundablePaise: latest.refundablePaise }
          : {}),
        ...(latest.runsUntilAfterCancel
          ? { runsUntilAfterCancel: latest.runsUntilAfterCancel }
          : {}),
        ...(latest.planUpdating ? { planUpdating: true } : {}),
        ...(latest.pendingPlan ? { pendingPlan: latest.pendingPlan } : {}),
        payments: payments
          .filter((p) => ids.has(serviceIdOf(p) ?? p.id))
          .sort((a, b) => newestFirst(a.date, b.date)),
      },
    });
  }
  return cards
    .sort((a, b) => newestFirst(a.newestPurchase, b.newestPurchase))
    .map(({ card }) => card);
}
