import * as z from 'zod/mini';
import { callerOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { json } from '../http/response';
import { getProfile, updateProfile, type ProfileDeps } from '../use-cases/profile';
import { httpHandler } from '../http/http-handler';
import { identityDirectory } from './deps/identity';
import { usersStore } from './deps/stores';

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

/** GET and PUT /api/me/profile: only ever the caller's own profile, named by the token. */
export function makeHandler(deps: ProfileDeps) {
  return httpHandler(async (event) => {
    const caller = callerOf(event);
    if (event.requestContext.http.method === 'PUT') {
      const input = parseJsonBody(event, profileBody);
      return json(200, await updateProfile(deps, caller, input));
    }
    return json(200, await getProfile(deps, caller));
  });
}

export const handler = makeHandler({
  users: usersStore(),
  identity: identityDirectory,
  now: () => new Date(),
});
