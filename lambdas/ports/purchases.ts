import type { Paise } from '../domain/money';
import type { Category } from '../domain/plan';
import type { Quote } from '../domain/pricing';

/**
 * One payment for a plan, keyed by (userId, purchaseId). The purchase id is derived from the
 * Razorpay payment id; the period is the one its service gave it, frozen in the item when it is
 * first written.
 */
export interface PurchaseRecord {
  userId: string;
  purchaseId: string;
  paymentId: string;
  orderId: string;
  /**
   * The service this payment started or extended (ServicesStore); the period below is the one the
   * service gave it. Absent on purchases recorded before services were stored.
   */
  serviceId?: string;
  planId: string;
  planName: string;
  category: Category;
  months: Quote['months'];
  domain?: string;
  purchaseDate: string;
  startDate: string;
  renewalDate: string;
  amountPaise: Paise;
  currency: 'INR';
  quote: Quote;
  email: string;
  name: string;
  createdAt: string;
  /** Set once PurchaseCompleted was accepted by the bus. */
  eventPublishedAt?: string;
}

export interface PurchasesStore {
  getPurchase(userId: string, purchaseId: string): Promise<PurchaseRecord | undefined>;
  listPurchases(userId: string): Promise<PurchaseRecord[]>;
  /** Conditional write: returns false (and writes nothing) when the purchase exists already. */
  createPurchase(purchase: PurchaseRecord): Promise<boolean>;
  markEventPublished(userId: string, purchaseId: string, at: string): Promise<void>;
}
