/**
 * The IPv4 pool in memory, with the rules the contract spec (tests/unit/contracts/address-pool.test.ts)
 * holds it and the DynamoDB adapter to: the first free address in order, the same one for a
 * service asking again, none shared, released only by `release`. Each call yields first, so
 * concurrent callers interleave.
 */
import { addressesOf, type Ipv4Range } from '../../../lambdas/domain/ipv4-pool';
import {
  PoolExhaustedError,
  type AddressPool,
  type Ipv4Lease,
} from '../../../lambdas/ports/address-pool';

export class InMemoryAddressPool implements AddressPool {
  private readonly byService = new Map<string, Ipv4Lease>();
  private readonly taken = new Set<string>();

  constructor(private readonly ranges: () => readonly Ipv4Range[]) {}

  async allocate(serviceId: string): Promise<Ipv4Lease> {
    await new Promise((resolve) => setImmediate(resolve));
    const held = this.byService.get(serviceId);
    if (held) return { ...held };
    for (const lease of addressesOf(this.ranges())) {
      if (this.taken.has(lease.address)) continue;
      this.taken.add(lease.address);
      this.byService.set(serviceId, lease);
      return { ...lease };
    }
    throw new PoolExhaustedError();
  }

  async leaseOf(serviceId: string): Promise<Ipv4Lease | undefined> {
    await new Promise((resolve) => setImmediate(resolve));
    const held = this.byService.get(serviceId);
    return held ? { ...held } : undefined;
  }

  async release(serviceId: string): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const held = this.byService.get(serviceId);
    if (!held) return;
    this.taken.delete(held.address);
    this.byService.delete(serviceId);
  }
}
