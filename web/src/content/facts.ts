/**
 * The business facts that marketing copy and policies quote (docs/decisions.md D6, D7). Every page
 * builds its sentences from these, so a number cannot say one thing on /refund and another on
 * /terms.
 */
export const facts = {
  foundedYear: 2012,
  clients: '60,000+',
  uptime: '99.9%',
  moneyBackDays: 30,
  /** D6: what the guarantee covers and what it does not. */
  moneyBackCovers: 'hosting, VPS, storage and bundle plans',
  moneyBackExcludes: 'setup fees and domain registrations',
  happiness: { percent: '94%', ratings: '18,966' },
  supportLanguages: 'English and Hindi',
  /** D7: exactly what Razorpay takes. */
  paymentMethods: ['Credit and debit cards', 'UPI', 'Netbanking', 'Wallets'],
  paymentMethodsSentence: 'credit and debit cards, UPI, netbanking and wallets',
  credentialsWithinMinutes: 15,
  emailResponseHours: 2,
  emailResponseWeekendHours: 4,
  supportTiers: [
    { name: 'Basic', responseHours: 24 },
    { name: 'Professional', responseHours: 4 },
    { name: 'Enterprise', responseHours: 1 },
  ],
  shipping: {
    standardDays: '5-7',
    expressDays: '2-3',
    overnightDays: '1',
    internationalDays: '10-21',
    freeStandardAbove: '$100',
  },
  physicalReturnDays: 14,
  autoRenewalCancelDays: 7,
  termsChangeNoticeDays: 30,
  terminationNoticeDays: 30,
  dataDeletionDays: 30,
  maintenanceNoticeHours: 48,
  liabilityMonths: 12,
  cancellationConfirmHours: 24,
  domainExtensions: '300',
  domainTransferDays: '5-7',
  vpsRange: { from: '1 CPU, 1 GB RAM and 25 GB SSD', to: '16 CPU, 64 GB RAM and 1 TB SSD' },
  starterHostingStorageGb: 10,
  retention: { accountsYears: 7, supportYears: 3, logsMonths: 12 },
  minimumAge: 18,
} as const;

/** The guarantee in one sentence, quoted wherever refunds come up (D6). */
export const moneyBackSentence = `Hosting, VPS, storage and bundle plans come with a ${facts.moneyBackDays}-day money-back guarantee; ${facts.moneyBackExcludes} are not refundable.`;

export const supportContact = {
  email: 'support@hostingstorefront.in',
  salesEmail: 'sales@hostingstorefront.in',
  phone: '+91 80 4718 2600',
  phoneHref: 'tel:+918047182600',
  address: [
    'Hosting Storefront Pvt. Ltd.',
    '4th Floor, 80 Feet Road, Koramangala',
    'Bengaluru, Karnataka 560034',
    'India',
  ],
} as const;
