/**
 * Object storage in memory with the rules the contract spec (tests/unit/contracts/object-storage
 * .test.ts) holds it and the RGW adapter on the stand-in to: one user per service (ensureUser
 * adopts), a user holds no key until one is rotated in, rotating removes every other key, a
 * suspended user or a removed key is refused, and a put past the quota is `QuotaExceeded`.
 * `down` is an outage. Each call yields first, as the network would, so concurrent callers
 * interleave; `usersCreated` counts the users made.
 */
import { randomBytes } from 'node:crypto';
import { storageUidFor } from '../../../lambdas/domain/object-storage';
import type { InMemoryServicesStore } from './stores';
import {
  StorageUnavailableError,
  StorageUserNotFoundError,
  type ObjectStorage,
  type ServiceRef,
  type StorageKey,
  type StoragePartRecord,
  type StoragePartStore,
  type StorageUsage,
  type StorageUser,
  type StorageUserSpec,
} from '../../../lambdas/ports/object-storage';

interface FakeUser {
  uid: string;
  serviceId: string;
  suspended: boolean;
  quotaBytes: number;
  keys: Map<string, string>;
  buckets: Map<string, Map<string, number>>;
}

/** What an S3 request with a key gets: done, or S3's error code. */
export type S3Outcome =
  | 'ok'
  | 'QuotaExceeded'
  | 'InvalidAccessKeyId'
  | 'SignatureDoesNotMatch'
  | 'UserSuspended'
  | 'NoSuchBucket';

export class InMemoryObjectStorage implements ObjectStorage {
  down = false;
  usersCreated = 0;
  /** Awaited before every call; a test may replace it (to hold or fail a call). */
  roundTrip: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve));
  readonly url = 'https://s3.storage.example.in';
  private readonly users = new Map<string, FakeUser>();

  /** Every user, as the stand-in's `GET /_storage/users` lists them. */
  all(): {
    uid: string;
    serviceId: string;
    suspended: boolean;
    quotaBytes: number;
    usedBytes: number;
    buckets: string[];
  }[] {
    return [...this.users.values()].map((user) => ({
      uid: user.uid,
      serviceId: user.serviceId,
      suspended: user.suspended,
      quotaBytes: user.quotaBytes,
      usedBytes: usedOf(user),
      buckets: [...user.buckets.keys()],
    }));
  }

  /** An S3 PutObject with a key, as the S3 endpoint would answer it. */
  put(key: StorageKey, bucket: string, objectKey: string, bytes: number): S3Outcome {
    const user = [...this.users.values()].find((u) => u.keys.has(key.accessKeyId));
    if (!user) return 'InvalidAccessKeyId';
    if (user.keys.get(key.accessKeyId) !== key.secretAccessKey) return 'SignatureDoesNotMatch';
    if (user.suspended) return 'UserSuspended';
    const objects = user.buckets.get(bucket);
    if (!objects) return 'NoSuchBucket';
    if (usedOf(user) - (objects.get(objectKey) ?? 0) + bytes > user.quotaBytes)
      return 'QuotaExceeded';
    objects.set(objectKey, bytes);
    return 'ok';
  }

  async endpoint(): Promise<string> {
    await this.call();
    return this.url;
  }

  async findUser(serviceId: string): Promise<StorageUser | undefined> {
    await this.call();
    const user = this.users.get(storageUidFor(serviceId));
    return user && view(user);
  }

  async ensureUser(spec: StorageUserSpec): Promise<StorageUser> {
    await this.call();
    const uid = storageUidFor(spec.serviceId);
    let user = this.users.get(uid);
    if (!user) {
      user = {
        uid,
        serviceId: spec.serviceId,
        suspended: false,
        quotaBytes: spec.quotaBytes,
        keys: new Map(),
        buckets: new Map(),
      };
      this.users.set(uid, user);
      this.usersCreated += 1;
    }
    await this.call();
    user.quotaBytes = spec.quotaBytes;
    if (!user.buckets.has(spec.bucket)) user.buckets.set(spec.bucket, new Map());
    return view(user);
  }

  async rotateKey(uid: string): Promise<StorageKey> {
    const user = await this.user(uid);
    const key = {
      accessKeyId: randomBytes(10).toString('hex').toUpperCase(),
      secretAccessKey: randomBytes(30).toString('base64'),
    };
    user.keys = new Map([[key.accessKeyId, key.secretAccessKey]]);
    return key;
  }

  async setQuota(uid: string, quotaBytes: number): Promise<void> {
    (await this.user(uid)).quotaBytes = quotaBytes;
  }

  async setSuspended(uid: string, suspended: boolean): Promise<void> {
    (await this.user(uid)).suspended = suspended;
  }

  async usage(uid: string): Promise<StorageUsage> {
    const user = await this.user(uid);
    return {
      usedBytes: usedOf(user),
      objects: [...user.buckets.values()].reduce((sum, objects) => sum + objects.size, 0),
    };
  }

  async deleteUser(uid: string): Promise<void> {
    await this.call();
    this.users.delete(uid);
  }

  private async user(uid: string): Promise<FakeUser> {
    await this.call();
    const user = this.users.get(uid);
    if (!user) throw new StorageUserNotFoundError(uid);
    return user;
  }

  private async call(): Promise<void> {
    await this.roundTrip();
    if (this.down) throw new StorageUnavailableError('in-memory storage: down');
  }
}

function usedOf(user: FakeUser): number {
  let used = 0;
  for (const objects of user.buckets.values()) for (const size of objects.values()) used += size;
  return used;
}

function view(user: FakeUser): StorageUser {
  return {
    uid: user.uid,
    serviceId: user.serviceId,
    suspended: user.suspended,
    quotaBytes: user.quotaBytes,
    accessKeyIds: [...user.keys.keys()],
    buckets: [...user.buckets.keys()],
  };
}

/** The storage part kept on the in-memory services' items, as DynamoStorageParts keeps it. */
export class InMemoryStorageParts implements StoragePartStore {
  constructor(private readonly services: InMemoryServicesStore) {}

  async putStoragePart(ref: ServiceRef, part: StoragePartRecord): Promise<void> {
    await tick();
    const item = this.services.items.get(`${ref.userId}#${ref.serviceId}`);
    if (item) item.storage = { ...part };
  }

  async updateStoragePart(
    ref: ServiceRef,
    changes: Partial<Omit<StoragePartRecord, 'uid' | 'bucket'>>,
  ): Promise<void> {
    await tick();
    const item = this.services.items.get(`${ref.userId}#${ref.serviceId}`);
    if (!item?.storage) return;
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    item.storage = { ...item.storage, ...Object.fromEntries(defined) };
  }
}

function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
