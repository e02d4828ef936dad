import type { Payment } from '../domain/api';
import { serviceProvisioningOf } from '../domain/provisioning';
import { lifeOf } from '../domain/lifecycle';
import { cancellationOffer } from '../domain/refunds';
import { daysLeft } from '../domain/renewal-schedule';
import { latestPeriod } from '../domain/service-periods';
import { serviceStatus, type Service, type ServiceVps } from '../domain/services';
import type { VpsRecord } from '../domain/vps';
import type { PurchaseSummary } from '../ports/purchases';
import type { ServiceSummary } from '../ports/services';
import { planInForce } from '../domain/plan-change';
import { BUNDLE_NAME_TAKEN_REASON, FREE_NAME_TAKEN_REASON } from '../domain/registrant';
import { isFreeDomainService } from '../domain/register-domain';
import { autoRenewalOf } from './auto-renew/auto-renewal-view';
import { lifeOfService, packageBehind } from './converge-service';
import { serviceIdFor } from './extend-service';

/**
 * A stored service as the API shows it: its renewal date is the end of everything paid for it,
 * its status comes from that date (D4), and the purchase date, months and price are those of its
 * latest period.
 */
export function serviceOfRecord(
  record: ServiceSummary,
  now: Date,
  /** A bundle whose domain was never registered: its refund keeps nothing back (D6, D24). */
  bundleDomainUnregistered = false,
): Service {
  const period = latestPeriod(record);
  const life = lifeOfService(record, now);
  const ended = life.state === 'ended' || life.state === 'removed';
  // D26: a smaller plan chosen for the renewal is the plan once its day has come.
  const plan = planInForce(record, now);
  const service: Service = {
    id: record.serviceId,
    planId: plan.planId,
    name: plan.planName,
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
  if (!ended && takenDomainChoosable(record)) service.chooseDomain = true;
  if (record.transfer) {
    const { state, detail } = record.transfer;
    service.transfer = { state, ...(detail ? { detail } : {}) };
  }
  if (record.pendingPlan && record.pendingPlan.planId !== plan.planId && !ended) {
    const { planId, planName, from } = record.pendingPlan;
    service.pendingPlan = { planId, planName, from };
  }
  if (!ended && packageBehind(record, now)) service.planUpdating = true;
  if (record.vps) service.vps = serviceVpsOf(record.vps);
  if (record.storage) {
    const { endpoint, bucket, accessKeyId, quotaBytes, usedBytes } = record.storage;
    service.storage = {
      endpoint,
      bucket,
      ...(accessKeyId ? { accessKeyId } : {}),
      quotaBytes,
      usedBytes,
    };
  }
  // The money-back guarantee (D16) while Cancel would refund something; never once cancelled.
  const offer = ended
    ? undefined
    : cancellationOffer({
        category: record.category,
        periods: Object.values(record.periods),
        now,
        ...(bundleDomainUnregistered ? { bundleDomainUnregistered } : {}),
      });
  if (offer) {
    service.refundableUntil = offer.refundableUntil;
    service.refundablePaise = offer.refundablePaise;
    if (offer.runsUntil) service.runsUntilAfterCancel = offer.runsUntil;
  }
  return service;
}

/** A VPS's card (D24): what the service record keeps, no provider call. */
export function serviceVpsOf(vps: VpsRecord): ServiceVps {
  return {
    os: vps.os,
    hostname: vps.hostname,
    sshKeys: [...vps.sshKeys],
    ...(vps.ip ? { ip: vps.ip } : {}),
    ...(vps.user ? { user: vps.user } : {}),
    ...(vps.power ? { power: vps.power } : {}),
    ...(vps.powerAt ? { powerAt: vps.powerAt } : {}),
    waitsForKey: vps.sshKeys.length === 0,
    ...(vps.reinstall
      ? { reinstalling: { os: vps.reinstall.os, requestedAt: vps.reinstall.requestedAt } }
      : {}),
  };
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

/**
 * A domain whose name was taken before it could be registered and whose buyer chooses another
 * (choose-bundle-domain.ts): a hosting's free first-year domain (D23, nothing paid for it) or a
 * bundle's domain part (D24, the bundle's price includes one). A paid domain of its own is
 * refunded instead.
 */
export function takenDomainChoosable(
  record: Pick<ServiceSummary, 'category' | 'domain' | 'partOf' | 'periods' | 'provisioning'>,
): boolean {
  if (record.category !== 'domain' || record.domain === undefined) return false;
  if (record.provisioning?.state !== 'failed') return false;
  const reason = record.provisioning.failureReason;
  return record.partOf
    ? reason === BUNDLE_NAME_TAKEN_REASON(record.domain)
    : reason === FREE_NAME_TAKEN_REASON(record.domain) && isFreeDomainService(record);
}
