import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

/** A registered domain as the registrar has it (docs/api.md, the domain card, D23). */
export interface DomainDetails {
  name: string;
  serviceId: string;
  expiresAt: string;
  nameservers: string[];
  locked: boolean;
  privacy: boolean;
  privacyAvailable: boolean;
  /** Whether the plan includes DNSSEC (DS records): Enterprise Domain. */
  dnssecAvailable?: boolean;
}

/** A DS record published at the registry (DNSSEC, Enterprise Domain). */
export interface DsRecord {
  id: string;
  keyTag: number;
  algorithm: number;
  digestType: number;
  digest: string;
}

export type DnsType = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT';

export interface DnsRecord {
  id: string;
  type: DnsType;
  host: string;
  value: string;
  ttl: number;
  priority?: number;
}

const base = (domain: string) => `/me/domains/${encodeURIComponent(domain)}`;
const auth = { auth: true };

export const domainApi = {
  details: (domain: string) => apiGet<DomainDetails>(base(domain), auth),
  setNameservers: (domain: string, nameservers: string[]) =>
    apiPut<DomainDetails>(`${base(domain)}/nameservers`, { nameservers }, auth),
  settings: (domain: string, change: { locked?: boolean; privacy?: boolean }) =>
    apiPut<DomainDetails>(`${base(domain)}/settings`, change, auth),
  records: (domain: string) =>
    apiGet<{ records: DnsRecord[] }>(`${base(domain)}/dns-records`, auth),
  addRecord: (domain: string, record: Omit<DnsRecord, 'id' | 'ttl'> & { ttl?: number }) =>
    apiPost<{ record: DnsRecord }>(`${base(domain)}/dns-records`, record, auth),
  deleteRecord: (domain: string, id: string) =>
    apiDelete(`${base(domain)}/dns-records/${encodeURIComponent(id)}`, auth),
  dsRecords: (domain: string) =>
    apiGet<{ records: DsRecord[] }>(`${base(domain)}/ds-records`, auth),
  addDsRecord: (domain: string, record: Omit<DsRecord, 'id'>) =>
    apiPost<{ records: DsRecord[] }>(`${base(domain)}/ds-records`, record, auth),
  deleteDsRecord: (domain: string, id: string) =>
    apiDelete(`${base(domain)}/ds-records/${encodeURIComponent(id)}`, auth),
  authCode: (domain: string) =>
    apiPost<{ authCode: string }>(`${base(domain)}/auth-code`, {}, auth),
};
