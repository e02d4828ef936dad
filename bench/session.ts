/**
 * A signed-in buyer for the bench: signed up and signed in against the local stack's Cognito, and
 * the localStorage entries Amplify v6's default token store would hold after that sign-in
 * (`CognitoIdentityServiceProvider.{clientId}.LastAuthUser` and `.{username}.{idToken,…}`), so a
 * page loads signed in without going through the login form.
 */
import type { LocalStack } from '../tests/helpers/local-stack';
import { cognito, newUser, signUp, type TestUser } from '../tests/helpers/storefront-client';

export interface BenchSession {
  user: TestUser;
  userId: string;
  idToken: string;
  localStorage: Record<string, string>;
}

function claimsOf(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function benchSession(
  stack: LocalStack,
  prefix = 'bench-session',
): Promise<BenchSession> {
  const user = newUser(prefix);
  await signUp(stack, user);
  const answer = await cognito(stack, 'InitiateAuth', {
    ClientId: stack.config.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  const tokens = answer.AuthenticationResult as
    { IdToken?: string; AccessToken?: string; RefreshToken?: string } | undefined;
  if (!tokens?.IdToken || !tokens.AccessToken) throw new Error('Sign-in returned no tokens.');
  const id = claimsOf(tokens.IdToken);
  const access = claimsOf(tokens.AccessToken);
  const username = String(access.username ?? id['cognito:username'] ?? id.sub);
  const prefixKey = `CognitoIdentityServiceProvider.${stack.config.userPoolClientId}`;
  const userKey = `${prefixKey}.${username}`;
  return {
    user,
    userId: String(id.sub),
    idToken: tokens.IdToken,
    localStorage: {
      [`${prefixKey}.LastAuthUser`]: username,
      [`${userKey}.idToken`]: tokens.IdToken,
      [`${userKey}.accessToken`]: tokens.AccessToken,
      ...(tokens.RefreshToken ? { [`${userKey}.refreshToken`]: tokens.RefreshToken } : {}),
      [`${userKey}.clockDrift`]: '0',
      [`${userKey}.signInDetails`]: JSON.stringify({
        loginId: user.email,
        authFlowType: 'USER_SRP_AUTH',
      }),
    },
  };
}
