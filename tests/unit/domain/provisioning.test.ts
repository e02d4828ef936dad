import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { CATEGORIES } from '../../../lambdas/domain/plan';
import {
  accountDomainFor,
  canMoveProvisioning,
  CatalogProvisioningError,
  deliveryModeOf,
  initialProvisioningState,
  isBusDeliveryHolder,
  isPlaceholderDomain,
  isValidDomain,
  isValidWhmUsername,
  normaliseDomain,
  panelLoginRefusal,
  placeholderDomain,
  PlaceholderDomainError,
  PROVISIONING_STATES,
  provisioningTargetOf,
  serviceProvisioningOf,
  whmUsernameFor,
} from '../../../lambdas/domain/provisioning';

// The purchase id of the real-shaped PurchaseCompleted in events/eventbridge.
const serviceId = 'pur_pay_Nx7gT4uVw8bYd1';

describe('what is delivered how', () => {
  it('creates hosting and bundles on the panel; VPS, storage and domains wait for an operator', () => {
    expect(CATEGORIES.map((c) => [c, deliveryModeOf(c), initialProvisioningState(c)])).toEqual([
      ['domain', 'manual', 'manual'],
      ['hosting', 'panel', 'pending'],
      ['vps', 'manual', 'manual'],
      ['storage', 'manual', 'manual'],
      ['bundle', 'panel', 'pending'],
    ]);
  });

  it('gives every hosting plan and bundle of the catalog a WHM package, and nothing else one', () => {
    const targets = CATALOG.map((plan) => [plan.id, provisioningTargetOf(plan)]);

    expect(Object.fromEntries(targets)).toEqual({
      basicdomain: { mode: 'manual' },
      premiumdomain: { mode: 'manual' },
      enterprisedomain: { mode: 'manual' },
      basichosting: { mode: 'panel', whmPackage: 'storefront_basic' },
      premiumhosting: { mode: 'panel', whmPackage: 'storefront_premium' },
      enterprisehosting: { mode: 'panel', whmPackage: 'storefront_enterprise' },
      basicvps: { mode: 'manual' },
      premiumvps: { mode: 'manual' },
      enterprisevps: { mode: 'manual' },
      basicstorage: { mode: 'manual' },
      standardstorage: { mode: 'manual' },
      premiumstorage: { mode: 'manual' },
      basicbundle: { mode: 'panel', whmPackage: 'storefront_basic' },
      standardbundle: { mode: 'panel', whmPackage: 'storefront_premium' },
      premiumbundle: { mode: 'panel', whmPackage: 'storefront_enterprise' },
    });
    expect(CATALOG.filter((p) => p.whmPackage && deliveryModeOf(p.category) === 'manual')).toEqual(
      [],
    );
  });

  it("puts a bundle's hosting part on the package of the hosting plan it includes", () => {
    for (const bundle of CATALOG.filter((p) => p.category === 'bundle')) {
      const hosting = CATALOG.find(
        (p) => p.category === 'hosting' && bundle.features.includes(p.name),
      );
      expect(hosting?.whmPackage, bundle.id).toBe(bundle.whmPackage);
    }
  });

  it('refuses a panel plan that names no package, as a catalog mistake', () => {
    expect(() => provisioningTargetOf({ id: 'newhosting', category: 'hosting' })).toThrow(
      CatalogProvisioningError,
    );
  });

  it('names the plan and what it lacks in the catalog mistake, for the operator reading the log', () => {
    const mistake = (() => {
      try {
        provisioningTargetOf({ id: 'newbundle', category: 'bundle', whmPackage: '' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();

    expect(mistake).toBeInstanceOf(CatalogProvisioningError);
    expect(mistake).toMatchObject({
      name: 'CatalogProvisioningError',
      message: 'Plan newbundle is delivered on the panel but names no WHM package.',
    });
  });
});

describe('provisioning states move forward only', () => {
  it('along the lifecycle', () => {
    expect(canMoveProvisioning('pending', 'ready')).toBe(true);
    expect(canMoveProvisioning('pending', 'failed')).toBe(true);
    expect(canMoveProvisioning('failed', 'pending')).toBe(true);
    expect(canMoveProvisioning('manual', 'ready')).toBe(true);
    expect(canMoveProvisioning('ready', 'suspended')).toBe(true);
    expect(canMoveProvisioning('suspended', 'ready')).toBe(true);
    expect(canMoveProvisioning('suspended', 'terminated')).toBe(true);
  });

  it('never back to pending from a created account, and never out of terminated', () => {
    expect(canMoveProvisioning('ready', 'pending')).toBe(false);
    expect(canMoveProvisioning('suspended', 'pending')).toBe(false);
    expect(canMoveProvisioning('manual', 'pending')).toBe(false);
    for (const to of PROVISIONING_STATES) {
      expect(canMoveProvisioning('terminated', to)).toBe(false);
    }
  });
});

describe('who holds the provisioning claim', () => {
  it('is a converge the bus delivered when named by its event id alone, never by kind:id', () => {
    expect(isBusDeliveryHolder('5f7c0e2a-1b3d-4c5e-8f90-a1b2c3d4e5f6')).toBe(true);
    for (const holder of [
      'operator:usr_42',
      'renewal-reminders:due-3',
      'buyer:usr_7',
      'storage-key:svc_1',
    ]) {
      expect(isBusDeliveryHolder(holder), holder).toBe(false);
    }
    expect(isBusDeliveryHolder('')).toBe(false);
    expect(isBusDeliveryHolder(undefined)).toBe(false);
  });
});

describe('Open control panel', () => {
  const live = { desired: 'active' } as const;
  it('is allowed for a ready panel service that should be live only', () => {
    expect(panelLoginRefusal({ ...live, category: 'hosting', state: 'ready' })).toBeUndefined();
    expect(panelLoginRefusal({ ...live, category: 'bundle', state: 'ready' })).toBeUndefined();
    expect(
      panelLoginRefusal({ desired: 'grace', category: 'hosting', state: 'ready' }),
    ).toBeUndefined();
    expect(panelLoginRefusal({ ...live, category: 'hosting', state: 'pending' })).toBe(
      'service_not_ready',
    );
    expect(panelLoginRefusal({ ...live, category: 'hosting', state: 'failed' })).toBe(
      'service_not_ready',
    );
    expect(panelLoginRefusal({ ...live, category: 'hosting', state: 'suspended' })).toBe(
      'service_suspended',
    );
    // A VPS made ready by an operator has no panel account to sign in to.
    expect(panelLoginRefusal({ ...live, category: 'vps', state: 'ready' })).toBe(
      'service_not_ready',
    );
  });

  it('is refused by the desired state even while the account is still ready (D22)', () => {
    for (const desired of ['ended', 'removed'] as const) {
      expect(panelLoginRefusal({ desired, category: 'hosting', state: 'ready' })).toBe(
        'service_ended',
      );
    }
    expect(panelLoginRefusal({ desired: 'suspended', category: 'hosting', state: 'ready' })).toBe(
      'service_suspended',
    );
    expect(panelLoginRefusal({ desired: 'ended', category: 'hosting', state: 'terminated' })).toBe(
      'service_ended',
    );
  });
});

describe('WHM usernames', () => {
  it('are three letters of the domain and eight of a hash of the service id', () => {
    expect(whmUsernameFor('svc_1', 'example.com')).toBe('exa4frp04db');
    expect(whmUsernameFor('svc_1', 'Example.COM')).toBe('exa4frp04db');
    expect(whmUsernameFor('svc_2', 'example.com')).toBe('exaigvlu6du');
    expect(whmUsernameFor(serviceId, 'ashaverma.in')).toBe('ashxii0acsu');
  });

  it('give the next name on the next attempt', () => {
    expect(whmUsernameFor('svc_1', 'example.com', 1)).toBe('exa1ksqgptr');
    expect(() => whmUsernameFor('svc_1', 'example.com', -1)).toThrow(RangeError);
    expect(() => whmUsernameFor('svc_1', 'example.com', 1.5)).toThrow(RangeError);
    expect(() => whmUsernameFor('svc_1', 'example.com', -1)).toThrow(
      'attempt must be a whole number from 0, got -1',
    );
  });

  it('never start with a digit or with "test"', () => {
    expect(whmUsernameFor('svc_1', '123.com')).toBe('web4frp04db');
    expect(whmUsernameFor('svc_1', '9lives.in')).toBe('liv4frp04db');
    expect(whmUsernameFor('svc_106', 'testing.com')).toBe('xtest5ds9x01');
    expect(whmUsernameFor('svc_1', 'xn--80ak6aa92e.com')).toBe('xn84frp04db');
  });

  it('follow WHM rules for any service id and any domain text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(fc.domain(), fc.string()),
        fc.nat(1000),
        (id, domain, attempt) => {
          const name = whmUsernameFor(id, domain, attempt);
          expect(isValidWhmUsername(name)).toBe(true);
          expect(name.length).toBeLessThanOrEqual(16);
          expect(name).toMatch(/^[a-z][a-z0-9]*$/);
          expect(name.startsWith('test')).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('are the same for the same service every time, and differ between attempts', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.domain(), fc.nat(50), (id, domain, attempt) => {
        expect(whmUsernameFor(id, domain, attempt)).toBe(whmUsernameFor(id, domain, attempt));
        expect(whmUsernameFor(id, domain, attempt)).not.toBe(
          whmUsernameFor(id, domain, attempt + 1),
        );
      }),
    );
  });

  it("keep two hundred services of one domain apart in WHM's first eight characters", () => {
    const firstEight = new Set(
      Array.from({ length: 200 }, (_, i) => whmUsernameFor(`svc_${i}`, 'shop.in').slice(0, 8)),
    );

    expect(firstEight.size).toBe(200);
  });

  it('are checked as WHM checks them', () => {
    expect(isValidWhmUsername('asha2026')).toBe(true);
    expect(isValidWhmUsername('a')).toBe(true);
    expect(isValidWhmUsername('abcdefghijklmnop')).toBe(true);
    expect(isValidWhmUsername('abcdefghijklmnopq')).toBe(false);
    expect(isValidWhmUsername('1asha')).toBe(false);
    expect(isValidWhmUsername('testasha')).toBe(false);
    expect(isValidWhmUsername('Asha')).toBe(false);
    expect(isValidWhmUsername('asha_v')).toBe(false);
    expect(isValidWhmUsername('asha-v')).toBe(false);
    expect(isValidWhmUsername('')).toBe(false);
  });
});

describe('domains', () => {
  it('are taken in the form the panel wants', () => {
    expect(normaliseDomain(' Example.COM. ')).toBe('example.com');
    expect(normaliseDomain('asha-verma.co.in')).toBe('asha-verma.co.in');
    expect(normaliseDomain('xn--80ak6aa92e.xn--p1ai')).toBe('xn--80ak6aa92e.xn--p1ai');
  });

  it('refuse what is not a domain name', () => {
    for (const bad of [
      '',
      'localhost',
      '192.168.1.10',
      '-asha.in',
      'asha-.in',
      'asha..in',
      'asha verma.in',
      'https://asha.in',
      'asha@asha.in',
      'asha.in/path',
      `${'a'.repeat(64)}.in`,
      `${'abcdefghi.'.repeat(26)}in`,
    ]) {
      expect(normaliseDomain(bad), bad).toBeUndefined();
    }
  });

  it("take a name of 253 characters, DNS's longest, and refuse one of 254", () => {
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in`;
    const tooLong = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.in`;
    expect(longest).toHaveLength(253);

    expect(normaliseDomain(longest)).toBe(longest);
    expect(normaliseDomain(`${longest}.`)).toBe(longest);
    expect(normaliseDomain(tooLong)).toBeUndefined();
  });

  it("take a label of 63 characters, DNS's longest", () => {
    const longest = `a${'b'.repeat(61)}c.in`;
    expect(normaliseDomain(longest)).toBe(longest);
  });

  it('are valid only in normal form', () => {
    expect(isValidDomain('asha.in')).toBe(true);
    expect(isValidDomain('Asha.in')).toBe(false);
  });
});

describe('"I\'ll add it later"', () => {
  const base = 'sites.example.in';

  it("gives the account a placeholder of its own under the operator's domain", () => {
    expect(placeholderDomain(serviceId, base)).toBe('site-2lx22ec39h.sites.example.in');
    expect(accountDomainFor(undefined, serviceId, base)).toBe('site-2lx22ec39h.sites.example.in');
    expect(accountDomainFor('Asha.IN', serviceId, base)).toBe('asha.in');
  });

  it('is a valid domain, the same for the same service, different for another', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b);
        const domain = placeholderDomain(a, base);
        expect(isValidDomain(domain)).toBe(true);
        expect(isPlaceholderDomain(domain, base)).toBe(true);
        expect(placeholderDomain(a, base)).toBe(domain);
        expect(placeholderDomain(b, base)).not.toBe(domain);
      }),
    );
  });

  it("is told apart from a buyer's own domain", () => {
    expect(isPlaceholderDomain('asha.in', base)).toBe(false);
    expect(isPlaceholderDomain('site-2lx22ec39h.other.in', base)).toBe(false);
    expect(isPlaceholderDomain('www.sites.example.in', base)).toBe(false);
  });

  it('is only a whole placeholder name directly under the operator’s domain', () => {
    expect(isPlaceholderDomain('site-2lx22ec39h.sites.example.in', base)).toBe(true);
    expect(isPlaceholderDomain('site-2lx22ec39h.sites.example.in', 'Sites.Example.IN.')).toBe(true);
    // Another domain of the same length as the operator's.
    expect(isPlaceholderDomain('site-2lx22ec39h.other-example.in', base)).toBe(false);
    expect(isPlaceholderDomain('www.site-2lx22ec39h.sites.example.in', base)).toBe(false);
    expect(isPlaceholderDomain('site-2lx22ec39h0.sites.example.in', base)).toBe(false);
    expect(isPlaceholderDomain('site-2lx22ec39h.sites.example.in', 'not a domain')).toBe(false);
  });

  it('needs a real domain from the operator', () => {
    expect(() => placeholderDomain(serviceId, 'not a domain')).toThrow(PlaceholderDomainError);
    expect(() => placeholderDomain(serviceId, '')).toThrow(PlaceholderDomainError);
  });

  it('says which operator domain it cannot use, and why', () => {
    // 237 characters: with `site-`, ten characters and a dot, a name of 253, DNS's longest.
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(42)}.in`;
    const tooLong = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(43)}.in`;
    expect(longest).toHaveLength(237);

    expect(placeholderDomain(serviceId, longest)).toBe(`site-2lx22ec39h.${longest}`);
    expect(() => placeholderDomain(serviceId, tooLong)).toThrow(
      expect.objectContaining({
        name: 'PlaceholderDomainError',
        message: `The placeholder domain "${tooLong}" is too long.`,
      }),
    );
    expect(() => placeholderDomain(serviceId, 'not a domain')).toThrow(
      expect.objectContaining({
        name: 'PlaceholderDomainError',
        message: 'The placeholder domain "not a domain" is not a domain name.',
      }),
    );
  });
});

describe('what the buyer sees of a service’s provisioning', () => {
  const account = {
    username: 'ash3k9x2m7q',
    server: 'server1.example.in',
    nameservers: ['ns1.example.in', 'ns2.example.in'],
    panelUrl: 'https://server1.example.in:2083',
  };

  it('before delivery begins: its category’s first state', () => {
    expect(serviceProvisioningOf('hosting', undefined)).toEqual({ state: 'pending' });
    expect(serviceProvisioningOf('bundle', undefined)).toEqual({ state: 'pending' });
    expect(serviceProvisioningOf('storage', undefined)).toEqual({ state: 'manual' });
  });

  it('the account’s name only once it exists: a name chosen while pending may still change', () => {
    expect(serviceProvisioningOf('hosting', { state: 'pending', ...account })).toEqual({
      state: 'pending',
    });
    expect(serviceProvisioningOf('hosting', { state: 'failed', ...account })).toEqual({
      state: 'failed',
    });
    expect(serviceProvisioningOf('hosting', { state: 'ready', ...account })).toEqual({
      state: 'ready',
      ...account,
    });
    expect(serviceProvisioningOf('hosting', { state: 'suspended', ...account })).toEqual({
      state: 'suspended',
      ...account,
    });
  });

  it('the account’s name, server and panel still shown once the account is terminated', () => {
    expect(serviceProvisioningOf('hosting', { state: 'terminated', ...account })).toEqual({
      state: 'terminated',
      ...account,
    });
  });

  it('no reason once a domain that failed is registered after all: only a failed one says why', () => {
    const failed = { failureReason: 'asha.com was registered by someone else' };

    expect(serviceProvisioningOf('domain', { state: 'ready', ...failed })).toStrictEqual({
      state: 'ready',
    });
    expect(serviceProvisioningOf('domain', { state: 'pending', ...failed })).toStrictEqual({
      state: 'pending',
    });
  });

  it('no empty line for what the record leaves blank', () => {
    const blank = { username: '', server: '', panelUrl: '', nameservers: [], details: {} };

    expect(serviceProvisioningOf('hosting', { state: 'ready', ...blank })).toStrictEqual({
      state: 'ready',
    });
    expect(serviceProvisioningOf('vps', { state: 'ready' })).toStrictEqual({ state: 'ready' });
  });

  it('an operator’s details for a service set up by hand', () => {
    expect(
      serviceProvisioningOf('vps', { state: 'ready', details: { 'IPv4 address': '203.0.113.20' } }),
    ).toEqual({ state: 'ready', details: { 'IPv4 address': '203.0.113.20' } });
  });
});
