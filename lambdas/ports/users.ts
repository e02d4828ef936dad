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

/** Who the token names: the authorizer's claims, never a field of the request. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  phone: string;
}

/** A record made from the token's claims (or Cognito's sign-up attributes). */
export interface NewUser extends Caller {
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
  /**
   * The records of several buyers at once (strongly consistent, as getUser), by user id; an id
   * given twice is read once, and one with no record is absent from the answer.
   */
  getUsers(userIds: readonly string[]): Promise<Map<string, UserRecord>>;
  /**
   * The stored record; when there is none, writes `user` (only if still absent) and returns what
   * is stored then. A missing record is made from the token's claims, as the reference's checkout
   * does; the sign-up trigger writes it first in the usual case.
   */
  createUserIfMissing(user: NewUser): Promise<UserRecord>;
  /**
   * Sets currentPlan and expiry once per purchase (a per-purchase marker on the user item), and
   * only forward: never to an expiry earlier than the stored one, so a late retry of an older
   * purchase cannot take paid time off the record. Returns false when nothing was written.
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
  /** Every record with exactly this email (the byEmail index), for the operator's console. */
  findUsersByEmail(email: string): Promise<UserRecord[]>;
  /** Every record with exactly this phone, `+91…` (the byPhone index), for the console's search. */
  findUsersByPhone(phone: string): Promise<UserRecord[]>;
  /**
   * Records whose name starts with `prefix` (nameSearchKey'd, at least 2 characters), by the
   * byNamePrefix index, in name order, at most `limit`.
   */
  findUsersByNamePrefix(prefix: string, limit: number): Promise<UserRecord[]>;
  /** A page of every customer record, for the console's list; `after` is the last page's cursor. */
  listUsersPage(limit: number, after?: string): Promise<{ users: UserRecord[]; next?: string }>;
  /**
   * Sets the record's email to a newly verified one (D28), only while it still holds `from`:
   * answers the record as stored, or undefined when there is no record or its email was not `from`
   * (another change won; read again).
   */
  changeEmail(
    userId: string,
    from: string,
    to: string,
    at: string,
  ): Promise<UserRecord | undefined>;
  /**
   * Deletes the record: the buyer's personal data (name, email, phone, billing details) goes with
   * it (D28, DPDP). Tax invoices keep their own copy of the billing details. Deleting what is
   * already gone does nothing.
   */
  deleteUser(userId: string): Promise<void>;
  /**
   * Sets currentPlan and expiry to `next` (null: removes both) after a cancellation recomputed
   * them (D4, D16), only while the record still holds `seen`, so a purchase applied meanwhile is
   * never overwritten: false (nothing written) when it changed; read again and recompute.
   */
  replaceCurrentPlan(
    userId: string,
    seen: CurrentPlan | null,
    next: CurrentPlan | null,
    at: string,
  ): Promise<boolean>;
}

export interface CurrentPlan {
  currentPlan: string;
  expiry: string;
}

/** The parts of a profile that change; the others stay as they are. */
export interface ProfileChanges {
  name?: string;
  phone?: string;
  billing?: BillingDetails | null;
}
