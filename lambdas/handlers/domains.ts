/**
 * Domains (D23).
 * - GET /api/domains/availability?name={label}: whether the label is free under each extension we
 *   sell, at the catalog's yearly price (no sign-in).
 * - The dashboard's domain card (signed in; the caller's registered domains only):
 *   GET /api/me/domains/{domain}, PUT .../nameservers, GET|POST .../dns-records,
 *   DELETE .../dns-records/{recordId}, GET|POST .../ds-records and DELETE .../ds-records/{recordId}
 *   (DNSSEC, Enterprise Domain), PUT .../settings, POST .../auth-code (after a sign-in
 *   within 5 minutes: the ID token's auth_time). The transfer code is in that answer only.
 * - PUT /api/me/services/{serviceId}/domain {name}: "Choose your domain" for a bundle's domain
 *   part bought without a name (D24): 200 {serviceId, domain}; converge registers it. Refused with
 *   400 registrant_details_required while the profile lacks the registrant's details (D23).
 */
import * as z from 'zod/mini';
import { authTimeOf, callerOf } from '../http/auth';
import { httpHandler } from '../http/http-handler';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import {
  addDnsRecord,
  addDsRecord,
  deleteDnsRecord,
  deleteDsRecord,
  domainAuthCode,
  getDomain,
  listDnsRecords,
  listDsRecords,
  setNameservers,
  updateDomainSettings,
  type ManageDomainDeps,
} from '../use-cases/manage-domain';
import { domainSearch, SEARCH_CACHE_MS } from '../use-cases/search-domains';
import { chooseBundleDomain, type ChooseBundleDomainDeps } from '../use-cases/choose-bundle-domain';
import { eventPublisher } from './deps/events';
import { spendUserLimit, type UserLimitDeps } from '../use-cases/user-limits';
import { registrar } from './deps/registrar';
import { rateLimiter, servicesStore, usersStore } from './deps/stores';

const search = domainSearch({ registrar });
const CACHE_HEADERS = { 'cache-control': `public, max-age=${SEARCH_CACHE_MS / 1000}` };
const deps: ManageDomainDeps & UserLimitDeps & ChooseBundleDomainDeps = {
  services: servicesStore(),
  registrar,
  users: usersStore(),
  limits: rateLimiter(),
  events: eventPublisher,
  now: () => new Date(),
};
const anyBody = z.unknown();

export const handler = httpHandler(async (event) => {
  if (event.routeKey === 'GET /api/domains/availability') {
    return json(200, await search(event.queryStringParameters?.name), CACHE_HEADERS);
  }
  const { userId } = callerOf(event);
  const domain = event.pathParameters?.domain;
  const body = () => (event.body ? parseJsonBody(event, anyBody) : {});
  // Each change is a registry call: counted against the buyer's own hour (#26, E25).
  const change = async () => {
    const parsed = body();
    await spendUserLimit(deps, userId, 'dnsChange');
    return parsed;
  };
  switch (event.routeKey) {
    case 'GET /api/me/domains/{domain}':
      return json(200, await getDomain(deps, userId, domain));
    case 'PUT /api/me/domains/{domain}/nameservers':
      return json(200, await setNameservers(deps, userId, domain, await change()));
    case 'GET /api/me/domains/{domain}/dns-records':
      return json(200, await listDnsRecords(deps, userId, domain));
    case 'POST /api/me/domains/{domain}/dns-records':
      return json(201, await addDnsRecord(deps, userId, domain, await change()));
    case 'DELETE /api/me/domains/{domain}/dns-records/{recordId}':
      await spendUserLimit(deps, userId, 'dnsChange');
      return json(200, await deleteDnsRecord(deps, userId, domain, event.pathParameters?.recordId));
    case 'GET /api/me/domains/{domain}/ds-records':
      return json(200, await listDsRecords(deps, userId, domain));
    case 'POST /api/me/domains/{domain}/ds-records':
      return json(201, await addDsRecord(deps, userId, domain, await change()));
    case 'DELETE /api/me/domains/{domain}/ds-records/{recordId}':
      await spendUserLimit(deps, userId, 'dnsChange');
      return json(200, await deleteDsRecord(deps, userId, domain, event.pathParameters?.recordId));
    case 'PUT /api/me/domains/{domain}/settings':
      return json(200, await updateDomainSettings(deps, userId, domain, await change()));
    case 'PUT /api/me/services/{serviceId}/domain':
      return json(
        200,
        await chooseBundleDomain(deps, userId, event.pathParameters?.serviceId, body()),
      );
    case 'POST /api/me/domains/{domain}/auth-code':
      await spendUserLimit(deps, userId, 'domainAuthCode');
      return json(200, await domainAuthCode(deps, userId, domain, authTimeOf(event)));
    default:
      return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  }
});
