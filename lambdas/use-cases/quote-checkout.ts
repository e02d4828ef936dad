import { quoteTax } from '../domain/gst';
import type { SellerDetails } from '../domain/invoice';
import type { Plan } from '../domain/plan';
import { priceCheckout, type CheckoutPriceRequest } from '../domain/checkout-pricing';
import type { VpsChoiceInput } from '../domain/vps-choice';
import { partChoicesOf } from './bundle-checkout';
import type { Quote } from '../domain/pricing';
import { checkoutAutoRenewTerms, renewalRequestOf } from '../domain/auto-renew';

export interface QuoteCheckoutRequest extends CheckoutPriceRequest {
  /** A VPS plan's choices (D24), checked as the order checks them; they change no price. */
  vps?: VpsChoiceInput;
  /** A bundle's domain to register (D24), checked as the order checks its form. */
  registerDomain?: string;
  /** The buyer's billing state, when the checkout knows it: the quote then splits its GST. */
  billingState?: string;
  /** "Renew automatically" (D25): the quote then states the mandate's amounts. */
  autoRenew?: boolean;
}

/**
 * POST /api/checkout/quote: the server's price, and with the buyer's state its GST as CGST + SGST
 * (the seller's state) or IGST (another state), as the invoice will charge it (D10, D15). An
 * unknown state is a validation_failed.
 */
export async function quoteCheckout(
  plans: readonly Plan[],
  request: QuoteCheckoutRequest,
  seller: () => Pick<SellerDetails, 'state'>,
): Promise<Quote> {
  const { billingState, vps, registerDomain, autoRenew, ...priced } = request;
  const quote: Quote = priceCheckout(plans, priced);
  if (autoRenew && !quote.change) {
    quote.autoRenew = checkoutAutoRenewTerms(
      priceCheckout(plans, renewalRequestOf(quote)).totalPaise,
    );
  }
  // A VPS's OS and keys are checked at the quote too (D24), so a bad key is said before paying.
  // A bundle's VPS and its name to register are checked the same way (D24).
  const plan = plans.find((entry) => entry.id === quote.planId);
  if (plan) await partChoicesOf(plan, { vps, registerDomain }, 'buyer');
  return withTax(quote, billingState, seller);
}

/** The quote with its GST split for the buyer's state, when the state is known (D10). */
export function withTax<Q extends Quote>(
  quote: Q,
  billingState: string | undefined,
  seller: () => Pick<SellerDetails, 'state'>,
): Q {
  if (billingState === undefined || billingState.trim() === '') return quote;
  return { ...quote, tax: quoteTax(quote, billingState.trim(), seller().state) };
}
