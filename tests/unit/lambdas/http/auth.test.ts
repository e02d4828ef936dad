import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { callerOf } from '../../../../lambdas/http/auth';
import { UnauthorizedError } from '../../../../lambdas/http/request-errors';

/** The dashboard request as API Gateway hands it over, with the authorizer's claims changed. */
function withClaims(change: (claims: Record<string, unknown>) => void): APIGatewayProxyEventV2 {
  const event = loadEvent<APIGatewayProxyEventV2>('api-gateway/get-dashboard.json');
  const context = event.requestContext as unknown as {
    authorizer: { jwt: { claims: Record<string, unknown> } };
  };
  change(context.authorizer.jwt.claims);
  return event;
}

describe('callerOf', () => {
  it('names the buyer of a verified ID token', () => {
    const caller = callerOf(withClaims(() => undefined));

    expect(caller).toMatchObject({
      userId: expect.any(String),
      email: expect.stringContaining('@'),
    });
  });

  it('refuses an access token, which API Gateway lets through but names no email', () => {
    const event = withClaims((claims) => {
      claims.token_use = 'access';
      delete claims.email;
    });

    expect(() => callerOf(event)).toThrow(UnauthorizedError);
  });

  it('refuses an access token even when it carries an email claim', () => {
    expect(() => callerOf(withClaims((claims) => (claims.token_use = 'access')))).toThrow(
      UnauthorizedError,
    );
  });

  it('refuses an ID token with an empty email, so no record is created without one', () => {
    expect(() => callerOf(withClaims((claims) => (claims.email = '  ')))).toThrow(
      UnauthorizedError,
    );
  });

  it('refuses a request without claims', () => {
    expect(() => callerOf(withClaims((claims) => delete claims.sub))).toThrow(UnauthorizedError);
  });
});
