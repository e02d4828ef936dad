/**
 * What a registry needs of a domain's registrant (D23) and the buyer's profile (D19) may lack: a
 * postal address (line 1, city, state, PIN code: the profile's billing details) and a phone
 * number. One rule for the checkout, which asks for what is missing and saves it to the profile,
 * and for converge, which registers a name only once both are there.
 */
import { DomainError } from './errors';
import type { BillingDetails } from './gst';

export type RegistrantGap = 'address' | 'phone';

/** What the profile lacks for a registration; empty when a name can be registered under it. */
export function registrantGaps(profile: {
  phone: string;
  billing?: BillingDetails | null | undefined;
}): RegistrantGap[] {
  const gaps: RegistrantGap[] = [];
  const b = profile.billing;
  const filled = (value: string | undefined) => (value ?? '').trim() !== '';
  if (!b || !filled(b.line1) || !filled(b.city) || !filled(b.state) || !filled(b.pincode)) {
    gaps.push('address');
  }
  if (profile.phone.replace(/\D/g, '').length < 10) gaps.push('phone');
  return gaps;
}

/**
 * What the buyer does once the registrant's details are saved: pay for the order that registers
 * the name (checkout), or choose the name again ("Choose your domain" on a bundle's or a free
 * domain's card, which registers a name already paid for).
 */
export type AfterRegistrant = 'pay' | 'choose';

const THEN: Record<AfterRegistrant, string> = {
  pay: 'then pay',
  choose: 'then choose your domain again',
};

/**
 * A name to be registered or transferred in (D23), refused before Razorpay hears of the order, or
 * before a card's chosen name is recorded, when the registrant's details are missing: it would
 * wait out of step until they came. The checkout and the card save them to the profile first;
 * only an old client meets this.
 */
export class RegistrantDetailsRequiredError extends DomainError {
  override readonly name = 'RegistrantDetailsRequiredError';
  readonly code = 'registrant_details_required';
  constructor(
    readonly gaps: RegistrantGap[],
    then: AfterRegistrant = 'pay',
  ) {
    const missing = [
      ...(gaps.includes('address') ? ['postal address (line 1, city, state and PIN code)'] : []),
      ...(gaps.includes('phone') ? ['mobile number'] : []),
    ].join(' and ');
    super(
      `The domain registry needs the registrant's ${missing} before a name is registered in your name. Please add them to your billing details in Settings, ${THEN[then]}.`,
    );
  }
}

/**
 * Throws RegistrantDetailsRequiredError when the profile cannot register a name (D23); its sentence
 * ends with what the buyer does next (`then`: pay, at checkout, by default).
 */
export function assertRegistrant(
  profile: Parameters<typeof registrantGaps>[0],
  then: AfterRegistrant = 'pay',
): void {
  const gaps = registrantGaps(profile);
  if (gaps.length > 0) throw new RegistrantDetailsRequiredError(gaps, then);
}

/** Why a paid name is not the buyer's: someone else registered it first (the card and the mail). */
export const NAME_TAKEN_REASON = (name: string) =>
  `${name} was registered by someone else before we could register it for you, so it is not yours. Your payment will be refunded in full.`;

/**
 * Why a hosting's free first-year domain (D23) is not the buyer's: taken before it could be
 * registered. Nothing was paid for it, so nothing is refunded; the buyer chooses another name on
 * its card (the same control as a bundle's unnamed domain).
 */
export const FREE_NAME_TAKEN_REASON = (name: string) =>
  `${name} was registered by someone else before we could register it for you, so it is not yours. It came free with your hosting, so there is no payment to refund: choose another name for your free year here.`;

/**
 * Why a bundle's domain (D24) is not the buyer's: taken before it could be registered. The bundle's
 * price includes a domain, so the buyer chooses another name on the bundle's card (nothing is
 * refunded by itself: a bundle's refund is Cancel's, D6, and keeps nothing back for an
 * unregistered name).
 */
export const BUNDLE_NAME_TAKEN_REASON = (name: string) =>
  `${name} was registered by someone else before we could register it for you, so it is not yours. Your bundle includes a domain: choose another name for it here.`;

/** The registrant's details are missing: the registry needs an address before it registers. */
export class RegistrantDetailsMissingError extends Error {
  override readonly name = 'RegistrantDetailsMissingError';
  constructor(readonly userId: string) {
    super(
      "The buyer's billing address is missing: the registry needs the registrant's address before the name can be registered.",
    );
  }
}

/** Why a domain's part failed when its transfer in failed (the card shows it). */
export const TRANSFER_FAILED_REASON = (name: string, detail: string) =>
  `${name} could not be transferred to us: ${detail.replace(/\.?$/, '.')} It stays with its current registrar, and your payment will be refunded in full.`;
