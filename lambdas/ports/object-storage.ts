/**
 * S3-compatible object storage, as a reseller sees it (D24): one user per storage service, with
 * one bucket, a quota, and the access keys the buyer connects with. One adapter per platform
 * (Ceph RGW's Admin Ops API first: lambdas/adapters/rgw) maps its protocol's answers to the errors
 * below; use cases never see a provider's JSON. A secret access key is answered once, by
 * `rotateKey`, and never kept by us.
 */
import { DomainError } from '../domain/errors';

/** What a storage service is on the provider: its user, its bucket and its quota. */
export interface StorageUserSpec {
  /** The service it belongs to: the user is found again by it (adoption after a crash). */
  serviceId: string;
  /** Shown to operators on the provider. */
  displayName: string;
  bucket: string;
  /** Decimal bytes (100 GB = 100 × 10⁹). */
  quotaBytes: number;
}

/** A storage user as the provider says it is now. Never a secret. */
export interface StorageUser {
  uid: string;
  serviceId: string;
  suspended: boolean;
  quotaBytes: number;
  /** The S3 access key ids that work now. */
  accessKeyIds: string[];
  buckets: string[];
}

/** A new access key: the secret is answered here once and nowhere else. */
export interface StorageKey {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StorageUsage {
  usedBytes: number;
  objects: number;
}

export interface ObjectStorage {
  /** Where the buyer's S3 clients connect (path-style), e.g. https://s3.example.in. */
  endpoint(): Promise<string>;
  /** The service's user, or undefined when the provider has none. */
  findUser(serviceId: string): Promise<StorageUser | undefined>;
  /**
   * Makes the service's user with its bucket and quota, or completes and adopts the one a crashed
   * attempt left (found by service id): one user per service however often it is called. The
   * user holds no access key afterwards (the buyer creates one from the dashboard).
   */
  ensureUser(spec: StorageUserSpec): Promise<StorageUser>;
  /**
   * A new key for the user; every other key of the user stops working. Callers serialise it per
   * service (two at once could each remove the other's new key).
   */
  rotateKey(uid: string): Promise<StorageKey>;
  setQuota(uid: string, quotaBytes: number): Promise<void>;
  /** A suspended user's keys are refused by the S3 endpoint; its data stays. */
  setSuspended(uid: string, suspended: boolean): Promise<void>;
  usage(uid: string): Promise<StorageUsage>;
  /** Removes the user, its keys, buckets and objects for good; nothing when it is gone already. */
  deleteUser(uid: string): Promise<void>;
}

/**
 * The provider did not answer usefully (down, too slow, a 5xx, not its protocol): nothing can be
 * concluded, the caller retries later. `detail` is for the log.
 */
export class StorageUnavailableError extends DomainError {
  override readonly name = 'StorageUnavailableError';
  readonly code = 'storage_unavailable';
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super('Our storage service did not answer. Please try again in a few minutes.', options);
  }
}

/** The provider refused the admin's credentials: a configuration fault. */
export class StorageAccessDeniedError extends Error {
  override readonly name = 'StorageAccessDeniedError';
}

/** No user of that id (that we may see). */
export class StorageUserNotFoundError extends Error {
  override readonly name = 'StorageUserNotFoundError';
  constructor(readonly uid: string) {
    super(`The storage provider has no user ${uid}.`);
  }
}

/**
 * The provider answered and refused for a reason of its own (a bucket name someone else holds).
 * Retrying the same request will not help; a person must look. `reason` is the provider's own.
 */
export class StorageRefusedError extends Error {
  override readonly name = 'StorageRefusedError';
  constructor(
    readonly operation: string,
    readonly reason: string,
  ) {
    super(`The storage provider refused ${operation}: ${reason}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The storage part as the service's item keeps it (ServiceRecord.storage). Never a secret.

export interface StoragePartRecord {
  /** The provider's user. */
  uid: string;
  bucket: string;
  /** The S3 endpoint the buyer connects to. */
  endpoint: string;
  quotaBytes: number;
  /** As last read from the provider (`usageAt`). */
  usedBytes: number;
  /** The key that works now; absent until the buyer creates one. Its secret is never kept. */
  accessKeyId?: string;
  usageAt?: string;
}

export interface StoragePartStore {
  /** Keeps the whole part on the service's item (its creation or adoption). */
  putStoragePart(ref: ServiceRef, part: StoragePartRecord): Promise<void>;
  /**
   * Changes some fields of a kept part, each on its own (a usage refresh and a key rotation at
   * once both land). StorageUserNotFoundError-free: nothing happens when no part is kept.
   */
  updateStoragePart(
    ref: ServiceRef,
    changes: Partial<Omit<StoragePartRecord, 'uid' | 'bucket'>>,
  ): Promise<void>;
}

export interface ServiceRef {
  userId: string;
  serviceId: string;
}
