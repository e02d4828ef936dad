/**
 * Sign out everywhere (D28): Cognito's GlobalSignOut through Amplify ends every session of the
 * account (no device can refresh its tokens any more), then this browser's own. Imported
 * dynamically by Settings.
 */
import { signOut } from 'aws-amplify/auth';
import { ensureAmplify } from './amplify';

export async function signOutEverywhere(): Promise<void> {
  await ensureAmplify();
  await signOut({ global: true });
}
