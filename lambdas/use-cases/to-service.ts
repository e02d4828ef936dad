import type { Payment } from '../domain/api';
import { serviceStatus, type Service } from '../domain/services';
import type { PurchaseRecord } from '../ports/purchases';

/** A purchase as the API shows it; its status comes from its own renewal date (D4). */
export function toService(purchase: PurchaseRecord, now: Date): Service {
  const service: Service = {
    id: purchase.purchaseId,
    planId: purchase.planId,
    name: purchase.planName,
    category: purchase.category,
    months: purchase.months,
    purchaseDate: purchase.purchaseDate,
    renewalDate: purchase.renewalDate,
    status: serviceStatus(purchase.renewalDate, now),
    pricePaidPaise: purchase.amountPaise,
  };
  if (purchase.domain) service.domain = purchase.domain;
  return service;
}

export function paymentOfPurchase(purchase: PurchaseRecord): Payment {
  return {
    id: purchase.purchaseId,
    date: purchase.purchaseDate,
    amountPaise: purchase.amountPaise,
    status: 'paid',
    planName: purchase.planName,
    paymentId: purchase.paymentId,
    orderId: purchase.orderId,
  };
}
