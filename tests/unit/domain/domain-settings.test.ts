import { describe, expect, it } from 'vitest';
import {
  assertFreshSignIn,
  ipVersion,
  parseDnsRecord,
  parseNameservers,
  ReauthRequiredError,
} from '../../../lambdas/domain/domain-settings';

describe('nameservers (D23): 2 to 4 host names', () => {
  it('takes 2 to 4, lowercased, without a trailing dot', () => {
    expect(parseNameservers(['NS1.Example.net.', 'ns2.example.net'])).toEqual([
      'ns1.example.net',
      'ns2.example.net',
    ]);
    expect(parseNameservers(['a.ns.in', 'b.ns.in', 'c.ns.in', 'd.ns.in'])).toHaveLength(4);
  });

  it.each([
    [['ns1.example.net']],
    [['a.ns.in', 'b.ns.in', 'c.ns.in', 'd.ns.in', 'e.ns.in']],
    [['ns1.example.net', 'ns1.example.net']],
    [['ns1.example.net', 'not a host']],
    [['ns1.example.net', '203.0.113.1']],
    ['ns1.example.net'],
    [['ns1.example.net', 42]],
  ])('refuses %j as validation_failed', (input) => {
    expect(() => parseNameservers(input)).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});

describe('DNS records (D23), validated per type', () => {
  it.each([
    [{ type: 'A', host: '@', value: '203.0.113.10' }, { ttl: 14_400 }],
    [{ type: 'AAAA', host: 'www', value: '2001:db8::1', ttl: 7200 }, { ttl: 7200 }],
    [
      { type: 'CNAME', host: 'WWW', value: 'ashaverma.in.' },
      { host: 'www', value: 'ashaverma.in' },
    ],
    [{ type: 'MX', host: '@', value: 'mail.ashaverma.in' }, { priority: 10 }],
    [
      { type: 'MX', value: 'mx.example.net', priority: 0 },
      { host: '@', priority: 0 },
    ],
    [{ type: 'TXT', host: '_dmarc', value: 'v=DMARC1; p=none' }, {}],
  ])('takes %j', (input, expected) => {
    expect(parseDnsRecord(input)).toMatchObject(expected);
  });

  it.each([
    [{ type: 'A', host: '@', value: '2001:db8::1' }, /IPv4/],
    [{ type: 'A', host: '@', value: '256.1.1.1' }, /IPv4/],
    [{ type: 'AAAA', host: '@', value: '203.0.113.10' }, /IPv6/],
    [{ type: 'AAAA', host: '@', value: '2001:db8:::1' }, /IPv6/],
    [{ type: 'CNAME', host: '@', value: 'example.net' }, /cannot be on the domain itself/],
    [{ type: 'CNAME', host: 'www', value: 'http://x' }, /host name/],
    [{ type: 'MX', host: '@', value: 'mail.example.net', priority: -1 }, /priority/],
    [{ type: 'TXT', host: '@', value: '' }, /TXT/],
    [{ type: 'SRV', host: '@', value: 'x' }, /record type/],
    [{ type: 'A', host: 'bad host', value: '203.0.113.10' }, /Host/],
    [{ type: 'A', host: '@', value: '203.0.113.10', ttl: 60 }, /TTL/],
  ])('refuses %j', (input, message) => {
    expect(() => parseDnsRecord(input)).toThrow(message);
  });

  it('knows IPv4 and IPv6 addresses', () => {
    expect(ipVersion('0.0.0.0')).toBe(4);
    expect(ipVersion('::ffff:203.0.113.1')).toBe(6);
    expect(ipVersion('fe80::1%eth0')).toBe(0);
    expect(ipVersion('example.net')).toBe(0);
  });
});

describe('the transfer code needs a sign-in within 5 minutes (D23)', () => {
  const now = new Date('2026-11-27T08:00:00.000Z');
  const seconds = now.getTime() / 1000;
  it('takes a sign-in 5 minutes ago or less', () => {
    expect(() => assertFreshSignIn(seconds - 300, now)).not.toThrow();
    expect(() => assertFreshSignIn(String(seconds - 10), now)).not.toThrow();
  });
  it.each([[seconds - 301], [undefined], ['soon'], [seconds + 3600]])(
    'refuses auth_time %j with reauth_required',
    (authTime) => {
      expect(() => assertFreshSignIn(authTime, now)).toThrow(ReauthRequiredError);
    },
  );
});

describe('a domain that could not be registered says why on its card (D23)', () => {
  it('shows a failed domain’s reason, never a panel’s', async () => {
    const { serviceProvisioningOf } = await import('../../../lambdas/domain/provisioning');
    const stored = {
      state: 'failed' as const,
      failureReason: 'asha.com was registered by someone else',
    };
    expect(serviceProvisioningOf('domain', stored)).toEqual({
      state: 'failed',
      reason: 'asha.com was registered by someone else',
    });
    expect(
      serviceProvisioningOf('hosting', { ...stored, failureReason: 'WHM: package missing' }),
    ).toEqual({
      state: 'failed',
    });
  });
});
