/**
 * Forgot password through Amplify (Cognito): Cognito mails a code (through the store's SES identity
 * in AWS, to the local mailbox locally), and the code sets a new password. Imported dynamically by
 * the forgot-password page, so the page paints before Amplify loads.
 */
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { ensureAmplify } from '../../../lib/amplify';

export { signInWithPassword } from './cognito-auth';

export async function requestResetCode(email: string): Promise<void> {
  await ensureAmplify();
  await resetPassword({ username: email });
}

export async function setNewPassword(
  email: string,
  code: string,
  newPassword: string,
): Promise<void> {
  await ensureAmplify();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}
