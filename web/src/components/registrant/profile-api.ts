import type { Profile, ProfileUpdate } from '@domain/profile';
import { apiGet, apiPut } from '../../lib/api';

/** The buyer's profile: the phone and billing details a domain's registrant needs (D23). */
export function getSavedProfile(): Promise<Profile> {
  return apiGet<Profile>('/me/profile', { auth: true });
}

/** Saves what the registrant lacked to the profile (PUT /api/me/profile), one source with Settings. */
export function saveRegistrantDetails(update: ProfileUpdate): Promise<Profile> {
  return apiPut<Profile>('/me/profile', update, { auth: true });
}
