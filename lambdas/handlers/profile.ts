import * as z from 'zod/mini';
import { siteConfig } from '../config/config';
import { logger } from '../config/logger';
import { authTimeOf, callerOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import { deleteAccount, syncEmail, type AccountDeps } from '../use-cases/account';
import { getProfile, updateProfile, type ProfileDeps } from '../use-cases/profile';
import { spendUserLimit, type UserLimitDeps } from '../use-cases/user-limits';
import { httpHandler } from '../http/http-handler';
import { identityDirectory } from './deps/identity';
import { mailer } from './deps/mail';
import { erasableMailLog, erasableUsersStore, rateLimiter, servicesStore } from './deps/stores';

// The shape only, with generous bounds; the rules and their sentences are the domain's
// (lambdas/domain/profile.ts), which names the fields a buyer has to fix.
const field = (max: number) => z.string().check(z.maxLength(max));

const profileBody = z.strictObject({
  name: z.optional(field(500)),
  phone: z.optional(field(40)),
  billing: z.optional(
    z.nullable(
      z.strictObject({
        name: field(500),
        line1: field(500),
        line2: z.optional(field(500)),
        city: field(500),
        state: field(100),
        pincode: field(20),
        gstin: z.optional(field(40)),
      }),
    ),
  ),
});

const deleteBody = z.strictObject({ confirmEmail: field(320) });

/**
 * The caller's own account, named by the token: GET and PUT /api/me/profile; POST /api/me/email
 * (the record follows a verified email change, D28); POST /api/me/account/delete (D28, DPDP).
 */
export function makeHandler(deps: ProfileDeps & AccountDeps & UserLimitDeps) {
  return httpHandler(async (event) => {
    const caller = callerOf(event);
    if (event.routeKey === 'POST /api/me/email') {
      await spendUserLimit(deps, caller.userId, 'emailChange');
      return json(200, await syncEmail(deps, caller));
    }
    if (event.routeKey === 'POST /api/me/account/delete') {
      const { confirmEmail } = parseJsonBody(event, deleteBody);
      await deleteAccount(deps, caller, { confirmEmail, authTime: authTimeOf(event) });
      return json(200, { deleted: true });
    }
    if (event.requestContext.http.method === 'PUT') {
      return json(200, await updateProfile(deps, caller, parseJsonBody(event, profileBody)));
    }
    return json(200, await getProfile(deps, caller));
  });
}

export const handler = makeHandler({
  users: erasableUsersStore(),
  mailLog: erasableMailLog(),
  identity: identityDirectory,
  services: servicesStore(),
  limits: rateLimiter(),
  mailer,
  siteUrl: () => siteConfig().SITE_URL,
  log: logger,
  now: () => new Date(),
});
