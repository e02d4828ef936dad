import * as z from 'zod/mini';
import { logger } from '../config/logger';
import { callerOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import {
  openControlPanel,
  ServiceNotFoundError,
  type OpenControlPanelDeps,
} from '../use-cases/open-control-panel';
import { spendUserLimit, type UserLimitDeps } from '../use-cases/user-limits';
import { hostingPanel } from './deps/hosting-panel';
import { httpHandler } from '../http/http-handler';
import { rateLimiter, servicesStore } from './deps/stores';

/** A service id as the API gives it (`svc_…`), or an older purchase's id; anything else is none. */
const SERVICE_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** Nothing to send; an empty object is taken, anything else is a 400. */
const noFields = z.strictObject({});

/** POST /api/me/services/{serviceId}/panel-login: a single-use URL to the caller's own panel. */
export function makeHandler(deps: OpenControlPanelDeps & UserLimitDeps) {
  return httpHandler(async (event) => {
    const caller = callerOf(event);
    if (event.body) parseJsonBody(event, noFields);
    const serviceId = event.pathParameters?.serviceId ?? '';
    if (!SERVICE_ID.test(serviceId)) throw new ServiceNotFoundError();
    await spendUserLimit(deps, caller.userId, 'panelLogin');
    return json(200, await openControlPanel(deps, caller.userId, serviceId));
  });
}

export const handler = makeHandler({
  services: servicesStore(),
  panel: hostingPanel,
  limits: rateLimiter(),
  log: logger,
  now: () => new Date(),
});
