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
  authCode: (domain: string) =>
    apiPost<{ authCode: string }>(`${base(domain)}/auth-code`, {}, auth),
};
