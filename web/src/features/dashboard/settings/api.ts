import type { Profile, ProfileUpdate } from '@domain/profile';
import { apiGet, apiPut } from '../../../lib/api';

export function getProfile(): Promise<Profile> {
  return apiGet<Profile>('/me/profile', { auth: true });
}

/** Only the parts given change (docs/api.md, PUT /api/me/profile); answers the profile as stored. */
export function saveProfile(update: ProfileUpdate): Promise<Profile> {
  return apiPut<Profile>('/me/profile', update, { auth: true });
}

/** Cognito's ChangePassword for the signed-in user, through Amplify (loaded on first use). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const [{ updatePassword }, { ensureAmplify }] = await Promise.all([
    import('aws-amplify/auth'),
    import('../../../lib/amplify'),
  ]);
  await ensureAmplify();
  await updatePassword({ oldPassword, newPassword });
}
