import { apiPost } from '../../../lib/api';

/** A new key for the storage service (docs/api.md, Storage keys); the secret is in this answer only. */
export interface NewStorageKey {
  accessKeyId: string;
  secretAccessKey: string;
  endpoint: string;
  bucket: string;
}

export function createStorageKey(serviceId: string): Promise<NewStorageKey> {
  return apiPost<NewStorageKey>(
    `/me/services/${encodeURIComponent(serviceId)}/storage-keys`,
    {},
    { auth: true },
  );
}
