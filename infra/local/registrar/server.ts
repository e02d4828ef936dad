/**
 * The registrar stand-in: the LogicBoxes HTTP API as its documentation gives it (docs/toolchain.md),
 * so the registrar adapter runs unchanged against it and against LogicBoxes itself. Every call is
 * `/api/{group}/{call}.json` with its parameters, `auth-userid` and `api-key` included, in the
 * query string (a POST's form body is read too); answers are JSON, a refusal
 * `{"status": "ERROR", "message"}`. Calls: domains/available, customers/details, customers/signup,
 * contacts/add, domains/register, domains/details-by-name, domains/orderid, domains/renew (with
 * exp-date, refused unless it is the registry's expiry), domains/modify-ns,
 * domains/enable-theft-protection, domains/disable-theft-protection,
 * domains/modify-privacy-protection, domains/add-dnssec, domains/del-dnssec (a DS record as
 * attr-name1..4 / attr-value1..4: keytag, algorithm, digesttype, digest; listed by
 * details-by-name's DNSSECDetails as `dnssec`), domains/transfer, dns/activate, dns/manage/search-records
 * and dns/manage/{add,delete}-{ipv4,ipv6,cname,mx,txt}-record.
 *
 * Test hooks (CONTRACT, round 3), JSON from this machine only: `GET /_registrar/domains`,
 * `POST /_registrar/taken {"domain", "authCode"?}` (someone else registers it now, with that
 * auth code at their registrar), `POST /_registrar/outage {"on"}`. A label containing "taken" is
 * never available.
 *
 * Transfer-in (D23): a name held elsewhere can be transferred with its auth code. The order is
 * pending ("Transfer waiting for Losing Registrar Approval") for `transferDelayMs`, then completes
 * (the name is ours, its expiry a year later than it was) or, with a wrong code, fails. The right
 * code is the one the taken hook gave; for a name without one, any code that does not contain
 * "wrong". Local only: nothing here ships to AWS.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import {
  RegistrarStandInState,
  type StandInDomain,
  type StandInDsRecord,
  type StandInRecord,
} from './state';
import { closeServer, controlRefusal, json, listenOnLoopback, send } from '../stand-in-http';

export interface RegistrarStandInOptions {
  /** 0 picks a free port. */
  port: number;
  /** State is kept under `${dataDir}/registrar`. */
  dataDir: string;
  resellerId: string;
  apiKey: string;
  /** How long each API answer takes (a real registrar answers in about 50 ms). */
  latencyMs?: number;
  /** The clock, epoch milliseconds. */
  now?: () => number;
  /** How long a transfer in waits for the losing registrar before it completes (or fails). */
  transferDelayMs?: number;
}

export interface RegistrarStandIn {
  url: string;
  stop(): Promise<void>;
}

/** The extensions the stand-in's registry knows. */
export const STAND_IN_TLDS = ['com', 'net', 'org', 'in', 'co.in'] as const;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const RECORD_HOST =
  /^(?:@|\*|(?:\*\.)?[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*)$/;
const YEAR_SECONDS = 365 * 24 * 3600;
/** A name held elsewhere expires this long after a transfer is asked for (then a year more). */
const ELSEWHERE_EXPIRY_SECONDS = 200 * 24 * 3600;
export const DEFAULT_TRANSFER_DELAY_MS = 3_000;
const MAX_BODY_BYTES = 64 * 1024;

const RECORD_CALLS: Record<string, string> = {
  ipv4: 'A',
  ipv6: 'AAAA',
  cname: 'CNAME',
  mx: 'MX',
  txt: 'TXT',
};

type Answer = { status: number; body: unknown };

const ok = (body: unknown): Answer => ({ status: 200, body });
const refuse = (message: string, status = 200): Answer => ({
  status,
  body: { status: 'ERROR', message },
});

export async function startRegistrarStandIn(
  options: RegistrarStandInOptions,
): Promise<RegistrarStandIn> {
  return new RegistrarStandInServer(options).listen();
}

export function splitName(name: string): { label: string; tld: string } | undefined {
  const dot = name.indexOf('.');
  if (dot <= 0) return undefined;
  const label = name.slice(0, dot);
  const tld = name.slice(dot + 1);
  if (!LABEL.test(label) || !(STAND_IN_TLDS as readonly string[]).includes(tld)) return undefined;
  return { label, tld };
}

class RegistrarStandInServer {
  private readonly state: RegistrarStandInState;
  private readonly now: () => number;
  private server: Server | undefined;
  private outage = false;

  constructor(private readonly options: RegistrarStandInOptions) {
    this.state = new RegistrarStandInState(options.dataDir);
    this.now = options.now ?? Date.now;
  }

  async listen(): Promise<RegistrarStandIn> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error('[registrar-stand-in] unexpected error', error);
        if (!res.headersSent) send(res, 500, 'text/plain', 'The stand-in failed.');
      });
    });
    this.server = server;
    const url = await listenOnLoopback(server, this.options.port);
    return { url, stop: () => this.stop() };
  }

  private stop(): Promise<void> {
    return closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    // A transfer whose wait is over completes (or fails) before anyone looks at it.
    this.settleTransfers();
    // The stand-in's own controls answer in an outage too, so a test can end it.
    if (path.startsWith('/_registrar/')) return this.hook(req, res, method, path);

    if (this.outage) {
      req.resume();
      return send(res, 503, 'text/html', '<h1>503 Service Unavailable</h1>');
    }

    const api = /^\/api\/([a-z0-9-]+(?:\/[a-z0-9-]+)*)\.json$/.exec(path);
    if (!api?.[1] || (method !== 'GET' && method !== 'POST')) {
      req.resume();
      return send(res, 404, 'text/plain', 'Not found.');
    }
    const params = new URLSearchParams(url.search);
    if (method === 'POST') {
      for (const [key, value] of new URLSearchParams(await readBody(req)))
        params.append(key, value);
    } else {
      req.resume();
    }
    if (this.options.latencyMs) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, this.options.latencyMs));
    }
    if (!this.authorised(params)) {
      return json(res, 403, {
        status: 'ERROR',
        message:
          'Access Denied: You are not authorized to perform this action (auth-userid or api-key)',
      });
    }
    const answer = this.call(method, api[1], params);
    return json(res, answer.status, answer.body);
  }

  private async hook(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
  ): Promise<void> {
    const refusal = controlRefusal(req);
    if (refusal) {
      req.resume();
      return json(res, refusal.status, { error: refusal.message });
    }
    if (path === '/_registrar/domains' && method === 'GET') {
      req.resume();
      const registered = this.state.domains().filter((domain) => !domain.transfer);
      return json(res, 200, { domains: registered.map(describe) });
    }
    if (method !== 'POST' || (path !== '/_registrar/taken' && path !== '/_registrar/outage')) {
      req.resume();
      return send(res, 404, 'text/plain', 'Not found.');
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      body = undefined;
    }
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    if (path === '/_registrar/outage') {
      if (typeof fields.on !== 'boolean') {
        return json(res, 400, { error: 'Send {"on": true} or {"on": false}.' });
      }
      this.outage = fields.on;
      return json(res, 200, { outage: this.outage });
    }
    const name = typeof fields.domain === 'string' ? fields.domain.trim().toLowerCase() : '';
    if (!splitName(name)) {
      return json(res, 400, {
        error: 'Send {"domain": "name.com"} with an extension we know.',
      });
    }
    if (this.state.domain(name)) {
      return json(res, 409, { error: `${name} is registered in this account.` });
    }
    const authCode = typeof fields.authCode === 'string' ? fields.authCode : undefined;
    this.state.take(name, authCode);
    return json(res, 200, { taken: name });
  }

  private authorised(params: URLSearchParams): boolean {
    const user = params.get('auth-userid') ?? '';
    const key = Buffer.from(params.get('api-key') ?? '');
    const expected = Buffer.from(this.options.apiKey);
    return (
      user === this.options.resellerId &&
      key.length === expected.length &&
      timingSafeEqual(key, expected)
    );
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private call(method: string, call: string, params: URLSearchParams): Answer {
    const post = (answer: () => Answer): Answer =>
      method === 'POST' ? answer() : refuse(`${call} must be called with POST`, 405);
    switch (call) {
      case 'domains/available':
        return this.available(params);
      case 'customers/details':
        return this.customerDetails(params);
      case 'customers/signup':
        return post(() => this.signup(params));
      case 'contacts/add':
        return post(() => this.addContact(params));
      case 'domains/register':
        return post(() => this.register(params));
      case 'domains/transfer':
        return post(() => this.transfer(params));
      case 'domains/details-by-name':
        return this.withName(params, (domain) =>
          ok(
            domain.transfer
              ? this.transferDetails(domain)
              : this.details(domain, params.get('options')),
          ),
        );
      case 'domains/orderid':
        return this.withName(params, (domain) => ok(domain.orderId));
      case 'domains/renew':
        return post(() => this.withOrder(params, (domain) => this.renew(domain, params)));
      case 'domains/modify-ns':
        return post(() => this.withOrder(params, (domain) => this.modifyNs(domain, params)));
      case 'domains/enable-theft-protection':
      case 'domains/disable-theft-protection':
        return post(() =>
          this.withOrder(params, (domain) => {
            this.state.putDomain({ ...domain, locked: call.startsWith('domains/enable') });
            return ok(action(domain, 'Modify Theft Protection'));
          }),
        );
      case 'domains/modify-privacy-protection':
        return post(() =>
          this.withOrder(params, (domain) => {
            const value = params.get('protect-privacy');
            if (value !== 'true' && value !== 'false') {
              return refuse('protect-privacy must be true or false');
            }
            if (!params.get('reason')) return refuse('reason is required');
            this.state.putDomain({ ...domain, privacy: value === 'true' });
            return ok(action(domain, 'Modify Privacy Protection'));
          }),
        );
      case 'domains/add-dnssec':
      case 'domains/del-dnssec':
        return post(() =>
          this.withOrder(params, (domain) =>
            this.dnssec(domain, params, call === 'domains/add-dnssec'),
          ),
        );
      case 'dns/activate':
        return post(() =>
          this.withOrder(params, (domain) => {
            this.state.putDomain({ ...domain, dnsActive: true });
            return ok({ status: 'Success' });
          }),
        );
      case 'dns/manage/search-records':
        return this.searchRecords(params);
      default: {
        const record = /^dns\/manage\/(add|delete)-(ipv4|ipv6|cname|mx|txt)-record$/.exec(call);
        if (record?.[1] && record[2]) {
          const type = RECORD_CALLS[record[2]] ?? 'A';
          return post(() =>
            record[1] === 'add' ? this.addRecord(type, params) : this.deleteRecord(type, params),
          );
        }
        return refuse(`Unknown API call ${call}`, 404);
      }
    }
  }

  private available(params: URLSearchParams): Answer {
    const labels = params.getAll('domain-name');
    const tlds = params.getAll('tlds');
    if (labels.length === 0 || tlds.length === 0)
      return refuse('domain-name and tlds are required');
    const answer: Record<string, { classkey: string; status: string }> = {};
    for (const label of labels) {
      for (const tld of tlds) {
        const name = `${label.toLowerCase()}.${tld.toLowerCase()}`;
        if (!splitName(name)) return refuse(`Invalid domain name or TLD: ${name}`);
        answer[name] = { classkey: classKey(tld), status: this.status(name) };
      }
    }
    return ok(answer);
  }

  private status(name: string): string {
    const ours = this.state.domain(name);
    // A transfer in that has not completed: the name is still held elsewhere.
    if (ours) return ours.transfer ? 'regthroughothers' : 'regthroughus';
    if (this.state.isTaken(name) || name.slice(0, name.indexOf('.')).includes('taken')) {
      return 'regthroughothers';
    }
    return 'available';
  }

  private customerDetails(params: URLSearchParams): Answer {
    const customer = this.state.customerByUsername(params.get('username') ?? '');
    if (!customer) return refuse('Customer not found');
    return ok({
      customerid: String(customer.id),
      username: customer.username,
      name: customer.name,
      customerstatus: 'Active',
    });
  }

  private signup(params: URLSearchParams): Answer {
    const missing = [
      'username',
      'passwd',
      'name',
      'company',
      'address-line-1',
      'city',
      'state',
      'country',
      'zipcode',
      'phone-cc',
      'phone',
      'lang-pref',
    ].filter((key) => !params.get(key));
    if (missing.length > 0) return refuse(`Missing parameters: ${missing.join(', ')}`);
    const username = params.get('username') ?? '';
    if (this.state.customerByUsername(username)) return refuse(`${username} is already a customer`);
    const id = this.state.newId();
    this.state.putCustomer({ id, username, name: params.get('name') ?? '' });
    return ok(id);
  }

  private addContact(params: URLSearchParams): Answer {
    const missing = [
      'name',
      'company',
      'email',
      'address-line-1',
      'city',
      'country',
      'zipcode',
      'phone-cc',
      'phone',
      'customer-id',
      'type',
    ].filter((key) => !params.get(key));
    if (missing.length > 0) return refuse(`Missing parameters: ${missing.join(', ')}`);
    const customerId = Number(params.get('customer-id'));
    if (!this.state.customer(customerId)) return refuse(`Invalid customer-id ${customerId}`);
    const id = this.state.newId();
    this.state.putContact({
      id,
      customerId,
      name: params.get('name') ?? '',
      email: params.get('email') ?? '',
    });
    return ok(id);
  }

  /**
   * What domains/register and domains/transfer both take: the name servers, the customer and its
   * four contacts, and an invoice option; a refusal as LogicBoxes words it when one is wrong.
   */
  private orderParams(
    params: URLSearchParams,
  ): Answer | { nameservers: string[]; customerId: number; contactIds: number[] } {
    const nameservers = params.getAll('ns').map((ns) => ns.toLowerCase());
    if (
      nameservers.length < 1 ||
      nameservers.length > 13 ||
      !nameservers.every((ns) => HOST_NAME.test(ns))
    ) {
      return refuse('ns: give 1 to 13 valid name servers');
    }
    const customerId = Number(params.get('customer-id'));
    if (!this.state.customer(customerId)) return refuse(`Invalid customer-id ${customerId}`);
    const contactIds = [
      'reg-contact-id',
      'admin-contact-id',
      'tech-contact-id',
      'billing-contact-id',
    ].map((key) => Number(params.get(key)));
    if (!contactIds.every((id) => this.state.contact(id)?.customerId === customerId)) {
      return refuse('The contact ids must be contacts of this customer');
    }
    if (!params.get('invoice-option')) return refuse('invoice-option is required');
    return { nameservers, customerId, contactIds };
  }

  private register(params: URLSearchParams): Answer {
    const name = (params.get('domain-name') ?? '').toLowerCase();
    if (!splitName(name)) return refuse(`Invalid domain name ${name}`);
    const years = Number(params.get('years'));
    if (!Number.isInteger(years) || years < 1 || years > 10) return refuse('years must be 1 to 10');
    const order = this.orderParams(params);
    if ('status' in order) return order;
    const { nameservers, customerId, contactIds } = order;
    if (this.status(name) !== 'available') {
      return refuse(`Domain name ${name} is not available for registration`);
    }
    const now = this.seconds();
    const domain: StandInDomain = {
      orderId: this.state.newId(),
      name,
      customerId,
      contactId: contactIds[0] ?? 0,
      nameservers,
      locked: true,
      privacy: params.get('protect-privacy') === 'true',
      creationTime: now,
      endTime: now + years * YEAR_SECONDS,
      authCode: randomBytes(9).toString('base64url'),
      dnsActive: false,
      records: [],
    };
    this.state.putDomain(domain);
    return ok({
      ...action(domain, `Registration of ${name} for ${years} year(s)`),
      status: 'Success',
    });
  }

  /** domains/transfer: the parameters as domains/register takes them, with `auth-code`. */
  private transfer(params: URLSearchParams): Answer {
    const name = (params.get('domain-name') ?? '').toLowerCase();
    if (!splitName(name)) return refuse(`Invalid domain name ${name}`);
    const order = this.orderParams(params);
    if ('status' in order) return order;
    const { nameservers, customerId, contactIds } = order;
    const code = params.get('auth-code') ?? '';
    if (!code) return refuse('auth-code is required');
    const existing = this.state.domain(name);
    if (existing && existing.transfer?.state !== 'failed') {
      return refuse(`${name} is already in your account`);
    }
    if (this.status(name) === 'available') {
      return refuse(`Domain name ${name} is currently available for Registration`);
    }
    const known = this.state.authCodeElsewhere(name);
    const now = this.seconds();
    const domain: StandInDomain = {
      orderId: this.state.newId(),
      name,
      customerId,
      contactId: contactIds[0] ?? 0,
      nameservers,
      locked: true,
      privacy: params.get('protect-privacy') === 'true',
      creationTime: now,
      endTime: now + ELSEWHERE_EXPIRY_SECONDS + YEAR_SECONDS,
      authCode: randomBytes(9).toString('base64url'),
      dnsActive: false,
      records: [],
      transfer: {
        state: 'pending',
        completesAt: this.now() + (this.options.transferDelayMs ?? DEFAULT_TRANSFER_DELAY_MS),
        codeRight: known !== undefined ? code === known : !/wrong/i.test(code),
      },
    };
    this.state.putDomain(domain);
    return ok({
      ...action(domain, `Transfer of ${name}`),
      actiontype: 'AddTransferDomain',
      actionstatus: 'InProcess',
      actionstatusdesc: 'Transfer waiting for Losing Registrar Approval',
      status: 'Success',
    });
  }

  /** Transfers whose wait is over: completed with the right code, failed with a wrong one. */
  private settleTransfers(): void {
    for (const domain of this.state.domains()) {
      const transfer = domain.transfer;
      if (transfer?.state !== 'pending' || transfer.completesAt > this.now()) continue;
      if (transfer.codeRight) {
        const { transfer: _done, ...completed } = domain;
        this.state.putDomain(completed);
        this.state.release(domain.name);
      } else {
        this.state.putDomain({ ...domain, transfer: { ...transfer, state: 'failed' } });
      }
    }
  }

  /** details-by-name of an order whose transfer in has not completed. */
  private transferDetails(domain: StandInDomain): Record<string, unknown> {
    const failed = domain.transfer?.state === 'failed';
    return {
      orderid: String(domain.orderId),
      entityid: String(domain.orderId),
      domainname: domain.name,
      description: domain.name,
      customerid: String(domain.customerId),
      currentstatus: 'InActive',
      actiontype: 'AddTransferDomain',
      actiontypedesc: `Transfer of ${domain.name}`,
      actionstatus: failed ? 'Failed' : 'InProcess',
      actionstatusdesc: failed
        ? 'Transfer failed: the authorization code given is not valid for this domain'
        : 'Transfer waiting for Losing Registrar Approval',
      ...Object.fromEntries(domain.nameservers.map((ns, index) => [`ns${index + 1}`, ns])),
    };
  }

  private renew(domain: StandInDomain, params: URLSearchParams): Answer {
    const years = Number(params.get('years'));
    if (!Number.isInteger(years) || years < 1 || years > 10) return refuse('years must be 1 to 10');
    if (!params.get('invoice-option')) return refuse('invoice-option is required');
    if (Number(params.get('exp-date')) !== domain.endTime) {
      return refuse(
        `exp-date does not match the current expiry date of ${domain.name} (${domain.endTime})`,
      );
    }
    this.state.putDomain({ ...domain, endTime: domain.endTime + years * YEAR_SECONDS });
    return ok(action(domain, `Renewal of ${domain.name} for ${years} year(s)`));
  }

  /** add-dnssec / del-dnssec: one DS record as four attribute name/value pairs. */
  private dnssec(domain: StandInDomain, params: URLSearchParams, add: boolean): Answer {
    const attributes: Record<string, string> = {};
    for (let index = 1; params.has(`attr-name${index}`); index += 1) {
      attributes[params.get(`attr-name${index}`) ?? ''] = params.get(`attr-value${index}`) ?? '';
    }
    const { keytag, algorithm, digesttype, digest } = attributes;
    if (keytag === undefined || !algorithm || !digesttype || !digest) {
      return refuse('attr-name1..4 must give keytag, algorithm, digesttype and digest');
    }
    if (!/^\d+$/.test(keytag) || Number(keytag) > 65_535) return refuse(`Invalid keytag ${keytag}`);
    if (!/^\d+$/.test(algorithm) || !/^\d+$/.test(digesttype)) {
      return refuse('algorithm and digesttype must be numbers');
    }
    const lengths: Record<string, number> = { '1': 40, '2': 64, '4': 96 };
    if (!/^[0-9a-fA-F]+$/.test(digest) || digest.length !== lengths[digesttype]) {
      return refuse(`Invalid digest for digest type ${digesttype}`);
    }
    const record: StandInDsRecord = {
      keytag: String(Number(keytag)),
      algorithm: String(Number(algorithm)),
      digesttype: String(Number(digesttype)),
      digest: digest.toUpperCase(),
    };
    const same = (r: StandInDsRecord) =>
      r.keytag === record.keytag &&
      r.algorithm === record.algorithm &&
      r.digesttype === record.digesttype &&
      r.digest === record.digest;
    const current = domain.dnssec ?? [];
    if (add) {
      if (current.some(same)) return refuse('DS record already exists');
      this.state.putDomain({ ...domain, dnssec: [...current, record] });
      return ok(action(domain, 'Addition of DNSSEC record'));
    }
    if (!current.some(same)) return refuse('No such DS record found');
    this.state.putDomain({ ...domain, dnssec: current.filter((r) => !same(r)) });
    return ok(action(domain, 'Deletion of DNSSEC record'));
  }

  private modifyNs(domain: StandInDomain, params: URLSearchParams): Answer {
    const nameservers = params.getAll('ns').map((ns) => ns.toLowerCase());
    if (
      nameservers.length < 1 ||
      nameservers.length > 13 ||
      !nameservers.every((ns) => HOST_NAME.test(ns))
    ) {
      return refuse('ns: give 1 to 13 valid name servers');
    }
    this.state.putDomain({ ...domain, nameservers });
    return ok(action(domain, 'Modification of Nameservers'));
  }

  private searchRecords(params: URLSearchParams): Answer {
    const name = (params.get('domain-name') ?? '').toLowerCase();
    const domain = this.state.domain(name);
    if (!domain) return refuse(`No Entity found for ${name}`);
    const type = (params.get('type') ?? '').toUpperCase();
    if (!['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'SOA'].includes(type)) {
      return refuse('type is required');
    }
    const size = Number(params.get('no-of-records'));
    const page = Number(params.get('page-no'));
    if (!(size >= 10 && size <= 50) || !(page >= 1)) {
      return refuse('no-of-records must be 10 to 50 and page-no 1 or more');
    }
    const matching = domain.records.filter((record) => record.type === type);
    const onPage = matching.slice((page - 1) * size, page * size);
    const answer: Record<string, unknown> = {
      recsindb: String(matching.length),
      recsonpage: String(onPage.length),
    };
    onPage.forEach((record, index) => {
      answer[String(index + 1)] = {
        host: record.host,
        value: record.value,
        ttl: String(record.ttl),
        type: record.type,
        status: 'Active',
        ...(record.priority === undefined ? {} : { priority: String(record.priority) }),
      };
    });
    return ok(answer);
  }

  private addRecord(type: string, params: URLSearchParams): Answer {
    const name = (params.get('domain-name') ?? '').toLowerCase();
    const domain = this.state.domain(name);
    if (!domain) return refuse(`No Entity found for ${name}`);
    if (!domain.dnsActive) return refuse(`DNS service is not active for ${name}`);
    const host = (params.get('host') ?? '').toLowerCase();
    const value = params.get('value') ?? '';
    const ttl = Number(params.get('ttl'));
    if (!RECORD_HOST.test(host)) return refuse(`Invalid host ${host}`);
    if (!Number.isInteger(ttl) || ttl < 7200) return refuse('ttl must be 7200 seconds or more');
    const problem = recordValueProblem(type, value);
    if (problem) return refuse(problem);
    const record: StandInRecord = { type, host, value, ttl };
    if (type === 'MX') {
      const priority = Number(params.get('priority'));
      if (!Number.isInteger(priority) || priority < 0 || priority > 65_535) {
        return refuse('priority must be 0 to 65535');
      }
      record.priority = priority;
    }
    if (domain.records.some((r) => r.type === type && r.host === host && r.value === value)) {
      return refuse('Record already exists');
    }
    this.state.putDomain({ ...domain, records: [...domain.records, record] });
    return ok({ status: 'Success', msg: `Record added successfully` });
  }

  private deleteRecord(type: string, params: URLSearchParams): Answer {
    const name = (params.get('domain-name') ?? '').toLowerCase();
    const domain = this.state.domain(name);
    if (!domain) return refuse(`No Entity found for ${name}`);
    const host = (params.get('host') ?? '').toLowerCase();
    const value = params.get('value') ?? '';
    const remaining = domain.records.filter(
      (r) => !(r.type === type && r.host === host && r.value === value),
    );
    if (remaining.length === domain.records.length) return refuse('No record found');
    this.state.putDomain({ ...domain, records: remaining });
    return ok({ status: 'Success', msg: 'Record deleted successfully' });
  }

  private withName(params: URLSearchParams, then: (domain: StandInDomain) => Answer): Answer {
    const name = (params.get('domain-name') ?? '').toLowerCase();
    const domain = this.state.domain(name);
    return domain ? then(domain) : refuse(`Website doesn't exist for ${name}`);
  }

  private withOrder(params: URLSearchParams, then: (domain: StandInDomain) => Answer): Answer {
    const orderId = Number(params.get('order-id'));
    const domain = this.state.domainByOrderId(orderId);
    if (domain?.transfer) return refuse(`Transfer of ${domain.name} is not complete`);
    return domain ? then(domain) : refuse(`No Entity found for Entityid: ${orderId}`);
  }

  private details(domain: StandInDomain, options: string | null): Record<string, unknown> {
    const all = options === 'All';
    const withSecret = all || options === 'OrderDetails';
    const withDnssec = all || options === 'DNSSECDetails';
    return {
      orderid: String(domain.orderId),
      entityid: String(domain.orderId),
      domainname: domain.name,
      description: domain.name,
      customerid: String(domain.customerId),
      currentstatus: 'Active',
      creationtime: String(domain.creationTime),
      endtime: String(domain.endTime),
      isprivacyprotected: String(domain.privacy),
      orderstatus: domain.locked ? ['transferlock'] : [],
      noOfNameServers: String(domain.nameservers.length),
      ...Object.fromEntries(domain.nameservers.map((ns, index) => [`ns${index + 1}`, ns])),
      registrantcontactid: String(domain.contactId),
      ...(withSecret ? { domsecret: domain.authCode } : {}),
      ...(withDnssec && (domain.dnssec ?? []).length > 0 ? { dnssec: domain.dnssec } : {}),
    };
  }
}

function action(domain: StandInDomain, description: string): Record<string, unknown> {
  return {
    description: domain.name,
    entityid: String(domain.orderId),
    actiontype: 'Action',
    actiontypedesc: description,
    actionstatus: 'Success',
    actionstatusdesc: 'Action completed successfully.',
    eaqid: String(randomBytes(4).readUInt32BE()),
  };
}

function classKey(tld: string): string {
  const keys: Record<string, string> = {
    com: 'domcno',
    net: 'dotnet',
    org: 'domorg',
    in: 'dotin',
    'co.in': 'thirdleveldotin',
  };
  return keys[tld] ?? `dot${tld.replace(/\./g, '')}`;
}

function recordValueProblem(type: string, value: string): string | undefined {
  switch (type) {
    case 'A':
      return isIP(value) === 4 ? undefined : `Invalid IPv4 address ${value}`;
    case 'AAAA':
      return isIP(value) === 6 ? undefined : `Invalid IPv6 address ${value}`;
    case 'CNAME':
    case 'MX':
      return HOST_NAME.test(value.toLowerCase().replace(/\.$/, ''))
        ? undefined
        : `Invalid host name ${value}`;
    case 'TXT':
      return value.length >= 1 && value.length <= 2048 ? undefined : 'Invalid TXT value';
    default:
      return `Unsupported record type ${type}`;
  }
}

function describe(domain: StandInDomain) {
  return {
    name: domain.name,
    customerId: String(domain.customerId),
    nameservers: domain.nameservers,
    locked: domain.locked,
    privacy: domain.privacy,
    expiresAt: new Date(domain.endTime * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    dnsRecords: domain.records,
    dsRecords: domain.dnssec ?? [],
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
