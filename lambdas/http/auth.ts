import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError } from '../domain/errors';
import type { SecondFactors } from '../ports/second-factor';
import type { Caller } from '../ports/users';
import { OPERATORS_GROUP } from '../system/facts';
import { ForbiddenError, UnauthorizedError } from './request-errors';

/**
 * The caller named by the Cognito JWT authorizer's claims. The token was verified by API Gateway
 * (or the local gateway) before the handler runs; without claims the request is unauthorized.
 *
 * API Gateway's JWT authorizer also accepts the pool's access tokens (it checks `client_id` when a
 * token has no `aud`), and those carry no email or name: only an ID token (`token_use: "id"`) with
 * an email names a buyer, so a record is never created from a token that cannot say who pays. The
 * email must be verified (`email_verified`, D28): receipts and invoices go to it.
 */
export function callerOf(event: APIGatewayProxyEventV2): Caller {
  const context = event.requestContext as unknown as {
    authorizer?: { jwt?: { claims?: Record<string, unknown> } };
  };
  const claims = context.authorizer?.jwt?.claims;
  const text = (key: string) => {
    const value = claims?.[key];
    return typeof value === 'string' ? value : '';
  };
  const userId = text('sub');
  if (!userId || text('token_use') !== 'id' || !text('email').trim()) throw new UnauthorizedError();
  // Only an email the account proved it receives (D28): the sign-up code, or a verified change.
  // API Gateway passes the claim as the string "true"; a raw token has a boolean.
  const verified = claims?.email_verified;
  if (verified !== true && verified !== 'true') throw new UnauthorizedError();
  return { userId, email: text('email'), name: text('name'), phone: text('phone_number') };
}

/**
 * The ID token's `auth_time` (seconds since the epoch) as the JWT authorizer passes its claims: when
 * the caller last signed in with their password, for the actions that need a fresh sign-in.
 */
export function authTimeOf(event: APIGatewayProxyEventV2): unknown {
  const context = event.requestContext as unknown as {
    authorizer?: { jwt?: { claims?: Record<string, unknown> } };
  };
  return context.authorizer?.jwt?.claims?.auth_time;
}

/**
 * The caller, when the verified token says they are in the operators' group; 403 otherwise. The JWT
 * authorizer proves who the caller is, not what they may do: every /api/admin route asks here.
 * API Gateway passes a list claim as one string, `[operators other]`; a raw token has an array.
 */
export function operatorOf(event: APIGatewayProxyEventV2): Caller {
  const caller = callerOf(event);
  const context = event.requestContext as unknown as {
    authorizer?: { jwt?: { claims?: Record<string, unknown> } };
  };
  const raw = context.authorizer?.jwt?.claims?.['cognito:groups'];
  const groups = Array.isArray(raw)
    ? raw.map(String)
    : typeof raw === 'string'
      ? raw.replace(/^\[|\]$/g, '').split(/[\s,]+/)
      : [];
  if (!groups.includes(OPERATORS_GROUP)) throw new ForbiddenError();
  return caller;
}

/** An operator whose account has no TOTP (D28): the console walks them through setting it up. */
export class MfaRequiredError extends DomainError {
  override readonly name = 'MfaRequiredError';
  readonly code = 'mfa_required';
  constructor() {
    super(
      "Operators sign in with a code from an authenticator app. Set it up in the operator's console, then sign in again.",
    );
  }
}

/**
 * The caller, when the verified token says they are an operator and their account has TOTP on
 * (D28): a user with TOTP enabled cannot sign in without its code, so the account's MFA settings
 * say the session passed it. 403 forbidden for a buyer, 403 mfa_required for an operator without.
 */
export async function totpOperatorOf(
  event: APIGatewayProxyEventV2,
  factors: SecondFactors,
): Promise<Caller> {
  const operator = operatorOf(event);
  if (!(await factors.hasTotp(operator.userId))) throw new MfaRequiredError();
  return operator;
}
