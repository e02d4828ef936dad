/**
 * A registrar in memory with the rules the contract spec (tests/unit/contracts/registrar.test.ts)
 * holds it and the LogicBoxes adapter on the stand-in to: a label containing "taken" is never
 * available, `take(name)` is someone else registering it now, `down` is an outage, a renewal must
 * name the registry's current expiry. A name held elsewhere transfers in with its auth code (the one
 * `take` gave, else any code without "wrong"): pending for `transferDelayMs`, then completed, its
 * expiry a year on, or failed with a wrong code. Each call yields first, as the network would, so
 * concurrent callers interleave; `registrations` counts the registrations made.
 */
import { isIP } from 'node:net';
import {
  DnsRecordNotFoundError,
  DomainUnavailableError,
  RegistrarDomainNotFoundError,
  RegistrarRefusedError,
  RegistrarUnavailableError,
  type DnsRecord,
  type DomainAvailability,
  type NewDnsRecord,
  type RegisteredDomain,
  type Registrar,
  type RegistrantContact,
  type RegistrarCustomer,
  type RegistrationRequest,
  type TransferRequest,
  type TransferStatus,
} from '../../../lambdas/ports/registrar';
import { dsRecordId, type DsRecord, type DsRecordInput } from '../../../lambdas/domain/dnssec';

const YEAR_SECONDS = 365 * 24 * 3600;
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

interface FakeDomain extends RegisteredDomain {
  authCode: string;
  records: DnsRecord[];
  ds?: DsRecord[];
  transfer?: { state: 'pending' | 'failed'; completesAt: number; codeRight: boolean };
}

/** A name held elsewhere expires this long after a transfer is asked for (the stand-in's rule). */
const ELSEWHERE_EXPIRY_SECONDS = 200 * 24 * 3600;

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class InMemoryRegistrar implements Registrar {
  down = false;
  registrations = 0;
  transfers = 0;
  now: () => number = Date.now;
  transferDelayMs = 3_000;
  /** Awaited before every call; a test may replace it (to hold or fail a call). */
  roundTrip: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve));
  private readonly domains = new Map<string, FakeDomain>();
  private readonly taken = new Set<string>();
  private readonly authCodesElsewhere = new Map<string, string>();
  private readonly customers = new Map<string, string>();
  private nextId = 1;

  take(name: string, authCode?: string): void {
    this.taken.add(name);
    if (authCode) this.authCodesElsewhere.set(name, authCode);
  }

  /** Every name registered in our account, as the stand-in's `GET /_registrar/domains` lists. */
  all(): RegisteredDomain[] {
    this.settleTransfers();
    return [...this.domains.values()]
      .filter((domain) => !domain.transfer)
      .map((domain) => this.view(domain));
  }

  async transfer(request: TransferRequest): Promise<TransferStatus> {
    await this.call();
    if (![...this.customers.values()].includes(request.customerId)) {
      throw new RegistrarRefusedError('transfer', `Invalid customer-id ${request.customerId}`);
    }
    const existing = this.domains.get(request.name);
    if (existing && existing.transfer?.state !== 'failed') {
      throw new RegistrarRefusedError('transfer', `${request.name} is already in your account`);
    }
    if (!existing && this.isAvailable(request.name)) {
      throw new RegistrarRefusedError(
        'transfer',
        `Domain name ${request.name} is currently available for Registration`,
      );
    }
    const known = this.authCodesElsewhere.get(request.name);
    const now = Math.floor(this.now() / 1000);
    this.domains.set(request.name, {
      name: request.name,
      customerId: request.customerId,
      nameservers: request.nameservers.map((ns) => ns.toLowerCase()),
      locked: true,
      privacy: request.privacy,
      expiresAt: iso(now + ELSEWHERE_EXPIRY_SECONDS + YEAR_SECONDS),
      authCode: `fake-${this.nextId++}-code`,
      records: [],
      transfer: {
        state: 'pending',
        completesAt: this.now() + this.transferDelayMs,
        codeRight:
          known !== undefined ? request.authCode === known : !/wrong/i.test(request.authCode),
      },
    });
    this.transfers += 1;
    return (await this.statusOf(request.name)) as TransferStatus;
  }

  async transferStatus(name: string): Promise<TransferStatus | undefined> {
    await this.call();
    return this.statusOf(name);
  }

  private async statusOf(name: string): Promise<TransferStatus | undefined> {
    this.settleTransfers();
    const domain = this.domains.get(name);
    if (!domain) return undefined;
    if (!domain.transfer) return { state: 'completed', domain: this.view(domain) };
    const failed = domain.transfer.state === 'failed';
    return {
      state: domain.transfer.state,
      name,
      customerId: domain.customerId,
      detail: failed
        ? 'Transfer failed: the authorization code given is not valid for this domain'
        : 'Transfer waiting for Losing Registrar Approval',
    };
  }

  private settleTransfers(): void {
    for (const domain of this.domains.values()) {
      const transfer = domain.transfer;
      if (transfer?.state !== 'pending' || transfer.completesAt > this.now()) continue;
      if (transfer.codeRight) {
        delete domain.transfer;
        this.taken.delete(domain.name);
      } else {
        transfer.state = 'failed';
      }
    }
  }

  async availability(names: readonly string[]): Promise<DomainAvailability[]> {
    await this.call();
    return names.map((domain) => ({ domain, available: this.isAvailable(domain) }));
  }

  async ensureCustomer(contact: RegistrantContact): Promise<RegistrarCustomer> {
    await this.call();
    let customerId = this.customers.get(contact.email);
    if (!customerId) {
      customerId = String(this.nextId++);
      this.customers.set(contact.email, customerId);
    }
    return { customerId, contactId: String(this.nextId++) };
  }

  async register(request: RegistrationRequest): Promise<RegisteredDomain> {
    await this.call();
    if (![...this.customers.values()].includes(request.customerId)) {
      throw new RegistrarRefusedError(
        'domains/register',
        `Invalid customer-id ${request.customerId}`,
      );
    }
    if (!this.isAvailable(request.name)) throw new DomainUnavailableError(request.name);
    const now = Math.floor(this.now() / 1000);
    const domain: FakeDomain = {
      name: request.name,
      customerId: request.customerId,
      nameservers: [...request.nameservers],
      locked: true,
      privacy: request.privacy,
      expiresAt: iso(now + request.years * YEAR_SECONDS),
      authCode: `fake-${this.nextId++}-code`,
      records: [],
    };
    this.domains.set(request.name, domain);
    this.registrations += 1;
    return this.view(domain);
  }

  async details(name: string): Promise<RegisteredDomain | undefined> {
    await this.call();
    this.settleTransfers();
    const domain = this.domains.get(name);
    return domain && !domain.transfer ? this.view(domain) : undefined;
  }

  async renew(name: string, years: number, currentExpiresAt: string): Promise<RegisteredDomain> {
    const domain = await this.mine(name);
    if (Date.parse(currentExpiresAt) !== Date.parse(domain.expiresAt)) {
      throw new RegistrarRefusedError(
        'domains/renew',
        `exp-date does not match the current expiry date of ${name}`,
      );
    }
    domain.expiresAt = iso(Date.parse(domain.expiresAt) / 1000 + years * YEAR_SECONDS);
    return this.view(domain);
  }

  async setNameservers(name: string, nameservers: readonly string[]): Promise<RegisteredDomain> {
    const domain = await this.mine(name);
    if (nameservers.length < 1 || !nameservers.every((ns) => HOST_NAME.test(ns))) {
      throw new RegistrarRefusedError('domains/modify-ns', 'ns: give 1 to 13 valid name servers');
    }
    domain.nameservers = nameservers.map((ns) => ns.toLowerCase());
    return this.view(domain);
  }

  async setLock(name: string, locked: boolean): Promise<RegisteredDomain> {
    const domain = await this.mine(name);
    domain.locked = locked;
    return this.view(domain);
  }

  async setPrivacy(name: string, privacy: boolean): Promise<RegisteredDomain> {
    const domain = await this.mine(name);
    domain.privacy = privacy;
    return this.view(domain);
  }

  async authCode(name: string): Promise<string> {
    return (await this.mine(name)).authCode;
  }

  async dnsRecords(name: string): Promise<DnsRecord[]> {
    return (await this.mine(name)).records.map((record) => ({ ...record }));
  }

  async addDnsRecord(name: string, record: NewDnsRecord): Promise<DnsRecord> {
    const domain = await this.mine(name);
    const host = record.host.toLowerCase();
    if (record.type === 'A' && isIP(record.value) !== 4) {
      throw new RegistrarRefusedError('add-ipv4-record', `Invalid IPv4 address ${record.value}`);
    }
    if (record.type === 'AAAA' && isIP(record.value) !== 6) {
      throw new RegistrarRefusedError('add-ipv6-record', `Invalid IPv6 address ${record.value}`);
    }
    if (record.ttl < 7200) {
      throw new RegistrarRefusedError('add-record', 'ttl must be 7200 seconds or more');
    }
    const id = Buffer.from(JSON.stringify([record.type, host, record.value])).toString('base64url');
    if (domain.records.some((existing) => existing.id === id)) {
      throw new RegistrarRefusedError('add-record', 'Record already exists');
    }
    const added: DnsRecord = {
      id,
      type: record.type,
      host,
      value: record.value,
      ttl: record.ttl,
      ...(record.type === 'MX' ? { priority: record.priority ?? 10 } : {}),
    };
    domain.records.push(added);
    return { ...added };
  }

  async deleteDnsRecord(name: string, recordId: string): Promise<void> {
    const domain = await this.mine(name);
    const index = domain.records.findIndex((record) => record.id === recordId);
    if (index === -1) throw new DnsRecordNotFoundError(recordId);
    domain.records.splice(index, 1);
  }

  async dsRecords(name: string): Promise<DsRecord[]> {
    return ((await this.mine(name)).ds ?? []).map((record) => ({ ...record }));
  }

  async addDsRecord(name: string, record: DsRecordInput): Promise<DsRecord[]> {
    const domain = await this.mine(name);
    if (!({ 1: 40, 2: 64, 4: 96 } as Record<number, number>)[record.digestType]) {
      throw new RegistrarRefusedError('add-dnssec', `Invalid digest type ${record.digestType}`);
    }
    const added = { ...record, digest: record.digest.toUpperCase() };
    const id = dsRecordId(added);
    if ((domain.ds ?? []).some((existing) => existing.id === id)) {
      throw new RegistrarRefusedError('add-dnssec', 'DS record already exists');
    }
    domain.ds = [...(domain.ds ?? []), { ...added, id }];
    return this.dsRecords(name);
  }

  async deleteDsRecord(name: string, record: DsRecordInput): Promise<DsRecord[]> {
    const domain = await this.mine(name);
    const id = dsRecordId(record);
    if (!(domain.ds ?? []).some((existing) => existing.id === id)) {
      throw new DnsRecordNotFoundError(id);
    }
    domain.ds = (domain.ds ?? []).filter((existing) => existing.id !== id);
    return this.dsRecords(name);
  }

  private isAvailable(name: string): boolean {
    const label = name.slice(0, name.indexOf('.'));
    return !this.domains.has(name) && !this.taken.has(name) && !label.includes('taken');
  }

  private async call(): Promise<void> {
    await this.roundTrip();
    if (this.down) throw new RegistrarUnavailableError('the fake registrar is down');
  }

  private async mine(name: string): Promise<FakeDomain> {
    await this.call();
    this.settleTransfers();
    const domain = this.domains.get(name);
    if (!domain || domain.transfer) throw new RegistrarDomainNotFoundError(name);
    return domain;
  }

  private view(domain: FakeDomain): RegisteredDomain {
    return {
      name: domain.name,
      customerId: domain.customerId,
      nameservers: [...domain.nameservers],
      locked: domain.locked,
      privacy: domain.privacy,
      expiresAt: domain.expiresAt,
    };
  }
}
