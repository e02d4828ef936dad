import { facts } from './facts';

/** Copy of /checkout: the reference product's alerts; the fee label (docs/decisions.md D10). */
export const checkoutCopy = {
  title: 'Checkout',
  subtitle: 'Review your order, choose how long you want it for, and pay securely.',
  loading: 'Loading Plans, Please Wait',
  couldNotGetPrice: 'Could not get price',
  retry: 'Try again',
  planNotFoundTitle: 'We could not find that plan',
  planNotFoundBody:
    'The link you followed may be out of date. Choose a plan from one of our pricing pages and you will come right back here.',
  planLinks: [
    { label: 'Web Hosting', to: '/hosting' },
    { label: 'VPS Hosting', to: '/vps' },
    { label: 'Domains', to: '/domain' },
    { label: 'Cloud Storage', to: '/storage' },
    { label: 'Bundles', to: '/pricing' },
  ],
  summaryTitle: 'Order Summary',
  planLabel: 'Plan',
  domainLabel: 'Domain',
  durationLabel: 'Billing period',
  durationOption: (months: number, discountPercent: number) =>
    `${months} ${months === 1 ? 'month' : 'months'}${discountPercent ? ` (save ${discountPercent}%)` : ''}`,
  breakdownTitle: 'Price breakdown',
  base: (monthly: string, months: number) =>
    `Base price (${monthly} × ${months} ${months === 1 ? 'month' : 'months'})`,
  /** D21: a domain is sold by the year. */
  domainBase: (name: string, yearly: string, years: number) =>
    `Registration ${name} (${yearly} × ${years} ${years === 1 ? 'year' : 'years'})`,
  yearsLabel: 'Registration period',
  yearsOption: (years: number) => `${years} ${years === 1 ? 'year' : 'years'}`,
  domainInputLabel: 'Domain name',
  domainInputHint:
    'The .com, .net, .org, .in or .co.in name to register, for example yourbusiness.com.',
  promoNotForDomains: 'Promo codes do not apply to domain registrations.',
  /** D18: the domain a hosting account is created for; not registered, not priced. */
  hostingDomainLabel: 'Domain for this hosting',
  hostingDomainPlaceholder: 'yourbusiness.com',
  hostingDomainHint:
    'The domain your website will use, registered with us or elsewhere. It does not change the price.',
  hostingDomainLater: 'I’ll add it later',
  hostingDomainLaterHint:
    'Your hosting starts on a temporary address, given in your welcome email. Once you have a domain, email support and we will set your hosting up for it.',
  hostingDomainRenewal: (domain: string) => `This renewal is for your hosting of ${domain}.`,
  hostingDomainRenewalNone: 'This renewal keeps your hosting on its current address.',
  hostingDomainLaterSummary: 'Added later',
  hostingDomainMissingSummary: 'Not a valid domain yet',
  durationDiscount: (percent: number) => `Duration discount (${percent}%)`,
  promoDiscount: (code: string, percent: number) => `Promo ${code} (${percent}%)`,
  subtotal: 'Subtotal',
  /** D10: the fee is GST, and nothing else. */
  fee: `GST (${facts.gstPercent}%)`,
  total: 'Total',
  /** Renewal mode (D14): a plan the buyer holds or held, at its renewal price. */
  renewalLabel: 'Renewal',
  renewalOf: (plan: string, current: string, next: string, expired: boolean) =>
    expired
      ? `Renewal of ${plan} (expired on ${current}; renewed until ${next})`
      : `Renewal of ${plan} (renews on ${current} → ${next})`,
  renewalOfPlan: (plan: string) => `Renewal of ${plan}, at its renewal price`,
  promoNotForRenewal: 'Promo codes apply to new purchases only.',
  /** D10, D15: the GST as the tax invoice splits it, once the buyer's state is known. */
  taxLine: (tax: string, percent: number) => `${tax} (${percent}%)`,
  placeOfSupplyTerm: 'Place of supply',
  placeOfSupply: (state: string, code: string) => `Place of supply: ${state} (${code})`,
  /** D15: the tax invoice's recipient. */
  billingTitle: 'Tax invoice',
  billingOffer: 'Add GST details for a business invoice',
  billingRemove: 'Remove GST details',
  billingRequiredNote:
    'From ₹50,000 of taxable value (the price before GST), your tax invoice must carry your name and billing address. Please fill them in below.',
  billingFromProfile: (name: string, place: string) =>
    `Your tax invoice will be made out to ${name}, ${place}, as saved in your account settings.`,
  billingChange: 'Change billing details',
  billingSavedNote: 'What you enter here is saved to your account settings for your next invoice.',
  billingKeepSaved: 'Keep the saved details',
  /** D23: a name moving in from another registrar. */
  transferTitle: (domain: string) => `Transfer ${domain} to us`,
  transferNote:
    'A transfer adds one year to the name at the registry, so it is bought for 1 year. Your current registrar may email you to approve it; it usually completes within 5 to 7 days. If it fails, you get your money back in full.',
  authCodeLabel: 'Auth code (EPP code)',
  authCodeHint:
    'From your current registrar. We use it once to move the name, then forget it; it is never emailed.',
  authCodeRequired: 'Please enter the auth code your current registrar gave you.',
  /** D23: what a registry needs of a domain's registrant, asked when the profile lacks it. */
  registrantTitle: 'Registrant details',
  registrantNeeded:
    'The domain registry needs the registrant’s postal address and mobile number. We save them to your billing details in Settings, so you enter them once.',
  registrantOnFile: (name: string, place: string) =>
    `The domain will be registered to ${name}, ${place}, as saved in your account settings.`,
  registrantLoading: 'Reading your saved details...',
  registrantLoadFailed: 'We could not read your saved details. Please try again.',
  registrantRetry: 'Try again',
  registrantSaveFailed: 'We could not save your details. Please try again.',
  promoTitle: 'Have a promo code?',
  promoLabel: 'Promo code',
  promoApply: 'Apply',
  promoApplying: 'Applying...',
  promoRemove: 'Remove',
  payTitle: 'Pay Now',
  payBody: 'You will pay securely with Razorpay: cards, UPI, netbanking or wallets.',
  payButton: 'Pay Now',
  payBusy: 'Processing...',
  verifying: 'Confirming your payment...',
  guarantee: `${facts.moneyBackDays}-day money-back guarantee on ${facts.moneyBackCovers}: cancel from your dashboard. Domain registrations are not refundable.`,
  overlayTitle: 'Please Login for Purchasing Plan',
  overlayBody:
    'Log in or create an account to buy this plan. You will come straight back to this order.',
  overlayLogin: 'Login',
  overlaySignup: 'Sign Up',
  // Alerts, word for word from the spec.
  loginRequired: 'Please login to continue with the purchase',
  initiateFailed: 'Error initiating payment. Please try again.',
  permissionDenied:
    'Error: You do not have permission to save purchase details. Please contact support.',
  saveFailed: (message: string) => `Error saving purchase details: ${message}`,
  outerFailure: 'Payment successful but error saving details. Please contact support.',
  success: 'Payment successful! Your plan has been activated.',
  /** The bank may have debited a payment that then failed; Razorpay returns such money itself. */
  paymentFailed: (description: string) =>
    `Payment failed: ${description}. If your bank debited your account, Razorpay refunds the amount automatically, typically within ${facts.refundReachesDays}. Please try again.`,
  /** D20: verify answered that Razorpay has not yet reported the payment captured. */
  pending:
    'Your payment is being confirmed. Your dashboard will show the service as soon as Razorpay confirms it.',
  paymentFailedDefault: 'the payment could not be completed',
  /** After a verify failure: the webhook still records a captured payment server-side. */
  webhookNote:
    'If money was taken from your account, your purchase will still be activated automatically within a few minutes and will appear on your dashboard. Quote your order id when you contact support',
} as const;
