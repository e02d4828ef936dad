/**
 * Operators must sign in with TOTP (D28), locally as in AWS: an operator whose account has no TOTP
 * gets 403 mfa_required on every /api/admin route; once TOTP is on (Cognito's own
 * AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference, which cognito-local
 * implements) sign-in asks for the code (the SOFTWARE_TOKEN_MFA challenge) and the console
 * answers. A buyer may turn it on too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../infra/lib/definitions/functions';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import { newOperator } from '../helpers/operators';
import { api, cognito, newUser, signIn, signUp } from '../helpers/storefront-client';
import { enrollTotp, totpCode } from '../helpers/totp';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
});

const ADMIN_GETS = ROUTES.filter((r) => r.function === 'admin' && r.method === 'GET').map(
  (r) => r.path,
);

describe('an operator without TOTP', () => {
  it('gets 403 mfa_required on every /api/admin route it reads, and gets in once TOTP is on', async () => {
    const operator = await newOperator(stack, 'mfa-less', { totp: false });
    const token = await signIn(stack, operator);
    expect(ADMIN_GETS.length).toBeGreaterThanOrEqual(4);
    for (const path of ADMIN_GETS) {
      const res = await api<{ error: { code: string } }>(stack, 'GET', path, { token });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code, path).toBe('mfa_required');
    }
    const write = await api<{ error: { code: string } }>(
      stack,
      'POST',
      '/api/admin/dead-letters/redrive',
      { token, body: { id: 'nothing', note: 'x' } },
    );
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('mfa_required');

    const enrolled = await enrollTotp(stack, operator);
    // The old session's token is the same account: its MFA settings now say TOTP is on.
    expect((await api(stack, 'GET', '/api/admin/today', { token })).status).toBe(200);
    const fresh = await signIn(stack, enrolled);
    expect((await api(stack, 'GET', '/api/admin/today', { token: fresh })).status).toBe(200);
  });
});

describe('sign-in with TOTP on', () => {
  it('asks for the code after the password; a wrong code is refused, the right one signs in', async () => {
    const operator = await newOperator(stack, 'mfa-on');
    const first = await cognito(stack, 'InitiateAuth', {
      ClientId: stack.config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: operator.email, PASSWORD: operator.password },
    });
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(first.AuthenticationResult).toBeUndefined();
    const username = (first.ChallengeParameters as { USER_ID_FOR_SRP: string }).USER_ID_FOR_SRP;
    const right = totpCode(operator.totpSecret!);
    await expect(
      cognito(stack, 'RespondToAuthChallenge', {
        ClientId: stack.config.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: first.Session,
        ChallengeResponses: {
          USERNAME: username,
          SOFTWARE_TOKEN_MFA_CODE: right === '000000' ? '111111' : '000000',
        },
      }),
    ).rejects.toThrow(/CodeMismatchException/);

    const token = await signIn(stack, operator);
    expect((await api(stack, 'GET', '/api/admin/orders', { token })).status).toBe(200);
  });

  it('a session signed in with the code refreshes like any other (the stand-in keeps its refresh token)', async () => {
    const operator = await newOperator(stack, 'mfa-refresh');
    const first = await cognito(stack, 'InitiateAuth', {
      ClientId: stack.config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: operator.email, PASSWORD: operator.password },
    });
    const signedIn = await cognito(stack, 'RespondToAuthChallenge', {
      ClientId: stack.config.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.Session,
      ChallengeResponses: {
        USERNAME: (first.ChallengeParameters as { USER_ID_FOR_SRP: string }).USER_ID_FOR_SRP,
        SOFTWARE_TOKEN_MFA_CODE: totpCode(operator.totpSecret!),
      },
    });
    const refreshToken = (signedIn.AuthenticationResult as { RefreshToken: string }).RefreshToken;
    const refreshed = await cognito(stack, 'InitiateAuth', {
      ClientId: stack.config.userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    const token = (refreshed.AuthenticationResult as { IdToken: string }).IdToken;
    expect((await api(stack, 'GET', '/api/admin/today', { token })).status).toBe(200);
  });

  it('a buyer may turn it on: sign-in then asks for the code, and the dashboard answers', async () => {
    const buyer = newUser('mfa-buyer');
    await signUp(stack, buyer);
    const enrolled = await enrollTotp(stack, buyer);
    await expect(signIn(stack, buyer)).rejects.toThrow(/asks .* for a TOTP code/);
    const token = await signIn(stack, enrolled);
    expect((await api(stack, 'GET', '/api/me/dashboard', { token })).status).toBe(200);
    // Still a buyer: TOTP opens no console.
    const admin = await api<{ error: { code: string } }>(stack, 'GET', '/api/admin/today', {
      token,
    });
    expect(admin.status).toBe(403);
    expect(admin.body.error.code).toBe('forbidden');
  });
});
