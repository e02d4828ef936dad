/**
 * Object storage (D24): how a storage service is named on the provider and how much it may hold.
 * Pure. Sizes are decimal, as the catalog sells them: 100 GB = 100 × 10⁹ bytes.
 */
import type { CatalogPlan } from './plan';

export const BYTES_PER_GB = 1_000_000_000;

/** The provider's user id for a service: the service id itself (svc_…), so it is found again. */
export function storageUidFor(serviceId: string): string {
  return serviceId;
}

/**
 * The service's bucket: its id in S3's bucket alphabet (lowercase letters, digits, hyphens;
 * 3-63 characters), so the same service always names the same bucket.
 */
export function storageBucketFor(serviceId: string): string {
  const name = serviceId
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/^-+|-+$/g, '');
  return name.slice(0, 63).padEnd(3, '0');
}

/** The plan's quota in bytes; undefined for a plan that sells no storage space. */
export function storageQuotaBytesOf(plan: Pick<CatalogPlan, 'specs'>): number | undefined {
  const gb = plan.specs?.storageGb;
  return gb === undefined ? undefined : gb * BYTES_PER_GB;
}
