/**
 * What a buyer may set on a registered domain from the dashboard (D23), checked before the
 * registrar is asked: 2 to 4 nameservers, and DNS records of the five types the card offers, each
 * validated for its type. Pure: no I/O. The registrar checks again; these give the sentence.
 */
import { DomainError } from './errors';

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** 4 or 6 when `value` is an IPv4 or IPv6 address as DNS takes it, else 0. */
export function ipVersion(value: string): 0 | 4 | 6 {
  if (IPV4.test(value)) return 4;
  if (!value.includes(':') || /[^0-9a-fA-F:.]/.test(value)) return 0;
  try {
    // The URL parser knows IPv6 (with an IPv4 tail, "::" once) exactly: no I/O.
    new URL(`http://[${value}]/`);
    return 6;
  } catch {
    return 0;
  }
}

export const DNS_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;
export type DnsType = (typeof DNS_TYPES)[number];

/** LogicBoxes refuses a TTL under 2 hours; 4 hours is its default. */
export const MIN_TTL_SECONDS = 7_200;
export const DEFAULT_TTL_SECONDS = 14_400;
export const MAX_TTL_SECONDS = 604_800;

export class DomainSettingsError extends DomainError {
  override readonly name = 'DomainSettingsError';
  readonly code = 'validation_failed';
}

const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const RECORD_HOST =
  /^(?:@|(?:\*\.)?[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*|\*)$/;

/** 2 to 4 distinct host names, lowercase, without a trailing dot. */
export function parseNameservers(input: unknown): string[] {
  if (!Array.isArray(input) || input.length < 2 || input.length > 4) {
    throw new DomainSettingsError('Give 2, 3 or 4 nameservers, for example ns1.example.net.');
  }
  const names = input.map((value) =>
    typeof value === 'string' ? value.trim().toLowerCase().replace(/\.$/, '') : '',
  );
  const bad = names.find((name) => !HOST_NAME.test(name));
  if (bad !== undefined) {
    throw new DomainSettingsError(
      `${bad || 'An empty entry'} is not a nameserver's host name (like ns1.example.net).`,
    );
  }
  if (new Set(names).size !== names.length) {
    throw new DomainSettingsError('Each nameserver may be given once.');
  }
  return names;
}

export interface DnsRecordInput {
  type: DnsType;
  host: string;
  value: string;
  ttl: number;
  priority?: number;
}

/** A DNS record as the card sends it, validated for its type. */
export function parseDnsRecord(input: unknown): DnsRecordInput {
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const type = fields.type;
  if (typeof type !== 'string' || !(DNS_TYPES as readonly string[]).includes(type)) {
    throw new DomainSettingsError('Choose a record type: A, AAAA, CNAME, MX or TXT.');
  }
  const host = typeof fields.host === 'string' ? fields.host.trim().toLowerCase() || '@' : '@';
  if (!RECORD_HOST.test(host)) {
    throw new DomainSettingsError(
      'Host: "@" for the domain itself, or a name under it such as www or mail.',
    );
  }
  const value = typeof fields.value === 'string' ? fields.value.trim() : '';
  const ttl = fields.ttl === undefined ? DEFAULT_TTL_SECONDS : fields.ttl;
  if (
    typeof ttl !== 'number' ||
    !Number.isInteger(ttl) ||
    ttl < MIN_TTL_SECONDS ||
    ttl > MAX_TTL_SECONDS
  ) {
    throw new DomainSettingsError('TTL: a whole number of seconds from 7200 (2 hours) to 604800.');
  }
  switch (type as DnsType) {
    case 'A':
      if (ipVersion(value) !== 4) {
        throw new DomainSettingsError('An A record points to an IPv4 address, like 203.0.113.10.');
      }
      break;
    case 'AAAA':
      if (ipVersion(value) !== 6) {
        throw new DomainSettingsError(
          'An AAAA record points to an IPv6 address, like 2001:db8::1.',
        );
      }
      break;
    case 'CNAME':
    case 'MX':
      if (!HOST_NAME.test(value.toLowerCase().replace(/\.$/, ''))) {
        throw new DomainSettingsError(
          `A ${type} record points to a host name, like ${type === 'MX' ? 'mail' : 'www'}.example.net.`,
        );
      }
      if (type === 'CNAME' && host === '@') {
        throw new DomainSettingsError(
          'A CNAME cannot be on the domain itself ("@"): use an A record.',
        );
      }
      break;
    case 'TXT':
      if (value.length < 1 || value.length > 2048) {
        throw new DomainSettingsError('A TXT record holds 1 to 2,048 characters.');
      }
      break;
  }
  const record: DnsRecordInput = {
    type: type as DnsType,
    host,
    value: type === 'CNAME' || type === 'MX' ? value.toLowerCase().replace(/\.$/, '') : value,
    ttl,
  };
  if (type === 'MX') {
    const priority = fields.priority === undefined ? 10 : fields.priority;
    if (
      typeof priority !== 'number' ||
      !Number.isInteger(priority) ||
      priority < 0 ||
      priority > 65_535
    ) {
      throw new DomainSettingsError('MX priority: a whole number from 0 to 65535 (10 is usual).');
    }
    record.priority = priority;
  }
  return record;
}

/** A transfer code needs a sign-in within this long (D23): the ID token's `auth_time`. */
export const AUTH_CODE_FRESH_SIGN_IN_SECONDS = 5 * 60;

export class ReauthRequiredError extends DomainError {
  override readonly name = 'ReauthRequiredError';
  readonly code = 'reauth_required';
  constructor() {
    super('For your security, please sign in again to see the transfer code (within 5 minutes).');
  }
}

/** Whether a sign-in at `authTime` (epoch seconds, the ID token's) is fresh enough now. */
export function assertFreshSignIn(authTime: unknown, now: Date): void {
  const at = typeof authTime === 'string' ? Number(authTime) : authTime;
  if (typeof at !== 'number' || !Number.isFinite(at)) throw new ReauthRequiredError();
  const age = now.getTime() / 1000 - at;
  if (age < -60 || age > AUTH_CODE_FRESH_SIGN_IN_SECONDS) throw new ReauthRequiredError();
}

/** The domain plans whose buyers may turn WHOIS privacy on (the catalog lists it from Premium). */
export const PRIVACY_PLAN_IDS: readonly string[] = ['premiumdomain', 'enterprisedomain'];

export class FeatureNotInPlanError extends DomainError {
  override readonly name = 'FeatureNotInPlanError';
  readonly code = 'feature_not_in_plan';
  constructor(
    readonly feature: string,
    /** The plans that include it, as the buyer reads them. */
    plans = 'Premium Domain and Enterprise Domain',
  ) {
    super(
      `${feature} comes with ${plans}; your plan does not include it. You can choose ${plans.includes(' and ') ? 'one of them' : 'it'} for your renewal from the card's Change plan.`,
    );
  }
}
