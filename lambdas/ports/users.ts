import type { BillingDetails } from '../domain/gst';

/** A buyer's record (D1: never a password). */
export interface UserRecord {
  userId: string;
  email: string;
  name: string;
  phone: string;
  createdAt: string;
  currentPlan?: string;
  expiry?: string;
  /** Where tax invoices are addressed (docs/decisions.md D15, D19), once the buyer gives it. */
  billing?: BillingDetails;
}

export interface NewUser {
  userId: string;
  email: string;
  name: string;
  phone: string;
  createdAt: string;
}

export interface PurchaseApplication {
  userId: string;
  purchaseId: string;
  currentPlan: string;
  expiry: string;
  /** Used only when the record does not exist yet (a webhook can arrive before any API call). */
  email: string;
  name: string;
  at: string;
}

export interface UsersStore {
  getUser(userId: string): Promise<UserRecord | undefined>;
  /** Writes the record unless one exists; returns the stored record either way. */
  createUserIfMissing(user: NewUser): Promise<UserRecord>;
  /**
   * Sets currentPlan and expiry once per purchase: the write is conditioned on a per-purchase
   * marker on the user item. Returns false when this purchase was applied before.
   */
  applyPurchase(application: PurchaseApplication): Promise<boolean>;
  /**
   * Sets the given profile fields of an existing record (`billing: null` removes the billing
   * details) and its `updatedAt`, and returns the record as stored; undefined when there is no
   * record.
   */
  updateProfile(
    userId: string,
    changes: ProfileChanges,
    at: string,
  ): Promise<UserRecord | undefined>;
}

/** The parts of a profile that change; the others stay as they are. */
export interface ProfileChanges {
  name?: string;
  phone?: string;
  billing?: BillingDetails | null;
}
