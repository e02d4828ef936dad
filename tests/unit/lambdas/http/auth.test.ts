import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { callerOf, operatorOf } from '../../../../lambdas/http/auth';
import { ForbiddenError, UnauthorizedError } from '../../../../lambdas/http/request-errors';

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

  it.each([['false'], [false], [undefined]])(
    'refuses an ID token whose email is not verified (email_verified %j, D28)',
    (value) => {
      const event = withClaims((claims) => {
        if (value === undefined) delete claims.email_verified;
        else claims.email_verified = value;
      });
      expect(() => callerOf(event)).toThrow(UnauthorizedError);
    },
  );

  it('takes email_verified as API Gateway passes it ("true") and as a raw token has it (true)', () => {
    expect(callerOf(withClaims((claims) => (claims.email_verified = 'true'))).userId).toBeTruthy();
    expect(callerOf(withClaims((claims) => (claims.email_verified = true))).userId).toBeTruthy();
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

describe('operatorOf', () => {
  it.each([
    ['the string API Gateway passes', '[operators]'],
    ['a string with other groups', '[buyers operators]'],
    ['an array, as a raw token has it', ['operators']],
  ])('lets an operator through when the groups claim is %s', (_how, groups) => {
    const event = withClaims((claims) => (claims['cognito:groups'] = groups));

    expect(operatorOf(event).email).toContain('@');
  });

  it.each([
    ['no groups claim', undefined],
    ['another group', '[buyers]'],
    ['a group whose name only contains it', '[operators-old]'],
  ])('answers 403 forbidden for a signed-in buyer with %s', (_how, groups) => {
    const event = withClaims((claims) => {
      if (groups === undefined) delete claims['cognito:groups'];
      else claims['cognito:groups'] = groups;
    });

    expect(() => operatorOf(event)).toThrow(ForbiddenError);
  });

  it('answers 401 first when there is no buyer at all', () => {
    const event = withClaims((claims) => {
      delete claims.sub;
      claims['cognito:groups'] = '[operators]';
    });

    expect(() => operatorOf(event)).toThrow(UnauthorizedError);
  });
});
