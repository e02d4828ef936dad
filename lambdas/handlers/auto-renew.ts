/**
 * Auto-renew (D25).
 * - PUT /api/me/services/{id}/auto-renew {enabled, method?} (signed in): on answers the Razorpay
 *   order the buyer authorises in Checkout with `recurring: 1`; off cancels the mandate at once.
 * - POST /api/auto-renew/off {token} (no sign-in): the pre-debit notice's one-click opt-out; the
 *   token is signed, single-purpose and expiring. The mail links to a page that posts it (a link
 *   scanner that opens the mail's link changes nothing).
 */
import * as z from 'zod/mini';
import { callerOf } from '../http/auth';
import { httpHandler } from '../http/http-handler';
import { parseJsonBody } from '../http/request';
import { ValidationError } from '../http/request-errors';
import { json } from '../http/response';
import {
  optOutByLink,
  setAutoRenew,
  type ManageAutoRenewDeps,
  type SetAutoRenewResult,
} from '../use-cases/auto-renew/manage-auto-renew';
import { readOptOutToken } from '../use-cases/auto-renew/opt-out-link';
import { serviceOfRecord } from '../use-cases/to-service';
import { manageAutoRenewDeps } from './deps/auto-renew';
import { razorpayCredentials } from './deps/payments';

const settingBody = z.strictObject({
  enabled: z.boolean(),
  method: z.optional(z.enum(['card', 'upi'])),
});
const optOutBody = z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(1000)) });

function answer(result: SetAutoRenewResult, now: Date) {
  return {
    service: serviceOfRecord(result.service, now),
    ...(result.authorise ? { authorise: result.authorise } : {}),
  };
}

export function makeHandler(deps: ManageAutoRenewDeps, linkSecret: () => Promise<string>) {
  return httpHandler(async (event) => {
    switch (event.routeKey) {
      case 'PUT /api/me/services/{id}/auto-renew': {
        const { userId } = callerOf(event);
        const serviceId = event.pathParameters?.id ?? '';
        const body = parseJsonBody(event, settingBody);
        const result = await setAutoRenew(
          deps,
          { userId, serviceId },
          { enabled: body.enabled, ...(body.method ? { method: body.method } : {}) },
        );
        return json(200, answer(result, deps.now()));
      }
      case 'POST /api/auto-renew/off': {
        const { token } = parseJsonBody(event, optOutBody);
        const check = readOptOutToken(token, deps.now(), await linkSecret());
        if (!check.ok) {
          throw new ValidationError(
            check.reason === 'expired'
              ? 'This link has expired. Sign in and turn auto-renew off on the service instead.'
              : 'This link is not valid. Sign in and turn auto-renew off on the service instead.',
          );
        }
        const result = await optOutByLink(deps, check.ref);
        return json(200, answer(result, deps.now()));
      }
      default:
        return json(404, { error: { code: 'not_found', message: 'Not found.' } });
    }
  });
}

export const handler = makeHandler(
  manageAutoRenewDeps(),
  async () => (await razorpayCredentials()).keySecret,
);
