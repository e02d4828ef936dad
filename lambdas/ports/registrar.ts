/**
 * A domain registrar, as a reseller sees it (D23): whether names are free, a customer and a
 * registrant contact to register them under, register, renew from the registry's expiry date,
 * read a name's details, and the settings a buyer changes from the dashboard (nameservers, DNS
 * records, theft-protection lock, privacy protection, the transfer auth code). One adapter per
 * registrar platform (LogicBoxes first: lambdas/adapters/registrar) maps its protocol's answers
 * to the errors below; use cases never see a registrar's JSON.
 */
import type { DsRecord, DsRecordInput } from '../domain/dnssec';
import { DomainError } from '../domain/errors';

export type { DsRecord, DsRecordInput } from '../domain/dnssec';

/** The record types a buyer may add from the dashboard. */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export interface NewDnsRecord {
  type: DnsRecordType;
  /** "@" for the name itself, else a label or dotted labels under it ("www", "mail"). */
  host: string;
  value: string;
  /** Seconds. */
  ttl: number;
  /** MX only. */
  priority?: number;
}

export interface DnsRecord extends NewDnsRecord {
  /** Stable while the record exists; what a delete names. */
  id: string;
}

/** Who a name is registered to: the buyer's billing details, as a registry needs them. */
export interface RegistrantContact {
  /** Also the registrar customer's username: one customer per buyer's email. */
  email: string;
  name: string;
  company?: string;
  addressLine1: string;
  city: string;
  /** The state's name ("Karnataka"). */
  state: string;
  /** ISO 3166-1 alpha-2 ("IN"). */
  country: string;
  postalCode: string;
  /** Digits, without the "+" ("91"). */
  phoneCountryCode: string;
  /** Digits only. */
  phone: string;
}

export interface RegistrarCustomer {
  customerId: string;
  /** The contact used as registrant, admin, tech and billing contact. */
  contactId: string;
}

export interface RegistrationRequest {
  /** The full name, lowercase ("asharao.com"). */
  name: string;
  years: number;
  customerId: string;
  contactId: string;
  nameservers: readonly string[];
  privacy: boolean;
}

/** A name in our registrar account, as the registrar says it is now. */
export interface RegisteredDomain {
  name: string;
  customerId: string;
  nameservers: string[];
  locked: boolean;
  privacy: boolean;
  /** The registry's expiry, ISO-8601 (seconds precision). */
  expiresAt: string;
}

/**
 * A name registered elsewhere, moved into our account with the auth code its registrar gave the
 * buyer (D23). The transfer adds a year to the name's expiry at the registry.
 */
export interface TransferRequest {
  name: string;
  customerId: string;
  contactId: string;
  /** The EPP auth code from the losing registrar. A secret: never logged, mailed or stored. */
  authCode: string;
  nameservers: readonly string[];
  privacy: boolean;
}

/**
 * A transfer into our account as the registrar says it is now: waiting (for the losing registrar,
 * the registry), failed (a wrong auth code, refused by the losing registrar; `detail` is the
 * registrar's sentence), or completed: the name is ours.
 */
export type TransferStatus =
  | { state: 'pending' | 'failed'; name: string; customerId: string; detail: string }
  | { state: 'completed'; domain: RegisteredDomain };

export interface DomainAvailability {
  domain: string;
  available: boolean;
}

export interface Registrar {
  /** Whether each name can be registered now; the answer names every name asked about. */
  availability(names: readonly string[]): Promise<DomainAvailability[]>;
  /** The buyer's customer and registrant contact at the registrar, made when missing. */
  ensureCustomer(contact: RegistrantContact): Promise<RegistrarCustomer>;
  /** Registers the name. `DomainUnavailableError` when someone else holds it. */
  register(request: RegistrationRequest): Promise<RegisteredDomain>;
  /**
   * The name in our account, or undefined when it is not ours (free, someone else's, or a
   * transfer into our account that has not completed).
   */
  details(name: string): Promise<RegisteredDomain | undefined>;
  /**
   * Asks for the name to be transferred into our account (D23); answers the transfer as it stands.
   * `RegistrarRefusedError` when it cannot be transferred (a free name: register it instead; a
   * name in our account already).
   */
  transfer(request: TransferRequest): Promise<TransferStatus>;
  /** The name's transfer into our account, or undefined when none was asked for (nor is it ours). */
  transferStatus(name: string): Promise<TransferStatus | undefined>;
  /**
   * Renews from `currentExpiresAt` (the registry's expiry the caller read): the registry refuses
   * (`RegistrarRefusedError`) when the name's expiry is no longer that, so a repeated renewal
   * cannot add a second period.
   */
  renew(name: string, years: number, currentExpiresAt: string): Promise<RegisteredDomain>;
  setNameservers(name: string, nameservers: readonly string[]): Promise<RegisteredDomain>;
  setLock(name: string, locked: boolean): Promise<RegisteredDomain>;
  setPrivacy(name: string, privacy: boolean): Promise<RegisteredDomain>;
  /** The transfer (EPP) auth code. A secret: never logged, mailed or stored. */
  authCode(name: string): Promise<string>;
  dnsRecords(name: string): Promise<DnsRecord[]>;
  addDnsRecord(name: string, record: NewDnsRecord): Promise<DnsRecord>;
  /** `DnsRecordNotFoundError` when no record has that id. */
  deleteDnsRecord(name: string, recordId: string): Promise<void>;
  /** The DS records published for the name at the registry (DNSSEC, D23). */
  dsRecords(name: string): Promise<DsRecord[]>;
  /** Publishes a DS record; answers the name's DS records after it. */
  addDsRecord(name: string, record: DsRecordInput): Promise<DsRecord[]>;
  /**
   * Withdraws a DS record (named by all four fields); answers the name's DS records after it.
   * `DnsRecordNotFoundError` when the name has no such record.
   */
  deleteDsRecord(name: string, record: DsRecordInput): Promise<DsRecord[]>;
}

/**
 * The registrar did not answer usefully (down, too slow, a 5xx, not its protocol): nothing can be
 * concluded, the caller retries later. `detail` is for the log.
 */
export class RegistrarUnavailableError extends DomainError {
  override readonly name = 'RegistrarUnavailableError';
  readonly code = 'registrar_unavailable';
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super('The domain registry did not answer. Please try again in a few minutes.', options);
  }
}

/** The registrar refused our reseller id or API key: a configuration fault. */
export class RegistrarAccessDeniedError extends Error {
  override readonly name = 'RegistrarAccessDeniedError';
}

/** The name cannot be registered: someone else holds it (or the registry reserves it). */
export class DomainUnavailableError extends DomainError {
  override readonly name = 'DomainUnavailableError';
  readonly code = 'domain_unavailable';
  constructor(readonly domain: string) {
    super(`${domain} has just been registered by someone else.`);
  }
}

/** The name is not in our registrar account. */
export class RegistrarDomainNotFoundError extends DomainError {
  override readonly name = 'RegistrarDomainNotFoundError';
  readonly code = 'domain_not_found';
  constructor(readonly domain: string) {
    super(`We could not find ${domain} among your domains.`);
  }
}

export class DnsRecordNotFoundError extends DomainError {
  override readonly name = 'DnsRecordNotFoundError';
  readonly code = 'dns_record_not_found';
  constructor(readonly recordId: string) {
    super('That DNS record does not exist (any more).');
  }
}

/**
 * The registrar answered and refused for a reason of its own (an invalid record, an expiry date
 * that is not the registry's). Retrying the same request will not help. `reason` is the
 * registrar's own sentence.
 */
export class RegistrarRefusedError extends DomainError {
  override readonly name = 'RegistrarRefusedError';
  readonly code = 'registrar_refused';
  constructor(
    readonly operation: string,
    readonly reason: string,
  ) {
    super(`The domain registry refused this: ${reason}`);
  }
}
