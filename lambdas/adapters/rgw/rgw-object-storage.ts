/**
 * ObjectStorage on Ceph RGW (D24), through its Admin Ops API (rgw-admin-api.ts): a user per
 * service, whose uid is the service's id (so an attempt that crashed after creating it finds it
 * again), a user quota in bytes, suspension, usage from the user's stats, and S3 keys. The bucket
 * is made through the S3 API (path-style) with a key made for that alone and removed after it, so
 * the user holds no key until the buyer creates one; no secret outlives the call that made it.
 */
import { CreateBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { storageUidFor } from '../../domain/object-storage';
import {
  StorageRefusedError,
  StorageUnavailableError,
  StorageUserNotFoundError,
  type ObjectStorage,
  type StorageKey,
  type StorageUsage,
  type StorageUser,
  type StorageUserSpec,
} from '../../ports/object-storage';
import type { RgwAdminApi, RgwAnswer } from './rgw-admin-api';
import type { RgwCredentials } from './rgw-credentials';

interface RgwKey {
  user?: string;
  access_key: string;
  secret_key?: string;
}

interface RgwUserInfo {
  user_id: string;
  display_name?: string;
  suspended?: number | boolean;
  keys?: RgwKey[];
  user_quota?: { enabled?: boolean; max_size?: number; max_size_kb?: number };
  stats?: { size?: number; size_actual?: number; size_kb?: number; num_objects?: number };
}

/** What the display name says, so an operator on the provider knows whose user it is. */
const SERVICE_MARK = /\(service (svc_[A-Za-z0-9_-]+)\)$/;

export class RgwObjectStorage implements ObjectStorage {
  constructor(
    private readonly api: RgwAdminApi,
    private readonly credentials: () => Promise<RgwCredentials>,
  ) {}

  async endpoint(): Promise<string> {
    return (await this.credentials()).endpoint;
  }

  async findUser(serviceId: string): Promise<StorageUser | undefined> {
    const info = await this.info(storageUidFor(serviceId));
    return info && (await this.userOf(info, serviceId));
  }

  async ensureUser(spec: StorageUserSpec): Promise<StorageUser> {
    const uid = storageUidFor(spec.serviceId);
    let info = await this.info(uid);
    if (!info) {
      const created = await this.api.call('PUT', 'user', {
        uid,
        'display-name': `${spec.displayName} (service ${spec.serviceId})`,
        'generate-key': 'false',
        'max-buckets': '1',
      });
      // Another attempt made it meanwhile: adopt it.
      if (!created.ok && created.code !== 'UserExists') refused('create user', created);
      info = await this.info(uid);
      if (!info) throw new StorageUnavailableError(`RGW: user ${uid} missing just after creation`);
    }
    await this.setQuota(uid, spec.quotaBytes);
    const buckets = await this.buckets(uid);
    if (!buckets.includes(spec.bucket)) await this.createBucket(uid, spec.bucket);
    const user = await this.findUser(spec.serviceId);
    if (!user) throw new StorageUnavailableError(`RGW: user ${uid} vanished while being set up`);
    return user;
  }

  async rotateKey(uid: string): Promise<StorageKey> {
    const before = await this.info(uid);
    if (!before) throw new StorageUserNotFoundError(uid);
    const fresh = await this.addKey(uid, before);
    for (const key of before.keys ?? []) await this.removeKey(uid, key.access_key);
    return fresh;
  }

  async setQuota(uid: string, quotaBytes: number): Promise<void> {
    const answer = await this.api.call(
      'PUT',
      'user',
      {
        quota: '',
        uid,
        'quota-type': 'user',
        'max-size': String(quotaBytes),
        'max-objects': '-1',
        enabled: 'true',
      },
      // Older releases read the settings from the body, as the quota's GET encodes them.
      {
        enabled: true,
        max_size: quotaBytes,
        max_size_kb: Math.ceil(quotaBytes / 1024),
        max_objects: -1,
      },
    );
    if (!answer.ok) this.missingOr(answer, uid, 'set quota');
  }

  async setSuspended(uid: string, suspended: boolean): Promise<void> {
    const answer = await this.api.call('POST', 'user', { uid, suspended: suspended ? '1' : '0' });
    if (!answer.ok) this.missingOr(answer, uid, suspended ? 'suspend user' : 'unsuspend user');
  }

  async usage(uid: string): Promise<StorageUsage> {
    const info = await this.info(uid);
    if (!info) throw new StorageUserNotFoundError(uid);
    const stats = info.stats ?? {};
    const size = stats.size ?? (stats.size_kb ?? 0) * 1024;
    return { usedBytes: Math.max(0, Math.round(size)), objects: stats.num_objects ?? 0 };
  }

  async deleteUser(uid: string): Promise<void> {
    const answer = await this.api.call('DELETE', 'user', { uid, 'purge-data': 'true' });
    if (!answer.ok && answer.code !== 'NoSuchUser') refused('remove user', answer);
  }

  /** The user's info with its stats, or undefined when RGW has no such user. */
  private async info(uid: string): Promise<RgwUserInfo | undefined> {
    const answer = await this.api.call('GET', 'user', { uid, stats: 'true' });
    if (!answer.ok) {
      if (answer.code === 'NoSuchUser' || answer.code === 'NoSuchKey') return undefined;
      refused('get user info', answer);
    }
    const body = answer.body as RgwUserInfo | undefined;
    if (!body || typeof body.user_id !== 'string') {
      throw new StorageUnavailableError('RGW get user info: not a user in the answer');
    }
    return body;
  }

  private async userOf(info: RgwUserInfo, serviceId: string): Promise<StorageUser> {
    const quota = info.user_quota;
    const quotaBytes =
      quota?.enabled === false
        ? 0
        : (quota?.max_size ?? (quota?.max_size_kb !== undefined ? quota.max_size_kb * 1024 : 0));
    const marked = SERVICE_MARK.exec(info.display_name ?? '')?.[1];
    return {
      uid: info.user_id,
      serviceId: marked ?? serviceId,
      suspended: info.suspended === true || info.suspended === 1,
      quotaBytes: Math.max(0, quotaBytes),
      accessKeyIds: (info.keys ?? []).map((key) => key.access_key),
      buckets: await this.buckets(info.user_id),
    };
  }

  private async buckets(uid: string): Promise<string[]> {
    const answer = await this.api.call('GET', 'bucket', { uid });
    if (!answer.ok) refused('list buckets', answer);
    return Array.isArray(answer.body)
      ? answer.body.filter((name): name is string => typeof name === 'string')
      : [];
  }

  private async addKey(uid: string, before: RgwUserInfo): Promise<StorageKey> {
    const answer = await this.api.call('PUT', 'user', {
      key: '',
      uid,
      'key-type': 's3',
      'generate-key': 'true',
    });
    if (!answer.ok) this.missingOr(answer, uid, 'create key');
    const known = new Set((before.keys ?? []).map((key) => key.access_key));
    const keys = Array.isArray(answer.body) ? (answer.body as RgwKey[]) : [];
    const fresh = keys.find((key) => !known.has(key.access_key) && key.secret_key);
    if (!fresh?.secret_key)
      throw new StorageUnavailableError('RGW create key: no new key answered');
    return { accessKeyId: fresh.access_key, secretAccessKey: fresh.secret_key };
  }

  private async removeKey(uid: string, accessKeyId: string): Promise<void> {
    const answer = await this.api.call('DELETE', 'user', {
      key: '',
      uid,
      'access-key': accessKeyId,
    });
    if (!answer.ok && answer.code !== 'InvalidAccessKeyId' && answer.code !== 'NoSuchKey') {
      this.missingOr(answer, uid, 'remove key');
    }
  }

  /** The bucket, made through S3 with a key made for it alone and removed after. */
  private async createBucket(uid: string, bucket: string): Promise<void> {
    const before = await this.info(uid);
    if (!before) throw new StorageUserNotFoundError(uid);
    const key = await this.addKey(uid, before);
    const { endpoint, region } = await this.credentials();
    const s3 = new S3Client({
      endpoint,
      region,
      forcePathStyle: true,
      credentials: key,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    });
    try {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if (!(error instanceof S3ServiceException)) {
        throw new StorageUnavailableError(`S3 CreateBucket ${bucket}: unreachable`, {
          cause: error,
        });
      }
      if (error.name !== 'BucketAlreadyOwnedByYou') {
        if ((error.$metadata.httpStatusCode ?? 500) >= 500) {
          throw new StorageUnavailableError(`S3 CreateBucket ${bucket}: ${error.name}`);
        }
        throw new StorageRefusedError(`create bucket ${bucket}`, error.name);
      }
    } finally {
      s3.destroy();
      // Every key made since (this one, and any a racing attempt made for the same purpose).
      const known = new Set((before.keys ?? []).map((k) => k.access_key));
      const after = await this.info(uid);
      for (const made of after?.keys ?? []) {
        if (!known.has(made.access_key)) await this.removeKey(uid, made.access_key);
      }
    }
  }

  private missingOr(answer: Extract<RgwAnswer, { ok: false }>, uid: string, what: string): never {
    if (answer.code === 'NoSuchUser') throw new StorageUserNotFoundError(uid);
    refused(what, answer);
  }
}

function refused(operation: string, answer: Extract<RgwAnswer, { ok: false }>): never {
  throw new StorageRefusedError(operation, `${answer.code} (HTTP ${answer.status})`);
}
