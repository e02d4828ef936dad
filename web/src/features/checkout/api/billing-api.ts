import type { Quote, QuoteRequestBody } from '@domain/api';
import type { QuoteTax } from '@domain/gst';
import type { Profile, ProfileUpdate } from '@domain/profile';
import { apiGet, apiPost, apiPut } from '../../../lib/api';

/** The buyer's saved billing details, which an order uses when it gives none (D15). */
export async function getSavedBilling(): Promise<Profile['billing']> {
  return (await getSavedProfile()).billing;
}

/** The buyer's profile: the phone and billing details a domain's registrant needs (D23). */
export function getSavedProfile(): Promise<Profile> {
  return apiGet<Profile>('/me/profile', { auth: true });
}

/** Saves what the registrant lacked to the profile (PUT /api/me/profile), one source with Settings. */
export function saveRegistrantDetails(update: ProfileUpdate): Promise<Profile> {
  return apiPut<Profile>('/me/profile', update, { auth: true });
}

/**
 * The server's split of the GST for a billing state (D10): CGST + SGST in the seller's state,
 * else IGST. The seller's state is the server's to know, so the split is asked of it.
 */
export async function getTaxSplit(
  body: QuoteRequestBody & { billingState: string },
): Promise<QuoteTax | undefined> {
  return (await apiPost<Quote>('/checkout/quote', body)).tax;
}
