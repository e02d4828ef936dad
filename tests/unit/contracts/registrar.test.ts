/**
 * One contract for the Registrar port, run against the in-memory registrar the use-case specs use
 * (InMemoryRegistrar) and against the real adapter (LogicBoxesRegistrar over the LogicBoxes HTTP
 * API) on the local registrar stand-in, so the fake's rules for availability, registration once,
 * renewal by the registry's expiry, nameservers, DNS records, lock, privacy, the auth code,
 * outages and refused keys cannot drift from what the adapter makes of LogicBoxes' answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startRegistrarStandIn,
  type RegistrarStandIn,
} from '../../../infra/local/registrar/server';
import { LogicBoxesApi } from '../../../lambdas/adapters/registrar/logicboxes-api';
import { LogicBoxesRegistrar } from '../../../lambdas/adapters/registrar/logicboxes-registrar';
import {
  DnsRecordNotFoundError,
  DomainUnavailableError,
  RegistrarAccessDeniedError,
  RegistrarDomainNotFoundError,
  RegistrarRefusedError,
  RegistrarUnavailableError,
  type Registrar,
  type RegistrantContact,
} from '../../../lambdas/ports/registrar';
import { InMemoryRegistrar } from '../../helpers/fakes/registrar';

interface Subject {
  readonly registrar: Registrar;
  outage(on: boolean): Promise<void>;
  /** Someone else registers the name now (with this auth code at their registrar). */
  take(name: string, authCode?: string): Promise<void>;
  /** The registrar's clock moves on. */
  advance(ms: number): void;
  /** From now on the registrar refuses our API key. */
  refuseKey(): void;
  stop(): Promise<void>;
}

/** How long a transfer in waits for the losing registrar, on both sides. */
const TRANSFER_DELAY_MS = 60_000;

function fakeSubject(): Subject {
  const registrar = new InMemoryRegistrar();
  let offset = 0;
  registrar.now = () => Date.now() + offset;
  registrar.transferDelayMs = TRANSFER_DELAY_MS;
  return {
    registrar,
    async outage(on) {
      registrar.down = on;
    },
    async take(name, authCode) {
      registrar.take(name, authCode);
    },
    advance(ms) {
      offset += ms;
    },
    refuseKey() {
      // The fake has no keys: the adapter's mapping of a refused key is checked on the stand-in.
    },
    async stop() {},
  };
}

async function standInSubject(): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'registrar-contract-'));
  let offset = 0;
  const standIn: RegistrarStandIn = await startRegistrarStandIn({
    port: 0,
    dataDir,
    resellerId: '123456',
    apiKey: 'local_registrar_key',
    now: () => Date.now() + offset,
    transferDelayMs: TRANSFER_DELAY_MS,
  });
  const adapter = (apiKey: string) =>
    new LogicBoxesRegistrar(
      new LogicBoxesApi({
        credentials: async () => ({ baseUrl: standIn.url, resellerId: '123456', apiKey }),
      }),
    );
  let registrar = adapter('local_registrar_key');
  const hook = async (path: string, body: unknown) => {
    const response = await fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  return {
    get registrar() {
      return registrar;
    },
    outage: (on) => hook('/_registrar/outage', { on }),
    take: (domain, authCode) =>
      hook('/_registrar/taken', { domain, ...(authCode ? { authCode } : {}) }),
    advance(ms) {
      offset += ms;
    },
    refuseKey() {
      registrar = adapter('a_key_logicboxes_never_issued');
    },
    async stop() {
      await standIn.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const asha: RegistrantContact = {
  email: 'asha.verma@example.in',
  name: 'Asha Verma',
  addressLine1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IN',
  postalCode: '560001',
  phoneCountryCode: '91',
  phone: '9876543210',
};
const NS = ['ns1.stand-in.test', 'ns2.stand-in.test'];
const YEAR_MS = 365 * 24 * 3600 * 1000;

describe.each([
  ['in memory', async () => fakeSubject()],
  ['LogicBoxesRegistrar on the registrar stand-in', standInSubject],
])('Registrar (%s)', (_name, makeSubject) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await makeSubject();
  });
  afterEach(async () => {
    await subject.stop();
  });

  async function registerAsha(name = 'ashaverma.in', privacy = false) {
    const customer = await subject.registrar.ensureCustomer(asha);
    return subject.registrar.register({ name, years: 1, ...customer, nameservers: NS, privacy });
  }

  it('answers availability for every name asked; a label with "taken" is never available', async () => {
    const answer = await subject.registrar.availability([
      'ashaverma.com',
      'ashaverma.co.in',
      'takenshop.com',
      'mistaken.in',
    ]);
    expect(answer).toEqual([
      { domain: 'ashaverma.com', available: true },
      { domain: 'ashaverma.co.in', available: true },
      { domain: 'takenshop.com', available: false },
      { domain: 'mistaken.in', available: false },
    ]);
  });

  it('registers a free name once: then it is ours, not available, and a second registration is refused', async () => {
    const before = Date.now();
    const domain = await registerAsha();
    expect(domain).toMatchObject({ name: 'ashaverma.in', nameservers: NS, privacy: false });
    expect(Date.parse(domain.expiresAt)).toBeGreaterThanOrEqual(before - 1000 + YEAR_MS);
    expect(Date.parse(domain.expiresAt)).toBeLessThanOrEqual(Date.now() + YEAR_MS);
    expect(await subject.registrar.details('ashaverma.in')).toEqual(domain);
    expect(await subject.registrar.availability(['ashaverma.in'])).toEqual([
      { domain: 'ashaverma.in', available: false },
    ]);
    await expect(registerAsha()).rejects.toBeInstanceOf(DomainUnavailableError);
  });

  it('the same buyer is one customer', async () => {
    const first = await subject.registrar.ensureCustomer(asha);
    const second = await subject.registrar.ensureCustomer(asha);
    expect(second.customerId).toBe(first.customerId);
  });

  it('a name someone else registered is refused as unavailable, and is not ours', async () => {
    await subject.take('ashaverma.com');
    expect(await subject.registrar.availability(['ashaverma.com'])).toEqual([
      { domain: 'ashaverma.com', available: false },
    ]);
    await expect(registerAsha('ashaverma.com')).rejects.toBeInstanceOf(DomainUnavailableError);
    expect(await subject.registrar.details('ashaverma.com')).toBeUndefined();
  });

  it('renews from the registry expiry once: the same expiry again is refused', async () => {
    const domain = await registerAsha();
    const renewed = await subject.registrar.renew(domain.name, 1, domain.expiresAt);
    expect(Date.parse(renewed.expiresAt) - Date.parse(domain.expiresAt)).toBe(YEAR_MS);
    await expect(subject.registrar.renew(domain.name, 1, domain.expiresAt)).rejects.toBeInstanceOf(
      RegistrarRefusedError,
    );
    expect((await subject.registrar.details(domain.name))?.expiresAt).toBe(renewed.expiresAt);
  });

  it('changes nameservers, lock and privacy', async () => {
    const domain = await registerAsha();
    expect(domain.locked).toBe(true);
    const ns = ['ns1.example.net', 'ns2.example.net', 'ns3.example.net'];
    expect((await subject.registrar.setNameservers(domain.name, ns)).nameservers).toEqual(ns);
    expect((await subject.registrar.setLock(domain.name, false)).locked).toBe(false);
    expect((await subject.registrar.setPrivacy(domain.name, true)).privacy).toBe(true);
    expect(await subject.registrar.details(domain.name)).toMatchObject({
      nameservers: ns,
      locked: false,
      privacy: true,
    });
  });

  it('adds, lists and deletes DNS records of each type', async () => {
    const domain = await registerAsha();
    expect(await subject.registrar.dnsRecords(domain.name)).toEqual([]);
    const a = await subject.registrar.addDnsRecord(domain.name, {
      type: 'A',
      host: '@',
      value: '203.0.113.10',
      ttl: 14400,
    });
    const mx = await subject.registrar.addDnsRecord(domain.name, {
      type: 'MX',
      host: '@',
      value: 'mail.ashaverma.in',
      ttl: 14400,
      priority: 10,
    });
    await subject.registrar.addDnsRecord(domain.name, {
      type: 'TXT',
      host: '@',
      value: 'v=spf1 -all',
      ttl: 7200,
    });
    await subject.registrar.addDnsRecord(domain.name, {
      type: 'CNAME',
      host: 'WWW',
      value: 'ashaverma.in',
      ttl: 14400,
    });
    await subject.registrar.addDnsRecord(domain.name, {
      type: 'AAAA',
      host: '@',
      value: '2001:db8::1',
      ttl: 14400,
    });
    const records = await subject.registrar.dnsRecords(domain.name);
    expect(records.map((r) => [r.type, r.host, r.value]).sort()).toEqual(
      [
        ['A', '@', '203.0.113.10'],
        ['AAAA', '@', '2001:db8::1'],
        ['CNAME', 'www', 'ashaverma.in'],
        ['MX', '@', 'mail.ashaverma.in'],
        ['TXT', '@', 'v=spf1 -all'],
      ].sort(),
    );
    expect(records.find((r) => r.type === 'MX')).toEqual(mx);
    expect(records.find((r) => r.type === 'A')).toEqual(a);
    await subject.registrar.deleteDnsRecord(domain.name, a.id);
    expect((await subject.registrar.dnsRecords(domain.name)).map((r) => r.type).sort()).toEqual([
      'AAAA',
      'CNAME',
      'MX',
      'TXT',
    ]);
    await expect(subject.registrar.deleteDnsRecord(domain.name, a.id)).rejects.toBeInstanceOf(
      DnsRecordNotFoundError,
    );
  });

  describe('DNSSEC: DS records at the registry (D23, Enterprise Domain)', () => {
    const SHA256 = '2bb183af5f22588179a53b0a98631fad1a292118b4b8a4a8b5c2c5a0e4c8d3f1';
    const SHA1 = '0123456789abcdef0123456789abcdef01234567';
    const sha256 = { keyTag: 2371, algorithm: 13, digestType: 2, digest: SHA256 };
    const sha1 = { keyTag: 60485, algorithm: 8, digestType: 1, digest: SHA1 };

    it('adds, lists (digest uppercase, id from the four fields) and deletes DS records', async () => {
      const domain = await registerAsha();
      expect(await subject.registrar.dsRecords(domain.name)).toEqual([]);
      const afterAdd = await subject.registrar.addDsRecord(domain.name, sha256);
      expect(afterAdd).toEqual([
        { ...sha256, digest: SHA256.toUpperCase(), id: `2371-13-2-${SHA256.toUpperCase()}` },
      ]);
      await subject.registrar.addDsRecord(domain.name, sha1);
      const both = await subject.registrar.dsRecords(domain.name);
      expect(both.map((r) => r.keyTag).sort()).toEqual([2371, 60485]);
      // DS records leave DNS records, nameservers and the rest alone.
      expect(await subject.registrar.dnsRecords(domain.name)).toEqual([]);
      const left = await subject.registrar.deleteDsRecord(domain.name, sha256);
      expect(left.map((r) => r.id)).toEqual([`60485-8-1-${SHA1.toUpperCase()}`]);
      await expect(subject.registrar.deleteDsRecord(domain.name, sha256)).rejects.toBeInstanceOf(
        DnsRecordNotFoundError,
      );
      expect(await subject.registrar.dsRecords(domain.name)).toHaveLength(1);
    });

    it('refuses the same DS record twice, and a name that is not ours', async () => {
      const domain = await registerAsha();
      await subject.registrar.addDsRecord(domain.name, sha256);
      await expect(subject.registrar.addDsRecord(domain.name, sha256)).rejects.toBeInstanceOf(
        RegistrarRefusedError,
      );
      await expect(subject.registrar.dsRecords('someoneelse.com')).rejects.toBeInstanceOf(
        RegistrarDomainNotFoundError,
      );
      await expect(subject.registrar.addDsRecord('someoneelse.com', sha256)).rejects.toBeInstanceOf(
        RegistrarDomainNotFoundError,
      );
    });

    it('the registrar down: unavailable, and nothing is published', async () => {
      const domain = await registerAsha();
      await subject.outage(true);
      await expect(subject.registrar.addDsRecord(domain.name, sha256)).rejects.toBeInstanceOf(
        RegistrarUnavailableError,
      );
      await subject.outage(false);
      expect(await subject.registrar.dsRecords(domain.name)).toEqual([]);
    });
  });

  it('refuses an A record that is not an IPv4 address', async () => {
    const domain = await registerAsha();
    await expect(
      subject.registrar.addDnsRecord(domain.name, {
        type: 'A',
        host: '@',
        value: '2001:db8::1',
        ttl: 14400,
      }),
    ).rejects.toBeInstanceOf(RegistrarRefusedError);
  });

  it('gives the auth code of our name, and says a name is not ours', async () => {
    const domain = await registerAsha();
    expect(await subject.registrar.authCode(domain.name)).toMatch(/\S{6,}/);
    await expect(subject.registrar.authCode('someoneelse.com')).rejects.toBeInstanceOf(
      RegistrarDomainNotFoundError,
    );
    await expect(subject.registrar.setLock('someoneelse.com', true)).rejects.toBeInstanceOf(
      RegistrarDomainNotFoundError,
    );
  });

  it('an outage is unavailable, for reads and registrations, and nothing is registered', async () => {
    const customer = await subject.registrar.ensureCustomer(asha);
    await subject.outage(true);
    await expect(subject.registrar.availability(['ashaverma.in'])).rejects.toBeInstanceOf(
      RegistrarUnavailableError,
    );
    await expect(
      subject.registrar.register({
        name: 'ashaverma.in',
        years: 1,
        ...customer,
        nameservers: NS,
        privacy: false,
      }),
    ).rejects.toBeInstanceOf(RegistrarUnavailableError);
    await subject.outage(false);
    expect(await subject.registrar.details('ashaverma.in')).toBeUndefined();
  });

  it('a refused API key is access denied (never unavailable or a refusal)', async () => {
    subject.refuseKey();
    if (subject.registrar instanceof InMemoryRegistrar) return;
    await expect(subject.registrar.availability(['ashaverma.in'])).rejects.toBeInstanceOf(
      RegistrarAccessDeniedError,
    );
  });
  describe('transfer in with an auth code (D23)', () => {
    async function transferAsha(name: string, authCode: string) {
      const customer = await subject.registrar.ensureCustomer(asha);
      return subject.registrar.transfer({
        name,
        ...customer,
        authCode,
        nameservers: NS,
        privacy: false,
      });
    }

    it('pending while the losing registrar decides, then ours with a year added', async () => {
      await subject.take('ashasweets.com', 'Xy7-secret');
      const asked = Date.now();

      const started = await transferAsha('ashasweets.com', 'Xy7-secret');
      expect(started).toMatchObject({ state: 'pending', name: 'ashasweets.com' });
      expect(await subject.registrar.details('ashasweets.com')).toBeUndefined();
      expect(await subject.registrar.availability(['ashasweets.com'])).toEqual([
        { domain: 'ashasweets.com', available: false },
      ]);

      subject.advance(TRANSFER_DELAY_MS);
      const done = await subject.registrar.transferStatus('ashasweets.com');
      expect(done?.state).toBe('completed');
      const domain = await subject.registrar.details('ashasweets.com');
      expect(domain).toMatchObject({ name: 'ashasweets.com', nameservers: NS });
      // Its expiry elsewhere, and the year the transfer adds.
      expect(Date.parse(domain?.expiresAt ?? '')).toBeGreaterThan(asked + YEAR_MS);
      expect(await subject.registrar.setLock('ashasweets.com', false)).toMatchObject({
        locked: false,
      });
    });

    it('a wrong auth code: pending, then failed with the registrar’s sentence; a right one then succeeds', async () => {
      await subject.take('ashafoods.in', 'Right-Code-1');

      expect((await transferAsha('ashafoods.in', 'not-the-code')).state).toBe('pending');
      subject.advance(TRANSFER_DELAY_MS);
      const failed = await subject.registrar.transferStatus('ashafoods.in');
      expect(failed).toMatchObject({ state: 'failed', name: 'ashafoods.in' });
      expect(failed?.state === 'failed' && failed.detail).toMatch(/authori[sz]ation code/i);
      expect(await subject.registrar.details('ashafoods.in')).toBeUndefined();

      expect((await transferAsha('ashafoods.in', 'Right-Code-1')).state).toBe('pending');
      subject.advance(TRANSFER_DELAY_MS);
      expect((await subject.registrar.transferStatus('ashafoods.in'))?.state).toBe('completed');
    });

    it('a free name or one in our account is refused; an unknown one has no transfer', async () => {
      await expect(transferAsha('ashafree.com', 'any-code-1')).rejects.toBeInstanceOf(
        RegistrarRefusedError,
      );
      await registerAsha('ashaverma.in');
      await expect(transferAsha('ashaverma.in', 'any-code-1')).rejects.toBeInstanceOf(
        RegistrarRefusedError,
      );
      expect(await subject.registrar.transferStatus('nobodyasked.com')).toBeUndefined();
    });

    it('the registrar down: RegistrarUnavailableError, no transfer asked', async () => {
      await subject.take('ashaoutage.com');
      await subject.outage(true);
      await expect(transferAsha('ashaoutage.com', 'any-code-1')).rejects.toBeInstanceOf(
        RegistrarUnavailableError,
      );
      await subject.outage(false);
      expect(await subject.registrar.transferStatus('ashaoutage.com')).toBeUndefined();
    });
  });
});
