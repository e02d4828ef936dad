/**
 * Two-step sign-in (TOTP, D28) for tests: set it up on an account as the web does (Cognito's
 * AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference), and the code an
 * authenticator app would show now, computed by otpauth (RFC 6238: SHA-1, 6 digits, 30 s).
 */
import { Secret, TOTP, URI } from 'otpauth';
import type { LocalStack } from './local-stack';
import { cognito, type TestUser } from './storefront-client';

/** The code an authenticator app holding `secret` (base32) shows now. */
export function totpCode(secret: string, at: number = Date.now()): string {
  return new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: at });
}

/** The code for the account an `otpauth://totp/...` URI (a QR code's content) describes. */
export function totpCodeFromUri(uri: string, at: number = Date.now()): string {
  const otp = URI.parse(uri);
  if (!(otp instanceof TOTP)) throw new Error(`Not a TOTP URI: ${uri}`);
  return otp.generate({ timestamp: at });
}

/**
 * Turns TOTP on for `user` (signing in with the password for an access token) and returns the user
 * with its secret: signIn answers the code challenge from then on.
 */
export async function enrollTotp(
  stack: LocalStack,
  user: TestUser,
): Promise<TestUser & { totpSecret: string }> {
  const auth = await cognito(stack, 'InitiateAuth', {
    ClientId: stack.config.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  const accessToken = (auth.AuthenticationResult as { AccessToken?: string } | undefined)
    ?.AccessToken;
  if (!accessToken) throw new Error('Enrolling TOTP needs an account without it.');
  const { SecretCode } = (await cognito(stack, 'AssociateSoftwareToken', {
    AccessToken: accessToken,
  })) as { SecretCode?: string };
  if (!SecretCode) throw new Error('AssociateSoftwareToken returned no secret.');
  await cognito(stack, 'VerifySoftwareToken', {
    AccessToken: accessToken,
    UserCode: totpCode(SecretCode),
    FriendlyDeviceName: 'test authenticator',
  });
  await cognito(stack, 'SetUserMFAPreference', {
    AccessToken: accessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return { ...user, totpSecret: SecretCode };
}
