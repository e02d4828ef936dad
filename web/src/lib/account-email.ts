/**
 * Changing the sign-in email (D28) through Amplify (Cognito): the new address gets a code, and the
 * old one stays the sign-in until the code is entered (the pool keeps the original). Then the
 * session is refreshed, so that the ID token names the new address, and the API moves the users
 * record to it. Imported dynamically by Settings.
 */
import {
  confirmUserAttribute,
  fetchAuthSession,
  sendUserAttributeVerificationCode,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { ensureAmplify } from './amplify';

/** Asks Cognito to mail a code to `email`; nothing changes until it is confirmed. */
export async function requestEmailChange(email: string): Promise<void> {
  await ensureAmplify();
  await updateUserAttributes({ userAttributes: { email } });
}

/** A new code to the address waiting to be confirmed. */
export async function resendEmailChangeCode(): Promise<void> {
  await ensureAmplify();
  await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
}

/** Confirms the new address with its code, then refreshes the session's tokens to name it. */
export async function confirmEmailChange(code: string): Promise<void> {
  await ensureAmplify();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
  await fetchAuthSession({ forceRefresh: true });
}
