import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from '../use-cases/ensure-user';
import { UnauthorizedError } from './request-errors';

/**
 * The caller named by the Cognito JWT authorizer's claims. The token was verified by API Gateway
 * (or the local gateway) before the handler runs; without claims the request is unauthorized.
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
  if (!userId) throw new UnauthorizedError();
  return { userId, email: text('email'), name: text('name'), phone: text('phone_number') };
}
