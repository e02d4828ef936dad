import * as z from 'zod/mini';
import { logger } from '../config/logger';
import { callerOf } from '../http/auth';
import { httpHandler } from '../http/http-handler';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import { createStorageKey, type CreateStorageKeyDeps } from '../use-cases/create-storage-key';
import { ServiceNotFoundError } from '../use-cases/open-control-panel';
import { spendUserLimit, type UserLimitDeps } from '../use-cases/user-limits';
import { objectStorage } from './deps/storage';
import { provisioningRecords, rateLimiter, servicesStore, storageParts } from './deps/stores';

/** A service id as the API gives it (`svc_…`); anything else is none. */
const SERVICE_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** Nothing to send; an empty object is taken, anything else is a 400. */
const noFields = z.strictObject({});

/**
 * POST /api/me/services/{serviceId}/storage-keys: a new access key for the caller's own storage
 * (D24); the earlier key stops working. 201 with the secret, which is shown only in this answer.
 */
export function makeHandler(deps: CreateStorageKeyDeps & UserLimitDeps) {
  return httpHandler(async (event) => {
    const caller = callerOf(event);
    if (event.body) parseJsonBody(event, noFields);
    const serviceId = event.pathParameters?.serviceId ?? '';
    if (!SERVICE_ID.test(serviceId)) throw new ServiceNotFoundError();
    await spendUserLimit(deps, caller.userId, 'storageKey');
    return json(201, await createStorageKey(deps, caller.userId, serviceId));
  });
}

export const handler = makeHandler({
  services: servicesStore(),
  records: provisioningRecords(),
  storage: objectStorage,
  parts: storageParts(),
  limits: rateLimiter(),
  log: logger,
  now: () => new Date(),
});
