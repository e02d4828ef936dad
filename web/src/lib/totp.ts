/**
 * Two-step sign-in with an authenticator app (TOTP, D28) through Amplify (Cognito): set it up with a
 * QR code and a code to confirm, answer the code at sign-in, turn it off. Imported dynamically by the
 * pages that use it, with the QR code library, so nothing of it loads on the public pages.
 */
import {
  confirmSignIn,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { toString as qrSvg } from 'qrcode';
import { ensureAmplify } from './amplify';

/** The name an authenticator app shows for the account (the issuer of the otpauth:// URI). */
export const TOTP_ISSUER = 'Hosting Storefront';

export interface TotpSetup {
  /** The secret as the app's "enter a key" asks for it (base32). */
  secret: string;
  /** `otpauth://totp/...`, what the QR code holds. */
  uri: string;
  /** The QR code as SVG markup, drawn from `uri` by the qrcode library. */
  qrSvg: string;
}

/** Whether the signed-in account has TOTP on. */
export async function totpEnabled(): Promise<boolean> {
  await ensureAmplify();
  const preference = await fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

/** A new secret for the signed-in account (not in use until `confirmTotpSetup`). */
export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  await ensureAmplify();
  const details = await setUpTOTP();
  const uri = details.getSetupUri(TOTP_ISSUER, accountName).toString();
  const svg = await qrSvg(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: details.sharedSecret, uri, qrSvg: svg };
}

/** The app's current code proves it holds the secret; TOTP is then on for every sign-in. */
export async function confirmTotpSetup(code: string): Promise<void> {
  await ensureAmplify();
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export async function turnOffTotp(): Promise<void> {
  await ensureAmplify();
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** The second step of a sign-in that asked for it (CONFIRM_SIGN_IN_WITH_TOTP_CODE). */
export async function answerTotpChallenge(code: string): Promise<boolean> {
  await ensureAmplify();
  const result = await confirmSignIn({ challengeResponse: code });
  return result.isSignedIn;
}
