/** A buyer's record (D1: never a password). */
export interface UserRecord {
  userId: string;
  email: string;
  name: string;
  phone: string;
  createdAt: string;
  currentPlan?: string;
  expiry?: string;
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
}
