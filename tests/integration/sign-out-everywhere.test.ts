/**
 * Sign out everywhere, locally as in AWS: Cognito's GlobalSignOut (which the stand-in adds to
 * cognito-local) ends every session of the account: no refresh token of any device works after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import { cognito, newUser, signUp } from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
});

async function session(email: string, password: string) {
  const answer = await cognito(stack, 'InitiateAuth', {
    ClientId: stack.config.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return answer.AuthenticationResult as { AccessToken: string; RefreshToken: string };
}

const refresh = (refreshToken: string) =>
  cognito(stack, 'InitiateAuth', {
    ClientId: stack.config.userPoolClientId,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });

describe('GlobalSignOut', () => {
  it("ends every session of the account, and no one else's", async () => {
    const user = newUser('everywhere');
    const other = newUser('elsewhere');
    await signUp(stack, user);
    await signUp(stack, other);
    const laptop = await session(user.email, user.password);
    const phone = await session(user.email, user.password);
    const someoneElse = await session(other.email, other.password);
    await expect(refresh(phone.RefreshToken)).resolves.toHaveProperty('AuthenticationResult');

    await cognito(stack, 'GlobalSignOut', { AccessToken: laptop.AccessToken });

    await expect(refresh(laptop.RefreshToken)).rejects.toThrow(/NotAuthorizedException/);
    await expect(refresh(phone.RefreshToken)).rejects.toThrow(/NotAuthorizedException/);
    await expect(refresh(someoneElse.RefreshToken)).resolves.toHaveProperty('AuthenticationResult');
  });

  it('refuses a token that is not an access token', async () => {
    await expect(cognito(stack, 'GlobalSignOut', { AccessToken: 'not-a-token' })).rejects.toThrow(
      /NotAuthorizedException/,
    );
  });
});
