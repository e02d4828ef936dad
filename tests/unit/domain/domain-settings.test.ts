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

describe('the edges of what the domain card sends', () => {
  function refusal(parse: () => unknown): string {
    try {
      parse();
    } catch (error) {
      expect(error).toMatchObject({ code: 'validation_failed' });
      return (error as Error).message;
    }
    throw new Error('accepted');
  }

  it('says what is wrong with a list of nameservers, naming the entry at fault', () => {
    expect(refusal(() => parseNameservers(['ns1.example.net']))).toBe(
      'Give 2, 3 or 4 nameservers, for example ns1.example.net.',
    );
    expect(refusal(() => parseNameservers(['ns1.example.net', 'Not A Host']))).toBe(
      "not a host is not a nameserver's host name (like ns1.example.net).",
    );
    for (const empty of ['', '  ', null]) {
      expect(refusal(() => parseNameservers(['ns1.example.net', empty]))).toBe(
        "An empty entry is not a nameserver's host name (like ns1.example.net).",
      );
    }
    expect(refusal(() => parseNameservers(['ns1.example.net', 'NS1.example.net.']))).toBe(
      'Each nameserver may be given once.',
    );
    expect(parseNameservers([' ns1.example.net ', 'ns2.example.net'])).toEqual([
      'ns1.example.net',
      'ns2.example.net',
    ]);
  });

  it('forgives spaces around the host and the value, and puts a record without a host on the domain', () => {
    expect(
      parseDnsRecord({ type: 'A', host: ' WWW ', value: ' 203.0.113.10 ', ttl: 7200 }),
    ).toEqual({ type: 'A', host: 'www', value: '203.0.113.10', ttl: 7200 });
    expect(parseDnsRecord({ type: 'A', host: '', value: '203.0.113.10' }).host).toBe('@');
    expect(parseDnsRecord({ type: 'A', value: '203.0.113.10' }).host).toBe('@');
  });

  it('refuses a record without a value with its type’s sentence', () => {
    expect(refusal(() => parseDnsRecord({ type: 'A', host: '@' }))).toBe(
      'An A record points to an IPv4 address, like 203.0.113.10.',
    );
    expect(refusal(() => parseDnsRecord({ type: 'TXT', host: '@' }))).toBe(
      'A TXT record holds 1 to 2,048 characters.',
    );
  });

  it('takes a TTL of whole seconds from 2 hours to a week, as a number', () => {
    const a = { type: 'A', host: '@', value: '203.0.113.10' };
    expect(parseDnsRecord({ ...a, ttl: 604_800 }).ttl).toBe(604_800);
    for (const ttl of [604_801, 7200.5, '7200']) {
      expect(refusal(() => parseDnsRecord({ ...a, ttl }))).toBe(
        'TTL: a whole number of seconds from 7200 (2 hours) to 604800.',
      );
    }
  });

  it('checks an MX record’s host name and keeps it lowercase, without the trailing dot', () => {
    expect(refusal(() => parseDnsRecord({ type: 'MX', host: '@', value: 'http://mail' }))).toBe(
      'A MX record points to a host name, like mail.example.net.',
    );
    expect(refusal(() => parseDnsRecord({ type: 'CNAME', host: 'www', value: 'http://x' }))).toBe(
      'A CNAME record points to a host name, like www.example.net.',
    );
    expect(parseDnsRecord({ type: 'MX', host: '@', value: 'Mail.Example.NET.' })).toEqual({
      type: 'MX',
      host: '@',
      value: 'mail.example.net',
      ttl: 14_400,
      priority: 10,
    });
  });

  it('takes an MX priority of a whole number from 0 to 65535, and gives no priority to other types', () => {
    const mx = { type: 'MX', host: '@', value: 'mail.example.net' };
    expect(parseDnsRecord({ ...mx, priority: 65_535 }).priority).toBe(65_535);
    for (const priority of [65_536, 10.5, '10']) {
      expect(refusal(() => parseDnsRecord({ ...mx, priority }))).toBe(
        'MX priority: a whole number from 0 to 65535 (10 is usual).',
      );
    }
    expect(parseDnsRecord({ type: 'A', host: '@', value: '203.0.113.10' })).toEqual({
      type: 'A',
      host: '@',
      value: '203.0.113.10',
      ttl: 14_400,
    });
  });

  it('keeps a TXT value as written, from 1 to 2,048 characters', () => {
    const txt = { type: 'TXT', host: '_domainkey' };
    expect(parseDnsRecord({ ...txt, value: 'v=DKIM1; k=rsa; p=MIGfMA0.' }).value).toBe(
      'v=DKIM1; k=rsa; p=MIGfMA0.',
    );
    expect(parseDnsRecord({ ...txt, value: 'x' }).value).toBe('x');
    expect(parseDnsRecord({ ...txt, value: 'x'.repeat(2048) }).value).toHaveLength(2048);
    expect(refusal(() => parseDnsRecord({ ...txt, value: 'x'.repeat(2049) }))).toBe(
      'A TXT record holds 1 to 2,048 characters.',
    );
  });

  it('reads an IPv6 address only when it is one, whole', () => {
    expect(ipVersion('2001:db8:::1')).toBe(0);
    // What the URL parser would take around an address is not an address.
    expect(ipVersion('::1]:8080/[')).toBe(0);
    expect(ipVersion('2001:db8::1')).toBe(6);
  });

  it('allows a sign-in clock up to a minute ahead, and takes the sign-in time as a number or its digits only', () => {
    const now = new Date('2026-11-27T08:00:00.000Z');
    const seconds = now.getTime() / 1000;
    expect(() => assertFreshSignIn(seconds + 60, now)).not.toThrow();
    expect(() => assertFreshSignIn(seconds + 61, now)).toThrow(ReauthRequiredError);
    expect(() => assertFreshSignIn([seconds - 10], now)).toThrow(ReauthRequiredError);
  });
});
