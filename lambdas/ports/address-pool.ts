/**
 * The operator's IPv4 addresses for VPS services (D24): configured ranges, each address allocated
 * to one service exactly once and released only when the service is removed. `allocate` is
 * idempotent per service: racing deliveries and a retry after a crash get the same address, and
 * no two services ever share one.
 */
import type { Ipv4Lease } from './compute';

export type { Ipv4Lease };

export interface AddressPool {
  /** The service's address: the one it has, else the first free one. PoolExhaustedError if none. */
  allocate(serviceId: string): Promise<Ipv4Lease>;
  /** The service's address, or undefined when it has none. */
  leaseOf(serviceId: string): Promise<Ipv4Lease | undefined>;
  /** Gives the service's address back to the pool; nothing when it has none. */
  release(serviceId: string): Promise<void>;
}

/** Every address of the pool is taken: an operator must add a range. */
export class PoolExhaustedError extends Error {
  override readonly name = 'PoolExhaustedError';
  constructor() {
    super(
      'The IPv4 pool has no free address: add a range to IPV4_POOL (or the operator settings) and converge the service again.',
    );
  }
}
