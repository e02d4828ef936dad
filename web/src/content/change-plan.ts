/** Copy of /change-plan (D26): a larger plan now for the days left, a smaller one at the renewal. */
export const changePlanCopy = {
  title: 'Change plan',
  subtitle: (plan: string) => `You are on ${plan}.`,
  loading: 'Loading your plan…',
  notFound:
    'We could not find that service on your account. Open it from your dashboard and choose Change plan there.',
  notChangeable:
    'This service cannot change plan now. Plans change only while a service is active.',
  backToDashboard: 'Back to your dashboard',
  upgradeTitle: 'Move up now',
  upgradeIntro: (renewal: string) =>
    `You pay only the difference for the days left until ${renewal}. Your renewal date does not change.`,
  noLargerPlan: 'You are on the largest plan of this kind.',
  choose: (plan: string) => `Choose ${plan}`,
  perMonth: (price: string) => `${price}/month`,
  quoteTitle: (plan: string) => `Move to ${plan} now`,
  credit: (days: number, period: number) =>
    `Credit for your current plan (${days} of ${period} days left)`,
  charge: (plan: string, days: number) => `${plan} for the same ${days} days`,
  difference: 'Difference',
  gst: 'GST (18%)',
  total: 'Total to pay now',
  staysNote: (renewal: string, price: string, months: number) =>
    `Your renewal date stays ${renewal}; from then you pay ${price} every ${months === 1 ? 'month' : `${months} months`} (GST included).`,
  gettingPrice: 'Working out the price…',
  /** A bundle's upgrade (D26 with D24): each part that moves, or that the larger bundle adds. */
  partsTitle: 'What changes in your bundle',
  partMoves: (kind: string, from: string, to: string) => `${kind}: ${from} → ${to}`,
  partAdded: (kind: string, to: string) => `${kind}: ${to}, new`,
  sized: (plan: string, size: string | undefined) => (size ? `${plan} (${size})` : plan),
  newVpsNote:
    'Choose your new VPS’s system and give its SSH key below; if you add the key later, on its card in your dashboard, the VPS is set up then.',
  partsNote:
    'Each part moves as soon as you have paid; its card shows “Updating…” until it has. A VPS disk grows and never shrinks.',
  pay: (total: string) => `Pay ${total}`,
  paying: 'Opening payment…',
  verifying: 'Confirming your payment…',
  downgradeTitle: 'Move down at your renewal',
  downgradeIntro: (renewal: string) =>
    `A smaller plan starts on your renewal date, ${renewal}. Until then you keep what you have; there is no refund for the difference.`,
  chooseSmaller: (plan: string) => `Switch to ${plan} on renewal`,
  pendingNote: (plan: string, date: string) =>
    `${plan} starts on ${date}. Your renewal is priced at ${plan}.`,
  keepCurrent: (plan: string) => `Keep ${plan}`,
  saving: 'Saving…',
  noSmallerPlan: 'There is no smaller plan of this kind.',
  // A domain's tier (#29): any other tier, from the renewal date.
  tierTitle: 'Change tier at your renewal',
  tierIntro: (renewal: string) =>
    `A domain is registered by the year, so its tier changes on your renewal date, ${renewal}. Your renewal is then priced at the new tier; until then you keep what you have, and nothing is refunded.`,
  tierPrice: (price: string, extension: string) => `${price}/year + 18% GST for ${extension}`,
  chooseTier: (plan: string) => `Switch to ${plan} on renewal`,
  confirmTitle: (plan: string, date: string) => `${plan} from ${date}`,
  tierLoses: {
    privacy: (date: string) =>
      `WHOIS privacy is turned off on ${date}: your name, address and phone number show in public lookups again.`,
    dnssec: (date: string) =>
      `Your DS records are withdrawn from the registry on ${date}, so DNSSEC stops. Turn signing off at your DNS host first, or your domain may stop resolving for validating resolvers.`,
  },
  tierGains: {
    privacy: (date: string) => `WHOIS privacy can be turned on from ${date}.`,
    dnssec: (date: string) => `DNSSEC (DS records) can be published from ${date}.`,
  },
  confirmTier: (plan: string) => `Confirm ${plan} on renewal`,
  notNow: 'Not now',
} as const;
