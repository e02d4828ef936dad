/**
 * The domain card's use cases (D23) on fakes: a registered domain of the caller's, its details as
 * the registrar has them, nameservers, DNS records, lock, privacy only where the plan has it, and
 * the transfer code only after a fresh sign-in; another buyer's name is not found.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Months } from '../../../../lambdas/domain/pricing';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import {
  addDnsRecord,
  addDsRecord,
  deleteDnsRecord,
  deleteDsRecord,
  listDsRecords,
  domainAuthCode,
  getDomain,
  listDnsRecords,
  setNameservers,
  updateDomainSettings,
  type ManageDomainDeps,
} from '../../../../lambdas/use-cases/manage-domain';
import {
  buyersRegistrar,
  CONVERGE_START as START,
  convergeWorld,
  DAY,
  NAMESERVERS as NS,
} from '../../../helpers/converge-world';
import type { InMemoryRegistrar } from '../../../helpers/fakes/registrar';
import { BUYER, type FakeWorld } from '../../../helpers/fakes/world';

let deps: ManageDomainDeps;
let registrar: InMemoryRegistrar;

beforeEach(async () => {
  const world = convergeWorld((base) => ({ registrar: buyersRegistrar(base) }), START);
  const { deps: converge } = world;
  registrar = world.registrar;
  await world.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
  const at = START.toISOString();
  for (const [serviceId, planId, domain] of [
    ['svc_basic', 'basicdomain', 'ashaverma.in'],
    ['svc_premium', 'premiumdomain', 'ashaverma.com'],
    ['svc_enterprise', 'enterprisedomain', 'ashaverma.net'],
  ] as const) {
    await world.services.extendService(
      { userId: BUYER.userId, serviceId, planId, planName: planId, category: 'domain', domain },
      {
        purchaseId: `pur_${serviceId}`,
        paymentId: `pay_${serviceId}`,
        purchaseDate: at,
        startDate: at,
        renewalDate: new Date(START.getTime() + 365 * DAY).toISOString(),
        months: 12 as Months,
        amountPaise: 117_882,
      },
      0,
      at,
    );
    await convergeService(converge, { userId: BUYER.userId, serviceId }, { deliveryId: serviceId });
  }
  deps = { services: world.services, registrar, now: world.now };
  services = world.services;
  advance = (ms) => world.setNow(new Date(world.now().getTime() + ms));
});

let services: FakeWorld['services'];
let advance: (ms: number) => void;

const me = BUYER.userId;

describe('the domain card (D23)', () => {
  it('shows the registry expiry, nameservers, lock and privacy, and whether the plan has privacy', async () => {
    expect(await getDomain(deps, me, 'AshaVerma.in')).toMatchObject({
      name: 'ashaverma.in',
      serviceId: 'svc_basic',
      nameservers: NS,
      locked: true,
      privacy: false,
      privacyAvailable: false,
      expiresAt: expect.stringMatching(/^2027-11-27T/),
    });
    expect((await getDomain(deps, me, 'ashaverma.com')).privacyAvailable).toBe(true);
  });

  it("another buyer's name, or a name not registered, is domain_not_found", async () => {
    for (const [user, name] of [
      ['someone-else', 'ashaverma.in'],
      [me, 'notmine.com'],
    ]) {
      await expect(getDomain(deps, user!, name)).rejects.toMatchObject({
        code: 'domain_not_found',
      });
    }
  });

  it('changes nameservers, 2 to 4, validated', async () => {
    const ns = ['ns1.example.net', 'ns2.example.net', 'ns3.example.net'];
    expect(
      (await setNameservers(deps, me, 'ashaverma.in', { nameservers: ns })).nameservers,
    ).toEqual(ns);
    await expect(
      setNameservers(deps, me, 'ashaverma.in', { nameservers: ['ns1.example.net'] }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('adds, lists and deletes DNS records; an A record that is not IPv4 is validation_failed', async () => {
    const { record } = await addDnsRecord(deps, me, 'ashaverma.in', {
      type: 'A',
      host: 'www',
      value: '203.0.113.10',
    });
    expect(record).toMatchObject({ type: 'A', host: 'www', ttl: 14_400 });
    expect((await listDnsRecords(deps, me, 'ashaverma.in')).records).toEqual([record]);
    await expect(
      addDnsRecord(deps, me, 'ashaverma.in', { type: 'A', host: '@', value: 'example.net' }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    expect(await deleteDnsRecord(deps, me, 'ashaverma.in', record.id)).toEqual({ records: [] });
  });

  it('turns the lock off and on; privacy only on a plan that has it (409 feature_not_in_plan)', async () => {
    expect((await updateDomainSettings(deps, me, 'ashaverma.in', { locked: false })).locked).toBe(
      false,
    );
    await expect(
      updateDomainSettings(deps, me, 'ashaverma.in', { privacy: true }),
    ).rejects.toMatchObject({ code: 'feature_not_in_plan' });
    expect((await updateDomainSettings(deps, me, 'ashaverma.com', { privacy: true })).privacy).toBe(
      true,
    );
    await expect(updateDomainSettings(deps, me, 'ashaverma.com', {})).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });

  it('gives the transfer code only after a sign-in within 5 minutes', async () => {
    const now = START.getTime() / 1000;
    expect(await domainAuthCode(deps, me, 'ashaverma.in', now - 60)).toEqual({
      authCode: await registrar.authCode('ashaverma.in'),
    });
    await expect(domainAuthCode(deps, me, 'ashaverma.in', now - 301)).rejects.toMatchObject({
      code: 'reauth_required',
    });
  });
});

describe('DNSSEC on Enterprise Domain (D23)', () => {
  const DIGEST = 'E2D3C916F6DEEAC73294E8268FB5885044A833FC5459588F4A9184CFC41A5766';
  const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: DIGEST.toLowerCase() };

  it('publishes, lists and withdraws DS records on Enterprise Domain, at the registrar', async () => {
    expect((await getDomain(deps, me, 'ashaverma.net')).dnssecAvailable).toBe(true);
    const { records } = await addDsRecord(deps, me, 'ashaverma.net', ds);
    expect(records).toEqual([{ ...ds, digest: DIGEST, id: `2371-13-2-${DIGEST}` }]);
    expect(await registrar.dsRecords('ashaverma.net')).toEqual(records);
    expect(await listDsRecords(deps, me, 'ashaverma.net')).toEqual({ records });
    expect(await deleteDsRecord(deps, me, 'ashaverma.net', records[0]!.id)).toEqual({
      records: [],
    });
    await expect(
      deleteDsRecord(deps, me, 'ashaverma.net', `2371-13-2-${DIGEST}`),
    ).rejects.toMatchObject({ code: 'dns_record_not_found' });
    await expect(deleteDsRecord(deps, me, 'ashaverma.net', 'nonsense')).rejects.toMatchObject({
      code: 'dns_record_not_found',
    });
  });

  it('is refused on Basic and Premium Domain with a sentence (409 feature_not_in_plan), nothing published', async () => {
    for (const name of ['ashaverma.in', 'ashaverma.com']) {
      expect((await getDomain(deps, me, name)).dnssecAvailable).toBe(false);
      await expect(addDsRecord(deps, me, name, ds)).rejects.toMatchObject({
        code: 'feature_not_in_plan',
        message: expect.stringMatching(/^DNSSEC \(DS records\) comes with Enterprise Domain/),
      });
      await expect(listDsRecords(deps, me, name)).rejects.toMatchObject({
        code: 'feature_not_in_plan',
      });
      expect(await registrar.dsRecords(name)).toEqual([]);
    }
  });

  it('refuses a bad record (validation_failed), the same one twice and a fifth, asking nothing twice', async () => {
    await expect(
      addDsRecord(deps, me, 'ashaverma.net', { ...ds, digest: DIGEST.slice(0, 40) }),
    ).rejects.toMatchObject({ code: 'validation_failed', message: /SHA-256 digest is 64/ });
    await addDsRecord(deps, me, 'ashaverma.net', ds);
    await expect(addDsRecord(deps, me, 'ashaverma.net', ds)).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'This DS record is published already.',
    });
    for (const keyTag of [1, 2, 3]) await addDsRecord(deps, me, 'ashaverma.net', { ...ds, keyTag });
    await expect(
      addDsRecord(deps, me, 'ashaverma.net', { ...ds, keyTag: 4 }),
    ).rejects.toMatchObject({ code: 'validation_failed', message: /at most 4 DS records/ });
    expect(await registrar.dsRecords('ashaverma.net')).toHaveLength(4);
  });

  it('follows the tier in force: Enterprise chosen for the renewal opens DNSSEC from that date, once that renewal is paid', async () => {
    const service = (await services.getService(me, 'svc_premium'))!;
    await services.changeFacts(
      { userId: me, serviceId: 'svc_premium' },
      {
        kind: 'schedule-plan',
        plan: {
          planId: 'enterprisedomain',
          planName: 'Enterprise Domain',
          from: service.renewalDate,
          chosenAt: START.toISOString(),
        },
      },
      service.version,
      START.toISOString(),
    );
    await expect(addDsRecord(deps, me, 'ashaverma.com', ds)).rejects.toMatchObject({
      code: 'feature_not_in_plan',
    });
    // The date has come but the renewal is unpaid (grace): Premium's features, not Enterprise's.
    advance(366 * DAY);
    await expect(addDsRecord(deps, me, 'ashaverma.com', ds)).rejects.toMatchObject({
      code: 'feature_not_in_plan',
    });
    expect((await getDomain(deps, me, 'ashaverma.com')).privacyAvailable).toBe(true);
    const current = (await services.getService(me, 'svc_premium'))!;
    const at = new Date(START.getTime() + 366 * DAY).toISOString();
    await services.extendService(
      { ...current, planId: 'enterprisedomain' },
      {
        purchaseId: 'pur_renewal',
        paymentId: 'pay_renewal',
        purchaseDate: at,
        startDate: current.renewalDate,
        renewalDate: new Date(Date.parse(current.renewalDate) + 365 * DAY).toISOString(),
        months: 12 as Months,
        amountPaise: 578_082,
      },
      current.version,
      at,
    );
    expect((await addDsRecord(deps, me, 'ashaverma.com', ds)).records).toHaveLength(1);
    expect((await getDomain(deps, me, 'ashaverma.com')).dnssecAvailable).toBe(true);
  });
});
