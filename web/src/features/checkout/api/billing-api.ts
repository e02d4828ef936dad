import type { Quote, QuoteRequestBody } from '@domain/api';
import type { QuoteTax } from '@domain/gst';
import type { Profile } from '@domain/profile';
import { getSavedProfile } from '../../../components/registrant/profile-api';
import { apiPost } from '../../../lib/api';

/** The buyer's saved billing details, which an order uses when it gives none (D15). */
export async function getSavedBilling(): Promise<Profile['billing']> {
  return (await getSavedProfile()).billing;
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
