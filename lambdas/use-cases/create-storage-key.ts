/**
 * Create key / Rotate key on a storage service's card (D24): a new access key for the service's
 * user at the object storage, every earlier key stopped. The secret is in this answer alone:
 * never stored, logged or mailed. One rotation at a time per service, under the service's
 * provisioning claim (two at once could each remove the other's new key); a second click while
 * one runs is told to wait.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '../domain/errors';
import { isLive } from '../domain/lifecycle';
import type { LogPort } from '../ports/logger';
import {
  StorageUnavailableError,
  type ObjectStorage,
  type StoragePartStore,
} from '../ports/object-storage';
import type { ProvisioningRecords } from '../ports/provisioning';
import type { ServicesStore } from '../ports/services';
import { lifeOfService } from './converge-service';
import { serviceWithLife } from './converge-parts';
import { ServiceNotFoundError } from './open-control-panel';

export interface CreateStorageKeyDeps {
  services: Pick<ServicesStore, 'getService'>;
  records: Pick<ProvisioningRecords, 'claim' | 'release'>;
  storage: Pick<ObjectStorage, 'rotateKey'>;
  parts: Pick<StoragePartStore, 'updateStoragePart'>;
  log: LogPort;
  now: () => Date;
  /** Waits between tries of a held claim (converge announcing the service holds it briefly). */
  pause?: (ms: number) => Promise<void>;
}

/** How long a click waits for converge's short step on the service before it is told to retry. */
const CLAIM_TRIES = 12;
const CLAIM_PAUSE_MS = 250;

export interface NewStorageKey {
  accessKeyId: string;
  secretAccessKey: string;
  endpoint: string;
  bucket: string;
}

type Refusal = 'service_not_ready' | 'service_suspended' | 'service_ended' | 'service_busy';

const REFUSALS: Readonly<Record<Refusal, string>> = {
  service_not_ready:
    'Your storage is still being set up. You can create its key once it is ready; we will email you.',
  service_suspended:
    'This storage is suspended, so no key can be created for it. Renew it to use it again.',
  service_ended: 'This storage has ended (it was cancelled or refunded), so it has no keys.',
  service_busy:
    'A key is being created for this storage right now. Please wait a moment and look again.',
};

export class StorageKeyRefusedError extends DomainError {
  override readonly name = 'StorageKeyRefusedError';
  constructor(readonly code: Refusal) {
    super(REFUSALS[code]);
  }
}

export async function createStorageKey(
  deps: CreateStorageKeyDeps,
  userId: string,
  serviceId: string,
): Promise<NewStorageKey> {
  // A bundle's storage (D24) lives its bundle's life.
  const service = await serviceWithLife(deps.services, userId, serviceId);
  if (!service || service.category !== 'storage') throw new ServiceNotFoundError();
  const desired = lifeOfService(service, deps.now()).state;
  if (desired === 'ended' || desired === 'removed') {
    throw new StorageKeyRefusedError('service_ended');
  }
  if (desired === 'suspended' || service.provisioning?.state === 'suspended') {
    throw new StorageKeyRefusedError('service_suspended');
  }
  const part = service.storage;
  if (!isLive(desired) || service.provisioning?.state !== 'ready' || !part) {
    throw new StorageKeyRefusedError('service_not_ready');
  }
  const pause =
    deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const holder = `storage-key:${randomUUID()}`;
  let claim = await deps.records.claim(userId, serviceId, holder, deps.now());
  for (let tries = 1; claim.state === 'held' && tries < CLAIM_TRIES; tries += 1) {
    await pause(CLAIM_PAUSE_MS);
    claim = await deps.records.claim(userId, serviceId, holder, deps.now());
  }
  if (claim.state === 'held') throw new StorageKeyRefusedError('service_busy');
  try {
    const key = await deps.storage.rotateKey(part.uid);
    await deps.parts.updateStoragePart({ userId, serviceId }, { accessKeyId: key.accessKeyId });
    // The key's id only: its secret goes to the buyer and nowhere else.
    deps.log.info('Storage key created; earlier keys removed', {
      serviceId,
      accessKeyId: key.accessKeyId,
    });
    return { ...key, endpoint: part.endpoint, bucket: part.bucket };
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      deps.log.warn('The object storage did not answer a key request', {
        serviceId,
        detail: error.detail,
      });
    }
    throw error;
  } finally {
    await deps.records.release(userId, serviceId, claim.token).catch(() => undefined);
  }
}
