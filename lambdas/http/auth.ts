import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from '../use-cases/ensure-user';
import { UnauthorizedError } from './request-errors';

/**
 * The caller named by the Cognito JWT authorizer's claims. The token was verified by API Gateway
 * (or the local gateway) before the handler runs; without claims the request is unauthorized.
 *
 * API Gateway's JWT authorizer also accepts the pool's access tokens (it checks `client_id` when a
 * token has no `aud`), and those carry no email or name: only an ID token (`token_use: "id"`) with
 * an email names a buyer, so a record is never created from a token that cannot say who pays.
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
  return { userId, email: text('email'), name: text('name'), phone: text('phone_number') };
}
