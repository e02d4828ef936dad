/**
 * Object storage (Ceph RGW Admin Ops API, D24): the admin's keys once per cold start (the
 * environment locally, the STORAGE_SECRET_ARN secret in AWS), dropped and fetched again when RGW
 * refuses them (rotated keys).
 */
import { RgwAdminApi } from '../../adapters/rgw/rgw-admin-api';
import { rgwCredentialsLoader } from '../../adapters/rgw/rgw-credentials';
import { RgwObjectStorage } from '../../adapters/rgw/rgw-object-storage';
import { secretsManager } from '../../adapters/secrets/clients';
import { storageConfig } from '../../config/config';
import type { StoragePart } from '../../use-cases/converge-storage';
import { storageParts } from './stores';
import { wiring } from './wiring';

wiring.needs.add('storageSecret');

const credentials = rgwCredentialsLoader(() => storageConfig(), secretsManager);

export const objectStorage = new RgwObjectStorage(
  new RgwAdminApi({ credentials, forgetCredentials: () => credentials.forget() }),
  credentials,
);

/** Converge's storage part (D24): this storage, the part kept on the services table. */
export function storagePart(): StoragePart {
  return { storage: objectStorage, parts: storageParts() };
}
