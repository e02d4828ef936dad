import type { Payment } from '../domain/api';
import { serviceProvisioningOf } from '../domain/provisioning';
import { lifeOf } from '../domain/lifecycle';
import { cancellationOffer } from '../domain/refunds';
import { daysLeft } from '../domain/renewal-schedule';
import { latestPeriod } from '../domain/service-periods';
import { serviceStatus, type Service } from '../domain/services';
import type { PurchaseSummary } from '../ports/purchases';
import type { ServiceSummary } from '../ports/services';
import { autoRenewalOf } from './auto-renew/auto-renewal-view';
import { lifeOfService } from './converge-service';
import { serviceIdFor } from './extend-service';

/**
 * A stored service as the API shows it: its renewal date is the end of everything paid for it,
 * its status comes from that date (D4), and the purchase date, months and price are those of its
 * latest period.
 */
export function serviceOfRecord(record: ServiceSummary, now: Date): Service {
  const period = latestPeriod(record);
  const life = lifeOfService(record, now);
  const ended = life.state === 'ended' || life.state === 'removed';
  const service: Service = {
    id: record.serviceId,
    planId: record.planId,
    name: record.planName,
    category: record.category,
    months: period?.months ?? 0,
    purchaseDate: period?.purchaseDate ?? record.createdAt,
    renewalDate: record.renewalDate,
    status: ended ? 'cancelled' : serviceStatus(record.renewalDate, now),
    state: life.state,
    pricePaidPaise: period?.amountPaise ?? 0,
    renewable: !ended && !record.cancelledAt,
    daysLeft: daysLeft(record.renewalDate, now),
    // Kept on the item itself, so the dashboard's one query has it.
    provisioning: serviceProvisioningOf(record.category, record.provisioning),
    ...autoRenewOf(record),
  };
  if (record.domain) service.domain = record.domain;
  // The money-back guarantee (D16) while Cancel would refund something; never once cancelled.
  const offer = ended
    ? undefined
    : cancellationOffer({ category: record.category, periods: Object.values(record.periods), now });
  if (offer) {
    service.refundableUntil = offer.refundableUntil;
    service.refundablePaise = offer.refundablePaise;
    if (offer.runsUntil) service.runsUntilAfterCancel = offer.runsUntil;
  }
  return service;
}

/**
 * The service as one purchase left it: the answer to verify, which is the period this payment
 * bought. The id is its service's, as the dashboard shows it.
 */
export function toService(purchase: PurchaseSummary, now: Date): Service {
  const service: Service = {
    id: purchase.serviceId ?? serviceIdFor(purchase.userId, purchase),
    planId: purchase.planId,
    name: purchase.planName,
    category: purchase.category,
    months: purchase.months,
    purchaseDate: purchase.purchaseDate,
    renewalDate: purchase.renewalDate,
    status: serviceStatus(purchase.renewalDate, now),
    // A purchase alone is one period on its ledger, and says nothing of delivery.
    state: lifeOf({ periods: [purchase], delivered: false }, now).state,
    pricePaidPaise: purchase.amountPaise,
    renewable: true,
    daysLeft: daysLeft(purchase.renewalDate, now),
    // A purchase alone says nothing of delivery: its category's first state.
    provisioning: serviceProvisioningOf(purchase.category, undefined),
    autoRenew: false,
  };
  if (purchase.domain) service.domain = purchase.domain;
  return service;
}

export function paymentOfPurchase(purchase: PurchaseSummary): Payment {
  return {
    id: purchase.purchaseId,
    date: purchase.purchaseDate,
    amountPaise: purchase.amountPaise,
    status: 'paid',
    planName: purchase.planName,
    paymentId: purchase.paymentId,
    orderId: purchase.orderId,
    ...(purchase.invoiceNumber ? { invoiceNumber: purchase.invoiceNumber } : {}),
  };
}

function autoRenewOf(record: ServiceSummary): Pick<Service, 'autoRenew' | 'autoRenewal'> {
  const autoRenewal = autoRenewalOf(record);
  return {
    autoRenew:
      record.autoRenew?.enabled === true && record.autoRenew.mandate?.status === 'confirmed',
    ...(autoRenewal ? { autoRenewal } : {}),
  };
}
