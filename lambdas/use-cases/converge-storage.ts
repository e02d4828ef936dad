/**
 * A storage service's provider part (D24), as converge (converge-service.ts, D22) drives it: a
 * live service with no user gets one, with its bucket and the plan's quota (the catalog's
 * `specs.storageGb`, decimal bytes), under the service's claim; a user the provider has for the
 * service already (an attempt that crashed before recording it, or a racing delivery) is
 * adopted, so a service has one user. Suspended or ended → the user is suspended (its keys are
 * refused, its data stays); live again → unsuspended; removed by an operator → deleted with its
 * data. A plan change moves the quota. The part (bucket, endpoint, quota, usage, the key id that
 * works) is kept on the service's item, for the dashboard, which never asks the provider.
 */
import { CATALOG } from '../domain/catalog';
import { isLive, type Life } from '../domain/lifecycle';
import { storageBucketFor, storageQuotaBytesOf, storageUidFor } from '../domain/object-storage';
import type { CatalogPlan } from '../domain/plan';
import type { ObjectStorage, StoragePartStore } from '../ports/object-storage';
import type { ProvisioningRecords } from '../ports/provisioning';
import type { ServiceRecord } from '../ports/services';

/** The object storage as converge drives a storage service's part (D24). */
export interface StoragePart {
  storage: ObjectStorage;
  parts: StoragePartStore;
  /** The catalog; its storage plans name their quota (`specs.storageGb`). */
  plans?: readonly CatalogPlan[];
}

export type StorageAction = 'create' | 'suspend' | 'unsuspend' | 'delete' | 'set-quota';

export function isStoragePart(service: Pick<ServiceRecord, 'category'>): boolean {
  return service.category === 'storage';
}

/** The plan's quota was not found: a catalog mistake, shown to the operator. */
export class StorageQuotaUnknownError extends Error {
  override readonly name = 'StorageQuotaUnknownError';
  constructor(readonly planId: string) {
    super(`Plan ${planId} names no storage size (specs.storageGb): the user cannot be made.`);
  }
}

/** A smaller quota the files do not fit in: the quota stays until they do, for an operator. */
export class StorageOverSmallerQuotaError extends Error {
  override readonly name = 'StorageOverSmallerQuotaError';
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
  ) {
    super(
      `The storage holds ${gb(usedBytes)}, more than the ${gb(quotaBytes)} of its plan now, so its quota stays as it was until the files fit: ask the buyer to delete some, or keep the larger quota.`,
    );
  }
}

function gb(bytes: number): string {
  return `${(bytes / 1e9).toLocaleString('en-IN', { maximumFractionDigits: 1 })} GB`;
}

/**
 * The plan whose quota the storage user should have when it has another (D26: the plan changed,
 * or went back when the change was refunded), else undefined: "Updating…" until it is set.
 */
export function storageQuotaBehind(
  service: Pick<ServiceRecord, 'planId' | 'category' | 'storage'>,
  plans: readonly CatalogPlan[] = CATALOG,
): string | undefined {
  if (!isStoragePart(service) || !service.storage) return undefined;
  const plan = plans.find((candidate) => candidate.id === service.planId);
  const quota = plan && storageQuotaBytesOf(plan);
  return quota !== undefined && quota !== service.storage.quotaBytes ? service.planId : undefined;
}

function quotaOf(part: StoragePart, service: Pick<ServiceRecord, 'planId'>): number {
  const plan = (part.plans ?? CATALOG).find((p) => p.id === service.planId);
  const quota = plan && storageQuotaBytesOf(plan);
  if (quota === undefined) throw new StorageQuotaUnknownError(service.planId);
  return quota;
}

/** The next action on the storage user towards `life`, or undefined when there is none. */
export function nextStorageAction(
  part: StoragePart,
  service: ServiceRecord,
  life: Life,
): StorageAction | undefined {
  const p = service.provisioning;
  if (isLive(life.state) && (p === undefined || p.state === 'pending' || p.state === 'manual')) {
    return 'create';
  }
  // Set up by an operator by hand (before storage was automated): theirs to follow, as before.
  if (!service.storage) return undefined;
  if (isLive(life.state)) {
    if (p?.state === 'suspended') return 'unsuspend';
    if (p?.state === 'ready') {
      const plan = (part.plans ?? CATALOG).find((candidate) => candidate.id === service.planId);
      const quota = plan && storageQuotaBytesOf(plan);
      if (quota !== undefined && quota !== service.storage.quotaBytes) return 'set-quota';
    }
    return undefined;
  }
  if (life.state === 'removed') {
    return p?.state === 'ready' || p?.state === 'suspended' ? 'delete' : undefined;
  }
  return p?.state === 'ready' ? 'suspend' : undefined;
}

/**
 * Takes the action on the provider under the claim `token` holds, then settles the service's
 * provisioning (which ends the claim); answers what it did. The caller releases the claim when
 * this throws.
 */
export async function takeStorageAction(
  part: StoragePart,
  records: Pick<ProvisioningRecords, 'settle' | 'release'>,
  service: ServiceRecord,
  action: StorageAction,
  token: string,
  now: () => Date,
): Promise<string> {
  const { userId, serviceId } = service;
  const ref = { userId, serviceId };
  const uid = service.storage?.uid ?? storageUidFor(serviceId);
  switch (action) {
    case 'create': {
      const quotaBytes = quotaOf(part, service);
      const bucket = storageBucketFor(serviceId);
      const existing = await part.storage.findUser(serviceId);
      const user = await part.storage.ensureUser({
        serviceId,
        displayName: `${service.planName}, ${userId}`,
        bucket,
        quotaBytes,
      });
      const endpoint = await part.storage.endpoint();
      const usage = existing ? await part.storage.usage(user.uid) : undefined;
      await part.parts.putStoragePart(ref, {
        uid: user.uid,
        bucket,
        endpoint,
        quotaBytes,
        usedBytes: usage?.usedBytes ?? 0,
        usageAt: now().toISOString(),
      });
      const from = service.provisioning?.state === 'manual' ? 'manual' : 'pending';
      await records.settle(
        userId,
        serviceId,
        token,
        from,
        // No panel and no nameservers: the endpoint is where the buyer connects.
        { state: 'ready', server: endpoint, nameservers: [] },
        now(),
      );
      return existing ? 'storage:adopt' : 'storage:create';
    }
    case 'suspend':
      await part.storage.setSuspended(uid, true);
      await records.settle(
        userId,
        serviceId,
        token,
        'ready',
        { state: 'suspended', reason: 'Storage suspended' },
        now(),
      );
      return 'storage:suspend';
    case 'unsuspend':
      await part.storage.setSuspended(uid, false);
      await records.settle(
        userId,
        serviceId,
        token,
        'suspended',
        {
          state: 'ready',
          server: service.storage?.endpoint ?? (await part.storage.endpoint()),
          nameservers: [],
        },
        now(),
      );
      return 'storage:unsuspend';
    case 'delete': {
      const from = service.provisioning?.state === 'suspended' ? 'suspended' : 'ready';
      await part.storage.deleteUser(uid);
      await records.settle(
        userId,
        serviceId,
        token,
        from,
        { state: 'terminated', reason: 'Removed by an operator' },
        now(),
      );
      return 'storage:delete';
    }
    case 'set-quota': {
      const quotaBytes = quotaOf(part, service);
      // A smaller quota (a refunded upgrade, a smaller plan at the renewal, D26) only once the
      // files fit in it: the buyer's data is never cut off by a quota below it.
      if (quotaBytes < (service.storage?.quotaBytes ?? 0)) {
        const { usedBytes } = await part.storage.usage(uid);
        if (usedBytes > quotaBytes) throw new StorageOverSmallerQuotaError(usedBytes, quotaBytes);
      }
      await part.storage.setQuota(uid, quotaBytes);
      await part.parts.updateStoragePart(ref, { quotaBytes });
      await records.release(userId, serviceId, token);
      return 'storage:set-quota';
    }
  }
}

/**
 * Reads the user's usage from the provider onto the service's item (the dashboard shows it and
 * never asks the provider). A provider that does not answer leaves the last reading.
 */
export async function refreshStorageUsage(
  part: StoragePart,
  service: ServiceRecord,
  now: Date,
): Promise<boolean> {
  if (!service.storage || service.provisioning?.state !== 'ready') return false;
  const { usedBytes } = await part.storage.usage(service.storage.uid);
  if (usedBytes === service.storage.usedBytes) return false;
  await part.parts.updateStoragePart(
    { userId: service.userId, serviceId: service.serviceId },
    { usedBytes, usageAt: now.toISOString() },
  );
  return true;
}
