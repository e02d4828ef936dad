/**
 * The Registrar port over the LogicBoxes HTTP API (docs/toolchain.md cites the calls' documented
 * shapes). Most calls name a domain by its order id, which `domains/orderid` gives for a name.
 * A DNS record has no id at LogicBoxes (its calls name a record by type, host and value), so the
 * id this adapter hands out is those three, encoded.
 */
import { randomBytes } from 'node:crypto';
import {
  DNS_RECORD_TYPES,
  DnsRecordNotFoundError,
  DomainUnavailableError,
  RegistrarDomainNotFoundError,
  RegistrarRefusedError,
  RegistrarUnavailableError,
  type DnsRecord,
  type DnsRecordType,
  type DomainAvailability,
  type NewDnsRecord,
  type RegisteredDomain,
  type Registrar,
  type RegistrantContact,
  type RegistrarCustomer,
  type RegistrationRequest,
  type TransferRequest,
  type TransferStatus,
} from '../../ports/registrar';
import { dsRecordId, type DsRecord, type DsRecordInput } from '../../domain/dnssec';
import type { LogicBoxesApi, LogicBoxesParams } from './logicboxes-api';

/** The action type of an order whose transfer into our account has not completed. */
const TRANSFER_IN = 'AddTransferDomain';

/** LogicBoxes' sentences for a name that is not in our account. */
const NOT_OURS = /doesn't exist|does not exist|no entity found|not found|invalid order/i;
/** ... and for a name someone else holds. */
const TAKEN = /not available|already registered|unavailable|domain is taken/i;

const ADD_CALL: Record<DnsRecordType, string> = {
  A: 'add-ipv4-record',
  AAAA: 'add-ipv6-record',
  CNAME: 'add-cname-record',
  MX: 'add-mx-record',
  TXT: 'add-txt-record',
};
const DELETE_CALL: Record<DnsRecordType, string> = {
  A: 'delete-ipv4-record',
  AAAA: 'delete-ipv6-record',
  CNAME: 'delete-cname-record',
  MX: 'delete-mx-record',
  TXT: 'delete-txt-record',
};

type Fields = Record<string, unknown>;

export class LogicBoxesRegistrar implements Registrar {
  constructor(private readonly api: LogicBoxesApi) {}

  async availability(names: readonly string[]): Promise<DomainAvailability[]> {
    if (names.length === 0) return [];
    const labels = [...new Set(names.map((name) => name.slice(0, name.indexOf('.'))))];
    const tlds = [...new Set(names.map((name) => name.slice(name.indexOf('.') + 1)))];
    const body = await this.ok('GET', 'domains/available', [
      ...labels.map((label) => ['domain-name', label] as const),
      ...tlds.map((tld) => ['tlds', tld] as const),
    ]);
    const answer = asFields(body, 'domains/available');
    return names.map((name) => {
      const entry = answer[name];
      const status =
        typeof entry === 'object' && entry !== null ? (entry as Fields).status : undefined;
      // "regthroughus", "regthroughothers" and "unknown" (the registry did not say) are all
      // "not now": only "available" may be sold.
      return { domain: name, available: status === 'available' };
    });
  }

  async ensureCustomer(contact: RegistrantContact): Promise<RegistrarCustomer> {
    const found = await this.api.call('GET', 'customers/details', [['username', contact.email]]);
    let customerId: string;
    if (found.ok) {
      customerId = stringField(asFields(found.body, 'customers/details'), 'customerid');
    } else {
      // The customer's panel password is never used by us (we act as the reseller): random, kept
      // nowhere.
      const signup = await this.ok('POST', 'customers/signup', [
        ['username', contact.email],
        ['passwd', `${randomBytes(12).toString('base64url')}A1a`],
        ...this.address(contact),
        ['lang-pref', 'en'],
      ]);
      customerId = idOf(signup, 'customers/signup');
    }
    const added = await this.ok('POST', 'contacts/add', [
      ['email', contact.email],
      ...this.address(contact),
      ['customer-id', customerId],
      ['type', 'Contact'],
    ]);
    return { customerId, contactId: idOf(added, 'contacts/add') };
  }

  async register(request: RegistrationRequest): Promise<RegisteredDomain> {
    const answer = await this.api.call('POST', 'domains/register', [
      ['domain-name', request.name],
      ['years', String(request.years)],
      ...orderParams(request),
      ['protect-privacy', String(request.privacy)],
    ]);
    if (!answer.ok) {
      if (TAKEN.test(answer.message)) throw new DomainUnavailableError(request.name);
      throw new RegistrarRefusedError('register', answer.message);
    }
    return this.mustDetails(request.name);
  }

  async details(name: string): Promise<RegisteredDomain | undefined> {
    const fields = await this.detailsByName(name);
    if (!fields) return undefined;
    // A transfer in progress (or failed) is an order of ours, but the name is not ours yet.
    return fields.actiontype === TRANSFER_IN ? undefined : toDomain(fields);
  }

  async transfer(request: TransferRequest): Promise<TransferStatus> {
    // The auth code goes only into this call's query string, which LogicBoxesApi never puts in an
    // error or a log line (as the API key).
    const answer = await this.api.call('POST', 'domains/transfer', [
      ['domain-name', request.name],
      ...orderParams(request),
      ['auth-code', request.authCode],
      ...(request.privacy
        ? [['protect-privacy', 'true'] as const, ['purchase-privacy', 'true'] as const]
        : []),
    ]);
    if (!answer.ok) throw new RegistrarRefusedError('transfer', answer.message);
    const fields = asFields(answer.body, 'domains/transfer');
    if (String(fields.status ?? fields.actionstatus) === 'Failed') {
      return {
        state: 'failed',
        name: request.name,
        customerId: request.customerId,
        detail: String(fields.actionstatusdesc ?? 'The transfer failed.'),
      };
    }
    const status = await this.transferStatus(request.name);
    if (!status) throw new RegistrarUnavailableError('LogicBoxes transfer: no order after it');
    return status;
  }

  /** domains/details-by-name with all options: undefined when the name is no order of ours. */
  private async detailsByName(name: string): Promise<Fields | undefined> {
    const answer = await this.api.call('GET', 'domains/details-by-name', [
      ['domain-name', name],
      ['options', 'All'],
    ]);
    if (!answer.ok) {
      if (NOT_OURS.test(answer.message)) return undefined;
      throw new RegistrarRefusedError('details-by-name', answer.message);
    }
    return asFields(answer.body, 'domains/details-by-name');
  }

  async transferStatus(name: string): Promise<TransferStatus | undefined> {
    const fields = await this.detailsByName(name);
    if (!fields) return undefined;
    if (fields.actiontype !== TRANSFER_IN) return { state: 'completed', domain: toDomain(fields) };
    return {
      state: String(fields.actionstatus) === 'Failed' ? 'failed' : 'pending',
      name: stringField(fields, 'domainname').toLowerCase(),
      customerId: stringField(fields, 'customerid'),
      detail: String(fields.actionstatusdesc ?? ''),
    };
  }

  async renew(name: string, years: number, currentExpiresAt: string): Promise<RegisteredDomain> {
    const orderId = await this.orderId(name);
    await this.ok('POST', 'domains/renew', [
      ['order-id', orderId],
      ['years', String(years)],
      ['exp-date', String(Math.floor(Date.parse(currentExpiresAt) / 1000))],
      ['invoice-option', 'NoInvoice'],
    ]);
    return this.mustDetails(name);
  }

  async setNameservers(name: string, nameservers: readonly string[]): Promise<RegisteredDomain> {
    const orderId = await this.orderId(name);
    await this.ok('POST', 'domains/modify-ns', [
      ['order-id', orderId],
      ...nameservers.map((ns) => ['ns', ns] as const),
    ]);
    return this.mustDetails(name);
  }

  async setLock(name: string, locked: boolean): Promise<RegisteredDomain> {
    const orderId = await this.orderId(name);
    const call = locked ? 'domains/enable-theft-protection' : 'domains/disable-theft-protection';
    await this.ok('POST', call, [['order-id', orderId]]);
    return this.mustDetails(name);
  }

  async setPrivacy(name: string, privacy: boolean): Promise<RegisteredDomain> {
    const orderId = await this.orderId(name);
    await this.ok('POST', 'domains/modify-privacy-protection', [
      ['order-id', orderId],
      ['protect-privacy', String(privacy)],
      ['reason', 'Requested by the domain owner from the dashboard'],
    ]);
    return this.mustDetails(name);
  }

  async authCode(name: string): Promise<string> {
    const answer = await this.api.call('GET', 'domains/details-by-name', [
      ['domain-name', name],
      ['options', 'OrderDetails'],
    ]);
    if (!answer.ok) {
      if (NOT_OURS.test(answer.message)) throw new RegistrarDomainNotFoundError(name);
      throw new RegistrarRefusedError('details-by-name', answer.message);
    }
    const secret = asFields(answer.body, 'domains/details-by-name').domsecret;
    if (typeof secret !== 'string' || secret === '') {
      throw new RegistrarUnavailableError('LogicBoxes details-by-name: no domsecret in the answer');
    }
    return secret;
  }

  async dnsRecords(name: string): Promise<DnsRecord[]> {
    await this.mustDetails(name);
    const pages = await Promise.all(
      DNS_RECORD_TYPES.map(async (type) => {
        const answer = await this.api.call('GET', 'dns/manage/search-records', [
          ['domain-name', name],
          ['type', type],
          ['no-of-records', '50'],
          ['page-no', '1'],
        ]);
        // A zone not activated yet has no records.
        if (!answer.ok) {
          if (NOT_OURS.test(answer.message)) return [];
          throw new RegistrarRefusedError('search-records', answer.message);
        }
        const fields = asFields(answer.body, 'dns/manage/search-records');
        return Object.entries(fields)
          .filter(([key]) => /^\d+$/.test(key))
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, value]) => toRecord(value as Fields, type));
      }),
    );
    return pages.flat();
  }

  async addDnsRecord(name: string, given: NewDnsRecord): Promise<DnsRecord> {
    // LogicBoxes keeps host names lowercase, and the record's id must be what a listing gives.
    const record = { ...given, host: given.host.toLowerCase() };
    const orderId = await this.orderId(name);
    // Activating the zone is idempotent at LogicBoxes; a zone must be active before a record.
    await this.ok('POST', 'dns/activate', [['order-id', orderId]]);
    await this.ok('POST', `dns/manage/${ADD_CALL[record.type]}`, [
      ['domain-name', name],
      ['host', record.host],
      ['value', record.value],
      ['ttl', String(record.ttl)],
      ...(record.type === 'MX' ? [['priority', String(record.priority ?? 10)] as const] : []),
    ]);
    return { ...record, id: recordId(record.type, record.host, record.value) };
  }

  async deleteDnsRecord(name: string, id: string): Promise<void> {
    const parts = parseRecordId(id);
    if (!parts) throw new DnsRecordNotFoundError(id);
    const [type, host, value] = parts;
    const answer = await this.api.call('POST', `dns/manage/${DELETE_CALL[type]}`, [
      ['domain-name', name],
      ['host', host],
      ['value', value],
    ]);
    if (!answer.ok) {
      if (/no record|not found|does not exist/i.test(answer.message)) {
        throw new DnsRecordNotFoundError(id);
      }
      throw new RegistrarRefusedError('delete-record', answer.message);
    }
  }

  /** details-by-name with `options=DNSSECDetails`: its `dnssec` list (keytag, algorithm, ...). */
  async dsRecords(name: string): Promise<DsRecord[]> {
    const answer = await this.api.call('GET', 'domains/details-by-name', [
      ['domain-name', name],
      ['options', 'DNSSECDetails'],
    ]);
    if (!answer.ok) {
      if (NOT_OURS.test(answer.message)) throw new RegistrarDomainNotFoundError(name);
      throw new RegistrarRefusedError('details-by-name', answer.message);
    }
    const fields = asFields(answer.body, 'domains/details-by-name');
    if (fields.actiontype === TRANSFER_IN) throw new RegistrarDomainNotFoundError(name);
    const list = fields.dnssec;
    // A list, or (as LogicBoxes answers other lists) an object of numbered entries; none: [].
    const entries: unknown[] = Array.isArray(list)
      ? list
      : typeof list === 'object' && list !== null
        ? Object.values(list)
        : [];
    return entries.map((entry) => toDsRecord(asFields(entry, 'DNSSECDetails')));
  }

  async addDsRecord(name: string, record: DsRecordInput): Promise<DsRecord[]> {
    const orderId = await this.orderId(name);
    await this.ok('POST', 'domains/add-dnssec', [['order-id', orderId], ...dsParams(record)]);
    return this.dsRecords(name);
  }

  async deleteDsRecord(name: string, record: DsRecordInput): Promise<DsRecord[]> {
    const id = dsRecordId(record);
    // The registry's refusal of an unknown record is not documented: look first.
    if (!(await this.dsRecords(name)).some((r) => r.id === id)) {
      throw new DnsRecordNotFoundError(id);
    }
    const orderId = await this.orderId(name);
    await this.ok('POST', 'domains/del-dnssec', [['order-id', orderId], ...dsParams(record)]);
    return this.dsRecords(name);
  }

  private address(contact: RegistrantContact): LogicBoxesParams {
    return [
      ['name', contact.name],
      ['company', contact.company || 'N A'],
      ['address-line-1', contact.addressLine1],
      ['city', contact.city],
      ['state', contact.state],
      ['country', contact.country],
      ['zipcode', contact.postalCode],
      ['phone-cc', contact.phoneCountryCode],
      ['phone', contact.phone],
    ];
  }

  private async ok(
    method: 'GET' | 'POST',
    call: string,
    params: LogicBoxesParams,
  ): Promise<unknown> {
    const answer = await this.api.call(method, call, params);
    if (!answer.ok) throw new RegistrarRefusedError(call, answer.message);
    return answer.body;
  }

  private async orderId(name: string): Promise<string> {
    const answer = await this.api.call('GET', 'domains/orderid', [['domain-name', name]]);
    if (!answer.ok) {
      if (NOT_OURS.test(answer.message)) throw new RegistrarDomainNotFoundError(name);
      throw new RegistrarRefusedError('orderid', answer.message);
    }
    return idOf(answer.body, 'domains/orderid');
  }

  private async mustDetails(name: string): Promise<RegisteredDomain> {
    const found = await this.details(name);
    if (!found) throw new RegistrarDomainNotFoundError(name);
    return found;
  }
}

/**
 * What domains/register and domains/transfer both take: the name servers, the customer,
 * the one contact in all four roles, and no invoice (the reseller account pays).
 */
function orderParams(
  request: Pick<RegistrationRequest, 'nameservers' | 'customerId' | 'contactId'>,
): (readonly [string, string])[] {
  return [
    ...request.nameservers.map((ns) => ['ns', ns] as const),
    ['customer-id', request.customerId],
    ['reg-contact-id', request.contactId],
    ['admin-contact-id', request.contactId],
    ['tech-contact-id', request.contactId],
    ['billing-contact-id', request.contactId],
    ['invoice-option', 'NoInvoice'],
  ];
}

/** One DS record as add-dnssec and del-dnssec take it: four numbered attribute name/value pairs. */
function dsParams(record: DsRecordInput): (readonly [string, string])[] {
  const attributes: [string, string][] = [
    ['keytag', String(record.keyTag)],
    ['algorithm', String(record.algorithm)],
    ['digesttype', String(record.digestType)],
    ['digest', record.digest],
  ];
  return attributes.flatMap(([attribute, value], index) => [
    [`attr-name${index + 1}`, attribute] as const,
    [`attr-value${index + 1}`, value] as const,
  ]);
}

function toDsRecord(fields: Fields): DsRecord {
  const record: DsRecordInput = {
    keyTag: Number(stringField(fields, 'keytag')),
    algorithm: Number(stringField(fields, 'algorithm')),
    digestType: Number(stringField(fields, 'digesttype')),
    digest: stringField(fields, 'digest').toUpperCase(),
  };
  return { ...record, id: dsRecordId(record) };
}

function asFields(body: unknown, call: string): Fields {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RegistrarUnavailableError(`LogicBoxes ${call}: the answer is not an object`);
  }
  return body as Fields;
}

function stringField(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new RegistrarUnavailableError(`LogicBoxes: no ${key} in the answer`);
}

/** LogicBoxes answers a new entity's id as a bare number (or a string of digits). */
function idOf(body: unknown, call: string): string {
  if (
    (typeof body === 'number' && Number.isInteger(body)) ||
    (typeof body === 'string' && /^\d+$/.test(body))
  ) {
    return String(body);
  }
  throw new RegistrarUnavailableError(`LogicBoxes ${call}: the answer is not an id`);
}

function toDomain(fields: Fields): RegisteredDomain {
  const endtime = Number(stringField(fields, 'endtime'));
  if (!Number.isFinite(endtime)) {
    throw new RegistrarUnavailableError('LogicBoxes details: endtime is not a number');
  }
  const nameservers = [
    'ns1',
    'ns2',
    'ns3',
    'ns4',
    'ns5',
    'ns6',
    'ns7',
    'ns8',
    'ns9',
    'ns10',
    'ns11',
    'ns12',
    'ns13',
  ]
    .map((key) => fields[key])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  const status = Array.isArray(fields.orderstatus) ? fields.orderstatus : [];
  return {
    name: stringField(fields, 'domainname').toLowerCase(),
    customerId: stringField(fields, 'customerid'),
    nameservers,
    locked: status.some((entry) => String(entry).toLowerCase() === 'transferlock'),
    privacy: String(fields.isprivacyprotected) === 'true',
    expiresAt: new Date(endtime * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

function toRecord(fields: Fields, type: DnsRecordType): DnsRecord {
  const host = String(fields.host ?? '@');
  const value = String(fields.value ?? '');
  const ttl = Number(fields.ttl ?? 14_400);
  const priority = fields.priority === undefined ? undefined : Number(fields.priority);
  return {
    id: recordId(type, host, value),
    type,
    host,
    value,
    ttl,
    ...(type === 'MX' && priority !== undefined ? { priority } : {}),
  };
}

export function recordId(type: DnsRecordType, host: string, value: string): string {
  return Buffer.from(JSON.stringify([type, host, value])).toString('base64url');
}

export function parseRecordId(id: string): [DnsRecordType, string, string] | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(id, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      (DNS_RECORD_TYPES as readonly unknown[]).includes(parsed[0]) &&
      typeof parsed[1] === 'string' &&
      typeof parsed[2] === 'string'
    ) {
      return parsed as [DnsRecordType, string, string];
    }
  } catch {
    return undefined;
  }
  return undefined;
}
