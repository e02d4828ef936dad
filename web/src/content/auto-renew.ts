/** What every debit is, in plain words (the card's and the checkout's terms). */
const debitTerms = (max: string, firstDebit: string) => [
  `We debit the renewal price, GST included, once per renewal: never more than ${max}.`,
  `The first debit is on or after ${firstDebit}. Three days before each debit we email you the amount and the date.`,
  'Renewals above ₹15,000 are never debited automatically: we email you a link to pay instead.',
];

/** The words of auto-renew (D25): on the service card, at checkout and on the opt-out page. */
export const autoRenewCopy = {
  label: 'Auto-renew',
  on: 'On',
  off: 'Off',
  offNote: 'Nothing is debited. Renew by hand before the renewal date, or turn it on.',
  turnOn: 'Turn on auto-renew',
  turnOff: 'Turn off',
  turnOffLabel: (name: string) => `Turn off auto-renew for ${name}`,
  turnOnLabel: (name: string) => `Turn on auto-renew for ${name}`,
  paidFrom: 'Paid from',
  nextDebit: 'Next debit',
  nextDebitWhen: (date: string, amount?: string) =>
    amount ? `${amount} on ${date}` : `${date}, at the renewal price with GST`,
  pending: 'Waiting for your bank or card to confirm the mandate. This takes a few seconds.',
  termsTitle: 'Before you authorise',
  terms: (max: string, firstDebit: string) => [
    ...debitTerms(max, firstDebit),
    'Turn it off any time here or from the link in that email. It cancels the mandate at once.',
  ],
  /** The checkout's box (D25): unticked until the buyer ticks it, with the same rules. */
  checkout: {
    label: 'Renew automatically',
    terms: (max: string, firstDebit: string) => [
      ...debitTerms(max, firstDebit),
      'Turn it off any time on the service in your dashboard, or from the link in that email. It cancels the mandate at once.',
    ],
    note: 'With the box ticked, Razorpay sets up the mandate with this payment: you authorise once, and nothing more is charged today.',
    on: (mandate: string, date: string) =>
      `Auto-renew is on, paid from ${mandate}. The first debit is on or after ${date}; we email you three days before.`,
    declined:
      'Your bank or card did not accept the auto-renew mandate, so auto-renew is off. Your purchase is paid. You can turn auto-renew on from the service in your dashboard.',
    pending:
      'We are waiting for your bank or card to confirm the auto-renew mandate. Your dashboard shows it once it is confirmed.',
  },
  authoriseNote:
    'Razorpay asks you to authorise ₹1 with your card or UPI app to set up the mandate. We refund the ₹1.',
  authorise: 'Authorise with Razorpay',
  cancel: 'Not now',
  turnedOff: 'Auto-renew is off. Nothing will be debited.',
  failed: 'That did not work. Please try again in a moment.',
  page: {
    title: 'Turn off auto-renew',
    body: 'Turn off auto-renew for the service named in the email. No debit is made; your service runs until its renewal date, and you can renew it by hand.',
    button: 'Turn off auto-renew',
    working: 'Turning it off…',
    done: (name: string, date: string) =>
      `Auto-renew is off for ${name}. Nothing will be debited. It runs until ${date}.`,
    missing: 'This link is incomplete. Sign in and turn auto-renew off on the service instead.',
    dashboard: 'Go to your services',
  },
} as const;
