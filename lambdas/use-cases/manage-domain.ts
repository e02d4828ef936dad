/**
 * The dashboard's domain card (D23): a buyer's registered domain as the registrar has it, and the
 * settings they may change: nameservers (2 to 4), DNS records (A, AAAA, CNAME, MX, TXT), the
 * theft-protection lock, WHOIS privacy (where the plan has it), DNSSEC's DS records (Enterprise
 * Domain) and the transfer code, which needs
 * a sign-in within 5 minutes and is only ever in this answer: never logged, mailed or stored.
 * A domain is the caller's when one of their domain services holds it and it is registered;
 * anyone else's, or a name not registered yet, is `404 domain_not_found`.
 */
import {
  assertFreshSignIn,
  FeatureNotInPlanError,
  parseDnsRecord,
  parseNameservers,
  PRIVACY_PLAN_IDS,
  DomainSettingsError,
} from '../domain/domain-settings';
import {
  assertDsRecordFits,
  DNSSEC_PLAN_IDS,
  parseDsRecord,
  parseDsRecordId,
  type DsRecord,
} from '../domain/dnssec';
import { planInForce } from '../domain/plan-change';
import { lifeOfService } from './converge-service';
import {
  DnsRecordNotFoundError,
  RegistrarDomainNotFoundError,
  type DnsRecord,
  type RegisteredDomain,
  type Registrar,
} from '../ports/registrar';
import type { ServiceRecord, ServicesStore } from '../ports/services';

export interface DomainDetails {
  name: string;
  serviceId: string;
  /** The registry's expiry. */
  expiresAt: string;
  nameservers: string[];
  locked: boolean;
  privacy: boolean;
  /** Whether the plan includes WHOIS privacy. */
  privacyAvailable: boolean;
  /** Whether the plan includes DNSSEC (DS records): Enterprise Domain. */
  dnssecAvailable: boolean;
}

export interface ManageDomainDeps {
  services: Pick<ServicesStore, 'listServices'>;
  registrar: Registrar;
  now: () => Date;
}

async function ownedDomain(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
): Promise<ServiceRecord & { domain: string }> {
  const name = typeof domain === 'string' ? domain.trim().toLowerCase() : '';
  const services = name ? await deps.services.listServices(userId) : [];
  const service = services.find(
    (s) =>
      s.category === 'domain' &&
      s.domain === name &&
      (s.provisioning?.state === 'ready' || s.provisioning?.state === 'suspended'),
  );
  if (!service) throw new RegistrarDomainNotFoundError(name || String(domain));
  return service as ServiceRecord & { domain: string };
}

/**
 * The tiers whose features the domain has now: the tier in force (D26: one chosen for the renewal,
 * from its date). While that renewal is not paid yet (grace, D17) a feature must be in the tier
 * before it too: a larger tier's features come with its paid renewal, a smaller tier's limits
 * apply on the day.
 */
function tiersOf(service: ServiceRecord, now: Date): string[] {
  const tier = planInForce(service, now).planId;
  const pending = service.pendingPlan;
  if (!pending || tier !== pending.planId || tier === service.planId) return [tier];
  const paidUntil = lifeOfService(service, now).ledger.paidUntil;
  const renewed = paidUntil !== undefined && Date.parse(paidUntil) > Date.parse(pending.from);
  return renewed ? [tier] : [tier, service.planId];
}

function hasFeature(plans: readonly string[], service: ServiceRecord, now: Date): boolean {
  return tiersOf(service, now).every((tier) => plans.includes(tier));
}

function detailsOf(service: ServiceRecord, domain: RegisteredDomain, now: Date): DomainDetails {
  return {
    name: domain.name,
    serviceId: service.serviceId,
    expiresAt: domain.expiresAt,
    nameservers: domain.nameservers,
    locked: domain.locked,
    privacy: domain.privacy,
    privacyAvailable: hasFeature(PRIVACY_PLAN_IDS, service, now),
    dnssecAvailable: hasFeature(DNSSEC_PLAN_IDS, service, now),
  };
}

export async function getDomain(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
): Promise<DomainDetails> {
  const service = await ownedDomain(deps, userId, domain);
  const found = await deps.registrar.details(service.domain);
  if (!found) throw new RegistrarDomainNotFoundError(service.domain);
  return detailsOf(service, found, deps.now());
}

export async function setNameservers(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
  body: unknown,
): Promise<DomainDetails> {
  const nameservers = parseNameservers((body as { nameservers?: unknown } | null)?.nameservers);
  const service = await ownedDomain(deps, userId, domain);
  return detailsOf(
    service,
    await deps.registrar.setNameservers(service.domain, nameservers),
    deps.now(),
  );
}

export async function updateDomainSettings(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
  body: unknown,
): Promise<DomainDetails> {
  const { locked, privacy } = (body ?? {}) as { locked?: unknown; privacy?: unknown };
  if (
    (locked !== undefined && typeof locked !== 'boolean') ||
    (privacy !== undefined && typeof privacy !== 'boolean') ||
    (locked === undefined && privacy === undefined)
  ) {
    throw new DomainSettingsError('Send {"locked": true|false} and/or {"privacy": true|false}.');
  }
  const service = await ownedDomain(deps, userId, domain);
  if (privacy !== undefined && !hasFeature(PRIVACY_PLAN_IDS, service, deps.now())) {
    throw new FeatureNotInPlanError('WHOIS privacy protection');
  }
  let current = await deps.registrar.details(service.domain);
  if (!current) throw new RegistrarDomainNotFoundError(service.domain);
  if (locked !== undefined && locked !== current.locked) {
    current = await deps.registrar.setLock(service.domain, locked);
  }
  if (privacy !== undefined && privacy !== current.privacy) {
    current = await deps.registrar.setPrivacy(service.domain, privacy);
  }
  return detailsOf(service, current, deps.now());
}

export async function listDnsRecords(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
): Promise<{ records: DnsRecord[] }> {
  const service = await ownedDomain(deps, userId, domain);
  return { records: await deps.registrar.dnsRecords(service.domain) };
}

export async function addDnsRecord(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
  body: unknown,
): Promise<{ record: DnsRecord }> {
  const record = parseDnsRecord(body);
  const service = await ownedDomain(deps, userId, domain);
  return { record: await deps.registrar.addDnsRecord(service.domain, record) };
}

export async function deleteDnsRecord(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
  recordId: unknown,
): Promise<{ records: DnsRecord[] }> {
  const service = await ownedDomain(deps, userId, domain);
  await deps.registrar.deleteDnsRecord(
    service.domain,
    typeof recordId === 'string' ? recordId : '',
  );
  return { records: await deps.registrar.dnsRecords(service.domain) };
}

/** The transfer code: only after a sign-in within 5 minutes (`authTime`, the ID token's). */
export async function domainAuthCode(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
  authTime: unknown,
): Promise<{ authCode: string }> {
  assertFreshSignIn(authTime, deps.now());
  const service = await ownedDomain(deps, userId, domain);
  return { authCode: await deps.registrar.authCode(service.domain) };
}

/** The domain, when its plan (in force now) includes DNSSEC; else 409 feature_not_in_plan. */
async function dnssecDomain(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
): Promise<ServiceRecord & { domain: string }> {
  const service = await ownedDomain(deps, userId, domain);
  if (!hasFeature(DNSSEC_PLAN_IDS, service, deps.now())) {
    throw new FeatureNotInPlanError('DNSSEC (DS records)', 'Enterprise Domain');
  }
  return service;
}

/** The DS records published for the caller's Enterprise domain (DNSSEC, D23). */
export async function listDsRecords(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
): Promise<{ records: DsRecord[] }> {
  const service = await dnssecDomain(deps, userId, domain);
  return { records: await deps.registrar.dsRecords(service.domain) };
}

/** Publishes a DS record (validated; at most a handful); answers the records after it. */
export async function addDsRecord(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
  body: unknown,
): Promise<{ records: DsRecord[] }> {
  const record = parseDsRecord(body);
  const service = await dnssecDomain(deps, userId, domain);
  assertDsRecordFits(await deps.registrar.dsRecords(service.domain), record);
  return { records: await deps.registrar.addDsRecord(service.domain, record) };
}

/** Withdraws the DS record `recordId` names; answers the records after it. */
export async function deleteDsRecord(
  deps: ManageDomainDeps,
  userId: string,
  domain: unknown,
  recordId: unknown,
): Promise<{ records: DsRecord[] }> {
  const service = await dnssecDomain(deps, userId, domain);
  const id = typeof recordId === 'string' ? recordId : '';
  const record = parseDsRecordId(id);
  if (!record) throw new DnsRecordNotFoundError(id);
  return { records: await deps.registrar.deleteDsRecord(service.domain, record) };
}
