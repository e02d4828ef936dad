/**
 * A VPS's card (D24), for the signed-in buyer's own service:
 *   GET  /api/me/services/{serviceId}/power                              → 200 {service}
 *   POST /api/me/services/{serviceId}/power {action: start|stop|reboot}  → 202 {service}
 *   POST /api/me/services/{serviceId}/reinstall {os, confirm: hostname}  → 202 {service}
 *   PUT  /api/me/services/{serviceId}/ssh-keys {keys: string[]}          → 200 {service}
 * 404 service_not_found (also another buyer's), 409 service_suspended / service_not_ready /
 * service_busy / reinstall_in_progress, 400 validation_failed / invalid_ssh_key.
 */
import * as z from 'zod/mini';
import { logger } from '../config/logger';
import { callerOf } from '../http/auth';
import { httpHandler } from '../http/http-handler';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import {
  currentVps,
  powerVps,
  reinstallVps,
  setVpsKeys,
  type ManageVpsDeps,
} from '../use-cases/manage-vps';
import { ServiceNotFoundError } from '../use-cases/open-control-panel';
import { spendUserLimit, type UserLimitDeps } from '../use-cases/user-limits';
import { compute } from './deps/compute';
import { eventPublisher } from './deps/events';
import { provisioningRecords, rateLimiter, servicesStore } from './deps/stores';

const SERVICE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const powerBody = z.strictObject({
  action: z.enum(['start', 'stop', 'reboot']),
});
const reinstallBody = z.strictObject({
  os: z.string().check(z.maxLength(32)),
  confirm: z.string().check(z.maxLength(100)),
});
const keysBody = z.strictObject({
  keys: z.array(z.string().check(z.maxLength(8192))).check(z.maxLength(20)),
});

export function makeHandler(deps: ManageVpsDeps & UserLimitDeps) {
  return httpHandler(async (event) => {
    const caller = callerOf(event);
    const serviceId = event.pathParameters?.serviceId ?? '';
    if (!SERVICE_ID.test(serviceId)) throw new ServiceNotFoundError();
    const requestId = event.requestContext.requestId;
    switch (event.routeKey) {
      case 'GET /api/me/services/{serviceId}/power':
        return json(200, { service: await currentVps(deps, caller.userId, serviceId) });
      case 'POST /api/me/services/{serviceId}/power': {
        const { action } = parseJsonBody(event, powerBody);
        await spendUserLimit(deps, caller.userId, 'vpsPower');
        const service = await powerVps(deps, caller.userId, serviceId, action, requestId);
        return json(202, { service });
      }
      case 'POST /api/me/services/{serviceId}/reinstall': {
        const body = parseJsonBody(event, reinstallBody);
        await spendUserLimit(deps, caller.userId, 'vpsReinstall');
        const service = await reinstallVps(deps, caller.userId, serviceId, body);
        return json(202, { service });
      }
      case 'PUT /api/me/services/{serviceId}/ssh-keys': {
        const { keys } = parseJsonBody(event, keysBody);
        const service = await setVpsKeys(deps, caller.userId, serviceId, keys, requestId);
        return json(200, { service });
      }
      default:
        throw new ServiceNotFoundError();
    }
  });
}

export const handler = makeHandler({
  services: servicesStore(),
  records: provisioningRecords(),
  compute,
  events: eventPublisher,
  limits: rateLimiter(),
  log: logger,
  now: () => new Date(),
});
