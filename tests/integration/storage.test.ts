/**
 * Cloud storage delivered for real on the local stack (D24), from outside: buy Basic Storage, and
 * converge makes one user at the object storage stand-in with its bucket and 100 GB (decimal)
 * quota; "Create key" answers a key once, an S3 PutObject with it works against the stand-in, a
 * put past the quota is refused, a rotation stops the old key, no mail and no dashboard answer
 * holds a secret, and a cancellation suspends the user.
 */
import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { RgwAdminApi } from '../../lambdas/adapters/rgw/rgw-admin-api';
import { RgwObjectStorage } from '../../lambdas/adapters/rgw/rgw-object-storage';
import type { RgwCredentials } from '../../lambdas/adapters/rgw/rgw-credentials';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { dynamo, scanAll } from '../helpers/faults/fault-stack';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  eventually,
  mailbox,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

interface StorageBody {
  endpoint: string;
  bucket: string;
  accessKeyId?: string;
  quotaBytes: number;
  usedBytes: number;
}

interface ServiceBody {
  id: string;
  planId: string;
  state: string;
  provisioning: { state: string };
  storage?: StorageBody;
}

interface StandInUser {
  uid: string;
  serviceId: string;
  suspended: boolean;
  quotaBytes: number;
  usedBytes: number;
  buckets: string[];
}

interface NewKey {
  accessKeyId: string;
  secretAccessKey: string;
  endpoint: string;
  bucket: string;
}

let stack: LocalStack;

beforeAll(async () => {
  stack = sharedStack();
});

async function storageUsers(): Promise<StandInUser[]> {
  const res = await fetch(`${stack.storageUrl}/_storage/users`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { users: StandInUser[] }).users;
}

async function put(key: NewKey, objectKey: string, bytes: number): Promise<string> {
  const s3 = new S3Client({
    endpoint: key.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    maxAttempts: 1,
  });
  try {
    await s3.send(
      new PutObjectCommand({ Bucket: key.bucket, Key: objectKey, Body: Buffer.alloc(bytes, 1) }),
    );
    const got = await s3.send(new GetObjectCommand({ Bucket: key.bucket, Key: objectKey }));
    expect((await got.Body?.transformToByteArray())?.length).toBe(bytes);
    return 'ok';
  } catch (error) {
    if (error instanceof S3ServiceException) return error.name;
    throw error;
  } finally {
    s3.destroy();
  }
}

/** The operator's view of the stand-in, with the local stack's admin keys (infra/local/config.ts). */
function operatorStorage(): RgwObjectStorage {
  const credentials = async (): Promise<RgwCredentials> => ({
    adminUrl: stack.storageUrl,
    endpoint: stack.storageUrl,
    accessKeyId: 'LOCALSTORAGEADMIN001',
    secretAccessKey: 'local_storage_admin_secret',
    region: 'us-east-1',
  });
  return new RgwObjectStorage(new RgwAdminApi({ credentials }), credentials);
}

describe('storage on the local stack (D24)', () => {
  it('buy → one user with bucket and quota → Create key → S3 put works → over quota refused → rotate → old key refused → cancel → suspended', async () => {
    const user = newUser('storage');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const order = await placeOrder(stack, token, { planId: 'basicstorage', months: 1 });
    expect((await payOrder(stack, order.body.orderId)).status).toBe(200);

    const service = await eventually(
      async () => {
        const res = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', {
          token,
        });
        return res.body.services.find(
          (s) => s.planId === 'basicstorage' && s.provisioning.state === 'ready' && s.storage,
        );
      },
      'the storage service ready on the dashboard',
      30_000,
    );
    expect(service.storage).toEqual({
      endpoint: stack.storageUrl,
      bucket: expect.stringMatching(/^svc-[0-9a-f]{24}$/),
      quotaBytes: 100_000_000_000,
      usedBytes: 0,
    });
    const mine = (await storageUsers()).filter((u) => u.serviceId === service.id);
    expect(mine).toEqual([
      {
        uid: service.id,
        serviceId: service.id,
        suspended: false,
        quotaBytes: 100_000_000_000,
        usedBytes: 0,
        buckets: [service.storage?.bucket],
      },
    ]);

    const path = `/api/me/services/${service.id}/storage-keys`;
    const first = await api<NewKey>(stack, 'POST', path, { token });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      endpoint: stack.storageUrl,
      bucket: service.storage?.bucket,
    });
    expect(await put(first.body, 'backup/notes.txt', 1200)).toBe('ok');

    // The operator lowers the quota to 2 000 bytes: a put past it is S3's QuotaExceeded.
    await operatorStorage().setQuota(service.id, 2000);
    expect(await put(first.body, 'backup/big.bin', 1000)).toBe('QuotaExceeded');
    await operatorStorage().setQuota(service.id, 100_000_000_000);

    const second = await api<NewKey>(stack, 'POST', path, { token });
    expect(second.status).toBe(201);
    expect(second.body.accessKeyId).not.toBe(first.body.accessKeyId);
    expect(await put(first.body, 'backup/again.txt', 10)).toBe('InvalidAccessKeyId');
    expect(await put(second.body, 'backup/again.txt', 10)).toBe('ok');

    // The card shows the key id that works; no answer but the key's own holds a secret, and no
    // mail either.
    const dashboard = await api<{ services: ServiceBody[] }>(stack, 'GET', '/api/me/dashboard', {
      token,
    });
    const card = dashboard.body.services.find((s) => s.id === service.id);
    expect(card?.storage?.accessKeyId).toBe(second.body.accessKeyId);
    const one = await api<ServiceBody>(stack, 'GET', `/api/me/services/${service.id}`, { token });
    for (const text of [JSON.stringify(dashboard.body), JSON.stringify(one.body)]) {
      expect(text).not.toContain(first.body.secretAccessKey);
      expect(text).not.toContain(second.body.secretAccessKey);
    }
    const mails = await eventually(async () => {
      const found = await mailbox(stack, user.email);
      return found.some((m) => m.subject === 'Your Basic Storage is ready') ? found : undefined;
    }, 'the ready mail');
    for (const mail of mails) {
      const text = `${mail.body.text ?? ''}${mail.body.html ?? ''}`;
      expect(text).not.toContain(first.body.secretAccessKey);
      expect(text).not.toContain(second.body.secretAccessKey);
    }

    // No item of any table holds either secret (we keep the key's id only).
    const db = dynamo(stack);
    const { TableNames = [] } = await db.send(new ListTablesCommand({}));
    for (const table of TableNames) {
      const items = JSON.stringify(await scanAll(db, table));
      expect(items).not.toContain(first.body.secretAccessKey);
      expect(items).not.toContain(second.body.secretAccessKey);
    }
    db.destroy();

    const cancelled = await api(stack, 'POST', `/api/me/services/${service.id}/cancel`, {
      token,
      body: { reason: 'Testing' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(202);
    await eventually(
      async () => (await storageUsers()).find((u) => u.serviceId === service.id && u.suspended),
      'the storage user suspended',
      30_000,
    );
    expect(await put(second.body, 'backup/after.txt', 10)).toBe('UserSuspended');
    const refused = await api<{ error: { code: string } }>(stack, 'POST', path, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('service_ended');
  });

  it("another buyer's storage service is not found", async () => {
    const user = newUser('nosy');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const res = await api<{ error: { code: string } }>(
      stack,
      'POST',
      '/api/me/services/svc_000000000000000000000000/storage-keys',
      { token },
    );
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('service_not_found');
  });
});
