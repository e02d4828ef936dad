/**
 * One contract for the ObjectStorage port, run against the in-memory storage the use-case specs
 * use (InMemoryObjectStorage) and against the real adapter (RgwObjectStorage over RGW's Admin Ops
 * API, SigV4-signed) on the local object storage stand-in, whose S3 endpoint is driven with
 * @aws-sdk/client-s3 as a buyer's tools would: one user per service (adopted when it exists), a
 * key answered once and every other key removed by a rotation, the quota enforced on PutObject,
 * suspension, usage, deletion, outages and a refused admin key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startObjectStorageStandIn,
  type ObjectStorageStandIn,
} from '../../../infra/local/object-storage/server';
import { RgwAdminApi } from '../../../lambdas/adapters/rgw/rgw-admin-api';
import { RgwObjectStorage } from '../../../lambdas/adapters/rgw/rgw-object-storage';
import type { RgwCredentials } from '../../../lambdas/adapters/rgw/rgw-credentials';
import { storageBucketFor, storageUidFor } from '../../../lambdas/domain/object-storage';
import {
  StorageAccessDeniedError,
  StorageUnavailableError,
  StorageUserNotFoundError,
  type ObjectStorage,
  type StorageKey,
} from '../../../lambdas/ports/object-storage';
import { InMemoryObjectStorage, type S3Outcome } from '../../helpers/fakes/object-storage';

interface Subject {
  readonly storage: ObjectStorage;
  outage(on: boolean): Promise<void>;
  put(key: StorageKey, bucket: string, objectKey: string, bytes: number): Promise<S3Outcome>;
  /** An adapter whose admin secret is wrong; undefined where there are no keys (the fake). */
  withWrongAdminKey(): ObjectStorage | undefined;
  stop(): Promise<void>;
}

function fakeSubject(): Subject {
  const storage = new InMemoryObjectStorage();
  return {
    storage,
    async outage(on) {
      storage.down = on;
    },
    async put(key, bucket, objectKey, bytes) {
      return storage.put(key, bucket, objectKey, bytes);
    },
    withWrongAdminKey: () => undefined,
    async stop() {},
  };
}

const ADMIN = { accessKeyId: 'LOCALADMINKEY0000001', secretAccessKey: 'local-admin-secret' };

async function standInSubject(): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storage-contract-'));
  const standIn: ObjectStorageStandIn = await startObjectStorageStandIn({
    port: 0,
    dataDir,
    adminAccessKeyId: ADMIN.accessKeyId,
    adminSecretAccessKey: ADMIN.secretAccessKey,
  });
  const adapter = (secretAccessKey: string) => {
    const credentials = async (): Promise<RgwCredentials> => ({
      adminUrl: standIn.url,
      endpoint: standIn.url,
      accessKeyId: ADMIN.accessKeyId,
      secretAccessKey,
      region: 'us-east-1',
    });
    return new RgwObjectStorage(new RgwAdminApi({ credentials }), credentials);
  };
  return {
    storage: adapter(ADMIN.secretAccessKey),
    async outage(on) {
      const response = await fetch(`${standIn.url}/_storage/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ on }),
      });
      expect(response.status).toBe(200);
    },
    async put(key, bucket, objectKey, bytes) {
      const s3 = new S3Client({
        endpoint: standIn.url,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: key,
        maxAttempts: 1,
      });
      try {
        await s3.send(
          new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: Buffer.alloc(bytes, 7) }),
        );
        return 'ok';
      } catch (error) {
        if (error instanceof S3ServiceException) return error.name as S3Outcome;
        throw error;
      } finally {
        s3.destroy();
      }
    },
    withWrongAdminKey: () => adapter('not-the-admin-secret'),
    async stop() {
      await standIn.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SERVICE_ID = 'svc_0123456789abcdef01234567';
const SPEC = {
  serviceId: SERVICE_ID,
  displayName: 'Asha Verma, Basic Storage',
  bucket: storageBucketFor(SERVICE_ID),
  quotaBytes: 1000,
};
const UID = storageUidFor(SERVICE_ID);

describe.each([
  ['the in-memory fake', fakeSubject],
  ['the RGW adapter on the stand-in', standInSubject],
])('ObjectStorage: %s', (_name, make) => {
  let subject: Subject;
  let storage: ObjectStorage;
  beforeEach(async () => {
    subject = await make();
    storage = subject.storage;
  });
  afterEach(async () => {
    await subject.stop();
  });

  it('makes one user per service with its bucket and quota, holding no key, and adopts it after', async () => {
    expect(await storage.findUser(SERVICE_ID)).toBeUndefined();
    const made = await storage.ensureUser(SPEC);
    expect(made).toEqual({
      uid: UID,
      serviceId: SERVICE_ID,
      suspended: false,
      quotaBytes: 1000,
      accessKeyIds: [],
      buckets: [SPEC.bucket],
    });
    const again = await storage.ensureUser({ ...SPEC, quotaBytes: 2000 });
    expect(again).toEqual({ ...made, quotaBytes: 2000 });
    expect(await storage.findUser(SERVICE_ID)).toEqual(again);
  });

  it('concurrent ensureUser calls make one user with one bucket', async () => {
    await Promise.allSettled(Array.from({ length: 5 }, () => storage.ensureUser(SPEC)));
    const user = await storage.ensureUser(SPEC);
    expect(user.buckets).toEqual([SPEC.bucket]);
    expect(user.accessKeyIds).toEqual([]);
  });

  it('a rotated key works; the key before it stops working', async () => {
    await storage.ensureUser(SPEC);
    const first = await storage.rotateKey(UID);
    expect(first.secretAccessKey.length).toBeGreaterThanOrEqual(20);
    expect(await subject.put(first, SPEC.bucket, 'hello.txt', 10)).toBe('ok');
    const second = await storage.rotateKey(UID);
    expect(second.accessKeyId).not.toBe(first.accessKeyId);
    expect(await subject.put(first, SPEC.bucket, 'again.txt', 10)).toBe('InvalidAccessKeyId');
    expect(await subject.put(second, SPEC.bucket, 'again.txt', 10)).toBe('ok');
    expect((await storage.findUser(SERVICE_ID))?.accessKeyIds).toEqual([second.accessKeyId]);
  });

  it('refuses a put past the quota (QuotaExceeded) and counts what is stored', async () => {
    await storage.ensureUser(SPEC);
    const key = await storage.rotateKey(UID);
    expect(await subject.put(key, SPEC.bucket, 'a.bin', 600)).toBe('ok');
    expect(await subject.put(key, SPEC.bucket, 'b.bin', 600)).toBe('QuotaExceeded');
    // Overwriting an object counts its new size, not both.
    expect(await subject.put(key, SPEC.bucket, 'a.bin', 900)).toBe('ok');
    expect(await storage.usage(UID)).toEqual({ usedBytes: 900, objects: 1 });
    await storage.setQuota(UID, 2000);
    expect(await subject.put(key, SPEC.bucket, 'b.bin', 600)).toBe('ok');
    expect((await storage.usage(UID)).usedBytes).toBe(1500);
  });

  it('a suspended user is refused until unsuspended; its data stays', async () => {
    await storage.ensureUser(SPEC);
    const key = await storage.rotateKey(UID);
    expect(await subject.put(key, SPEC.bucket, 'a.bin', 100)).toBe('ok');
    await storage.setSuspended(UID, true);
    expect((await storage.findUser(SERVICE_ID))?.suspended).toBe(true);
    expect(await subject.put(key, SPEC.bucket, 'b.bin', 100)).toBe('UserSuspended');
    await storage.setSuspended(UID, false);
    expect(await subject.put(key, SPEC.bucket, 'b.bin', 100)).toBe('ok');
    expect((await storage.usage(UID)).usedBytes).toBe(200);
  });

  it('deletes the user for good, and a second delete is nothing', async () => {
    await storage.ensureUser(SPEC);
    const key = await storage.rotateKey(UID);
    await storage.deleteUser(UID);
    expect(await storage.findUser(SERVICE_ID)).toBeUndefined();
    await storage.deleteUser(UID);
    expect(await subject.put(key, SPEC.bucket, 'a.bin', 1)).toBe('InvalidAccessKeyId');
    await expect(storage.rotateKey(UID)).rejects.toBeInstanceOf(StorageUserNotFoundError);
    await expect(storage.setSuspended(UID, true)).rejects.toBeInstanceOf(StorageUserNotFoundError);
  });

  it('an outage is StorageUnavailableError, and nothing is made meanwhile', async () => {
    await subject.outage(true);
    await expect(storage.ensureUser(SPEC)).rejects.toBeInstanceOf(StorageUnavailableError);
    await subject.outage(false);
    expect(await storage.findUser(SERVICE_ID)).toBeUndefined();
    expect((await storage.ensureUser(SPEC)).uid).toBe(UID);
  });

  it('a refused admin key is StorageAccessDeniedError (a configuration fault)', async () => {
    const wrong = subject.withWrongAdminKey();
    if (!wrong) return; // The fake has no admin key.
    await expect(wrong.findUser(SERVICE_ID)).rejects.toBeInstanceOf(StorageAccessDeniedError);
  });
});
