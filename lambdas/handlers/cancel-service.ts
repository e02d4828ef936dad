import * as z from 'zod/mini';
import { logger } from '../config/logger';
import { callerOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import { cancelService, type CancelServiceDeps } from '../use-cases/refunds/cancel-service';
import { CancelServiceNotFoundError } from '../use-cases/refunds/errors';
import { eventPublisher } from './deps/events';
import { httpHandler } from '../http/http-handler';
import { purchasesStore, refundsStore, servicesStore, usersStore } from './deps/stores';

/** A service id as the API gives it (`svc_…`); anything else names no service of the caller. */
const SERVICE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Why the buyer cancels, if they say: kept with the refund and passed to Razorpay's notes. */
const body = z.strictObject({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

/**
 * POST /api/me/services/{serviceId}/cancel (D16): 202 with the service and its refund, the same
 * when repeated. Never calls Razorpay itself: the refunds worker does, once (RefundRequested).
 */
export function makeHandler(deps: CancelServiceDeps) {
  return httpHandler(async (event) => {
    const caller = callerOf(event);
    const { reason } = event.body ? parseJsonBody(event, body) : {};
    const serviceId = event.pathParameters?.serviceId ?? '';
    if (!SERVICE_ID.test(serviceId)) throw new CancelServiceNotFoundError();
    const answer = await cancelService(deps, {
      userId: caller.userId,
      serviceId,
      ...(reason ? { reason } : {}),
      origin: 'buyer',
    });
    return json(202, answer);
  });
}

export const handler = makeHandler({
  services: servicesStore(),
  purchases: purchasesStore(),
  users: usersStore(),
  refunds: refundsStore(),
  events: eventPublisher,
  log: logger,
  now: () => new Date(),
});
