/**
 * The facts that marketing copy and policies quote (docs/decisions.md D6, D7, D10, D16-D18). Every page
 * builds its sentences from these, so a number cannot say one thing on /refund and another on
 * /terms. The business's own details (name, contacts, figures) are sample content and live in
 * ./sample-business.
 */
import { formatInr, percentOf } from '@domain/money';
import { FEE_PERCENT } from '@domain/pricing';
import { BUNDLE_DOMAIN_REGISTRATION_PAISE, MONEY_BACK_DAYS } from '@domain/refunds';
import { sampleBusiness } from './sample-business';

/** D16: a bundle's refund keeps back the included domain's registration, ₹999 + GST. */
const bundleDomainPaise = BUNDLE_DOMAIN_REGISTRATION_PAISE;

export const facts = {
  foundedYear: sampleBusiness.foundedYear,
  clients: sampleBusiness.clients,
  happiness: sampleBusiness.happiness,
  uptime: '99.9%',
  /** D10: the one tax on every price; shown beside each price a buyer reads. */
  gstPercent: FEE_PERCENT,
  moneyBackDays: MONEY_BACK_DAYS,
  /** D6/D16: what the guarantee covers and what it does not. No plan has a setup fee. */
  moneyBackCovers: 'hosting, VPS, storage and bundle plans',
  moneyBackExcludes: 'domain registrations',
  bundleDomainRefundExcluded: `${formatInr(bundleDomainPaise)} + ${FEE_PERCENT}% GST (${formatInr(
    bundleDomainPaise + percentOf(bundleDomainPaise, FEE_PERCENT),
  )} incl. GST)`,
  /** How long a bank takes to return money Razorpay refunds (refunds, failed payments). */
  refundReachesDays: '5–7 working days',
  supportLanguages: 'English and Hindi',
  /** D7: exactly what Razorpay takes. */
  paymentMethods: ['Credit and debit cards', 'UPI', 'Netbanking', 'Wallets'],
  paymentMethodsSentence: 'credit and debit cards, UPI, netbanking and wallets',
  /** D18: the hosting welcome mail (username, server, nameservers, panel address; no password). */
  welcomeMailMinutes: 15,
  emailResponseHours: 2,
  emailResponseWeekendHours: 4,
  /** Each plan's support tier; phone support is for the Enterprise tier only. */
  supportTiers: [
    {
      name: 'Basic',
      responseHours: 24,
      plans: 'Basic Hosting, Basic VPS, Basic Domain, Basic Storage and the Basic Bundle',
    },
    {
      name: 'Professional',
      responseHours: 4,
      plans:
        'Premium Hosting, Premium VPS, Premium Domain, Standard Storage and the Standard Bundle',
    },
    {
      name: 'Enterprise',
      responseHours: 1,
      plans:
        'Enterprise Hosting, Enterprise VPS, Enterprise Domain, Premium Storage and the Premium Bundle',
    },
  ],
  /** D17: reminder mails before a renewal date, and the grace before a hosting suspension. */
  reminderDays: [30, 7, 1],
  suspendAfterDays: 7,
  termsChangeNoticeDays: 30,
  terminationNoticeDays: 30,
  dataDeletionDays: 30,
  maintenanceNoticeHours: 48,
  liabilityMonths: 12,
  /** The plans we sell (the catalog's smallest and largest VPS). */
  vpsRange: { from: '1 vCPU, 1 GB RAM and 25 GB SSD', to: '4 vCPU, 8 GB RAM and 160 GB SSD' },
  starterHostingStorageGb: 10,
  /** What /domains sells: the extensions with a price per year (the rest show as unavailable). */
  domainExtensions: '.com, .net, .org, .in and .co.in',
  retention: { accountsYears: 7, supportYears: 3, logsMonths: 12 },
  minimumAge: 18,
} as const;

/** "+ 18% GST": written beside every price a buyer reads (D10). */
export const gstNote = `+ ${facts.gstPercent}% GST`;

/** The guarantee in one sentence, quoted wherever refunds come up (D6, D16). */
export const moneyBackSentence = `Hosting, VPS, storage and bundle plans come with a ${facts.moneyBackDays}-day money-back guarantee; ${facts.moneyBackExcludes} are not refundable.`;

/** How the guarantee is used (D16): from the dashboard, refunded at once, service ends at once. */
export const cancelSentence = `Cancel from your dashboard within ${facts.moneyBackDays} days of a payment: the refund goes back through Razorpay at once, and the service ends when you cancel.`;

/** Renewals as they work (D14, D17, D25): nothing renews by itself unless the buyer turns auto-renew on. */
export const renewalSentence = `Nothing renews automatically unless you turn on auto-renew for a service (it is off until you do): we email you ${facts.reminderDays[0]}, ${facts.reminderDays[1]} and ${facts.reminderDays[2]} day before a service's renewal date and on the day it expires, and you renew from your dashboard at the renewal price shown on the plan. With auto-renew on, we email you the amount and date 3 days before each debit, and you can turn it off in one click.`;

export const supportContact = sampleBusiness.contact;
export const grievanceOfficer = sampleBusiness.grievanceOfficer;

/** The grievance officer as the E-Commerce Rules require it shown: name, designation, contacts. */
export const grievanceSentence = `${grievanceOfficer.designation}: ${grievanceOfficer.name}, ${grievanceOfficer.address.join(', ')}; email ${grievanceOfficer.email}, phone ${grievanceOfficer.phone}. Complaints are acknowledged within ${grievanceOfficer.acknowledgeHours} hours and resolved within ${grievanceOfficer.resolveWithin}.`;
