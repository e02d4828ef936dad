/**
 * The operator's IPv4 ranges (lambdas/domain/ipv4-pool.ts, `IPV4_POOL`): how an entry is read,
 * what a wrong one is refused with (a deploy or start must stop on it), and the addresses handed
 * out, in order, first and last included.
 */
import { describe, expect, it } from 'vitest';
import {
  addressesOf,
  ipv4ToNumber,
  numberToIpv4,
  parseIpv4Ranges,
} from '../../../lambdas/domain/ipv4-pool';

describe('an IPv4 address as a number and back', () => {
  it('reads dotted quads, spaces around forgiven, each part up to 255', () => {
    expect(ipv4ToNumber('203.0.113.10')).toBe(((203 * 256 + 0) * 256 + 113) * 256 + 10);
    expect(ipv4ToNumber(' 0.0.0.0 ')).toBe(0);
    expect(ipv4ToNumber('255.255.255.255')).toBe(2 ** 32 - 1);
    for (const bad of ['256.0.0.1', '1.2.3.300', '1.2.3', '1.2.3.4.5', 'a.b.c.d', '1.2.3.4x']) {
      expect(ipv4ToNumber(bad)).toBeUndefined();
    }
  });

  it('writes a number back as the same address', () => {
    for (const address of ['0.0.0.0', '10.1.2.3', '203.0.113.250', '255.255.255.255']) {
      expect(numberToIpv4(ipv4ToNumber(address) as number)).toBe(address);
    }
  });
});

describe('parseIpv4Ranges', () => {
  it('reads comma-separated entries, spaces and empty ones ignored, and none from nothing', () => {
    expect(parseIpv4Ranges(undefined)).toEqual([]);
    expect(parseIpv4Ranges(' , ')).toEqual([]);
    expect(
      parseIpv4Ranges(
        ' 203.0.113.10-203.0.113.250/24@203.0.113.1 ,, 10.0.0.8-10.0.0.9/30@10.0.0.10',
      ),
    ).toEqual([
      { first: '203.0.113.10', last: '203.0.113.250', prefixLength: 24, gateway: '203.0.113.1' },
      { first: '10.0.0.8', last: '10.0.0.9', prefixLength: 30, gateway: '10.0.0.10' },
    ]);
  });

  it('takes a network from /8 to /30 and a range of one address', () => {
    expect(parseIpv4Ranges('10.0.0.5-10.0.0.5/8@10.0.0.1')).toEqual([
      { first: '10.0.0.5', last: '10.0.0.5', prefixLength: 8, gateway: '10.0.0.1' },
    ]);
  });

  it.each([
    '203.0.113.10-203.0.113.250/24',
    'x203.0.113.10-203.0.113.250/24@203.0.113.1',
    '203.0.113.10-203.0.113.250/24@203.0.113.1x',
    '203.0.113.300-203.0.113.250/24@203.0.113.1',
    '203.0.113.10-203.0.113.256/24@203.0.113.1',
    '203.0.113.10-203.0.113.250/24@203.0.113.256',
    '203.0.113.250-203.0.113.10/24@203.0.113.1',
    '10.0.0.10-10.0.0.20/7@10.0.0.1',
    '10.0.0.8-10.0.0.9/31@10.0.0.10',
  ])('refuses %j, naming the entry and the form it needs', (entry) => {
    expect(() => parseIpv4Ranges(`10.0.0.10-10.0.0.20/24@10.0.0.1, ${entry}`)).toThrow(
      `IPV4_POOL entry "${entry}" is not FIRST-LAST/PREFIX@GATEWAY (like 203.0.113.10-203.0.113.250/24@203.0.113.1).`,
    );
  });

  it.each([
    ['203.0.113.10-203.0.114.10/24@203.0.113.1'],
    ['203.0.113.10-203.0.113.20/24@203.0.114.1'],
    ['10.0.0.8-10.0.0.9/30@10.0.0.12'],
  ])('refuses %j: the range and its gateway must be in one network', (entry) => {
    const prefix = entry.split('/')[1]?.split('@')[0];
    expect(() => parseIpv4Ranges(entry)).toThrow(
      `IPV4_POOL entry "${entry}": the range and its gateway must be in one /${prefix} network.`,
    );
  });

  it.each([
    ['203.0.113.10-203.0.113.20/24@203.0.113.10'],
    ['203.0.113.10-203.0.113.20/24@203.0.113.15'],
    ['203.0.113.10-203.0.113.20/24@203.0.113.20'],
  ])('refuses %j: the gateway is inside the range', (entry) => {
    expect(() => parseIpv4Ranges(entry)).toThrow(
      `IPV4_POOL entry "${entry}": the gateway is inside the range.`,
    );
  });

  it('stops a start with an error of its own name (not a buyer’s refusal)', () => {
    expect(() => parseIpv4Ranges('203.0.113.10')).toThrow(
      expect.objectContaining({ name: 'Ipv4PoolConfigError' }),
    );
  });

  it('names the gateway next to the range on either side', () => {
    expect(parseIpv4Ranges('203.0.113.10-203.0.113.20/24@203.0.113.9')).toHaveLength(1);
    expect(parseIpv4Ranges('203.0.113.10-203.0.113.20/24@203.0.113.21')).toHaveLength(1);
  });
});

describe('addressesOf', () => {
  it('gives every address of each range in order, first and last included, with its network', () => {
    const ranges = parseIpv4Ranges(
      '203.0.113.254-203.0.114.1/16@203.0.0.1,10.0.0.8-10.0.0.9/30@10.0.0.10',
    );
    expect([...addressesOf(ranges)]).toEqual([
      { address: '203.0.113.254', prefixLength: 16, gateway: '203.0.0.1' },
      { address: '203.0.113.255', prefixLength: 16, gateway: '203.0.0.1' },
      { address: '203.0.114.0', prefixLength: 16, gateway: '203.0.0.1' },
      { address: '203.0.114.1', prefixLength: 16, gateway: '203.0.0.1' },
      { address: '10.0.0.8', prefixLength: 30, gateway: '10.0.0.10' },
      { address: '10.0.0.9', prefixLength: 30, gateway: '10.0.0.10' },
    ]);
  });
});
