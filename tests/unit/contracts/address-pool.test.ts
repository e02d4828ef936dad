/**
 * One contract for the IPv4 pool, run against the in-memory pool the use-case specs use and the
 * DynamoDB adapter on dynalite: an address goes to one service exactly once, a service asking
 * again (or many times at once) gets the same one, an exhausted pool says so, and an address is
 * free again only after its service released it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAddressPool } from '../../../lambdas/adapters/dynamodb/address-pool-table';
import { parseIpv4Ranges, type Ipv4Range } from '../../../lambdas/domain/ipv4-pool';
import { PoolExhaustedError, type AddressPool } from '../../../lambdas/ports/address-pool';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryAddressPool } from '../../helpers/fakes/address-pool';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let network = 0;
/** A fresh network per test, so the specs share one dynalite without meeting. */
function freshRanges(size: number): Ipv4Range[] {
  network += 1;
  return parseIpv4Ranges(`10.${network}.0.10-10.${network}.0.${9 + size}/24@10.${network}.0.1`);
}

describe.each([
  ['in memory', (ranges: Ipv4Range[]): AddressPool => new InMemoryAddressPool(() => ranges)],
  [
    'DynamoAddressPool on dynalite',
    (ranges: Ipv4Range[]): AddressPool =>
      new DynamoAddressPool(db.client, db.table('counters'), () => ranges),
  ],
])('AddressPool (%s)', (_name, make) => {
  it('allocates the first free address with its network, and the same one again to the same service', async () => {
    const ranges = freshRanges(3);
    const pool = make(ranges);
    const n = network;

    const lease = await pool.allocate('svc_a');
    expect(lease).toEqual({ address: `10.${n}.0.10`, prefixLength: 24, gateway: `10.${n}.0.1` });
    expect(await pool.allocate('svc_a')).toEqual(lease);
    expect(await pool.leaseOf('svc_a')).toEqual(lease);
    expect((await pool.allocate('svc_b')).address).toBe(`10.${n}.0.11`);
    expect(await pool.leaseOf('svc_c')).toBeUndefined();
  });

  it('many simultaneous allocations for one service take one address', async () => {
    const pool = make(freshRanges(5));

    const leases = await Promise.all([1, 2, 3, 4, 5].map(() => pool.allocate('svc_race')));

    expect(new Set(leases.map((lease) => lease.address)).size).toBe(1);
    // The other four addresses are still free: four other services get them.
    const others = await Promise.all([1, 2, 3, 4].map((n) => pool.allocate(`svc_other_${n}`)));
    expect(new Set([...others, leases[0]].map((lease) => lease?.address)).size).toBe(5);
  });

  it('simultaneous services never share an address; one too many is PoolExhaustedError', async () => {
    const pool = make(freshRanges(3));

    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => pool.allocate(`svc_${n}`)));

    const given = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.address] : []));
    expect(new Set(given).size).toBe(3);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(PoolExhaustedError);
  });

  it('a released address is free again for another service; releasing twice is nothing', async () => {
    const pool = make(freshRanges(1));
    const lease = await pool.allocate('svc_old');
    await expect(pool.allocate('svc_new')).rejects.toBeInstanceOf(PoolExhaustedError);

    await pool.release('svc_old');
    await pool.release('svc_old');

    expect(await pool.leaseOf('svc_old')).toBeUndefined();
    expect(await pool.allocate('svc_new')).toEqual(lease);
  });
});

describe('parseIpv4Ranges', () => {
  it('reads FIRST-LAST/PREFIX@GATEWAY entries', () => {
    expect(
      parseIpv4Ranges(
        '203.0.113.10-203.0.113.12/24@203.0.113.1, 198.51.100.2-198.51.100.2/30@198.51.100.1',
      ),
    ).toEqual([
      { first: '203.0.113.10', last: '203.0.113.12', prefixLength: 24, gateway: '203.0.113.1' },
      { first: '198.51.100.2', last: '198.51.100.2', prefixLength: 30, gateway: '198.51.100.1' },
    ]);
    expect(parseIpv4Ranges('')).toEqual([]);
  });

  it.each([
    '203.0.113.10-203.0.113.5/24@203.0.113.1',
    '203.0.113.10-203.0.114.5/24@203.0.113.1',
    '203.0.113.10-203.0.113.20/24@203.0.113.15',
    '203.0.113.300-203.0.113.301/24@203.0.113.1',
    '203.0.113.10/24',
  ])('refuses %s with a sentence', (entry) => {
    expect(() => parseIpv4Ranges(entry)).toThrow(/IPV4_POOL entry/);
  });
});
