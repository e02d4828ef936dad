import { facts, moneyBackSentence, supportContact } from './facts';

export interface PolicySection {
  title: string;
  paragraphs: string[];
  list?: string[];
}

export interface PolicyDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: PolicySection[];
}

const LAST_UPDATED = 'September 2025';
const tiers = facts.supportTiers.map(
  (t) => `${t.name}: within ${t.responseHours} ${t.responseHours === 1 ? 'hour' : 'hours'}`,
);
const contactLine = `Email ${supportContact.email} or call ${supportContact.phone}.`;

/** /privacy: 12 sections, last updated September 2025. */
export const privacyPolicy: PolicyDocument = {
  title: 'Privacy Policy',
  lastUpdated: LAST_UPDATED,
  intro:
    'This policy explains what personal data we collect when you use our website and services, why we collect it, and the choices you have.',
  sections: [
    {
      title: 'Information we collect',
      paragraphs: [
        'We collect the information you give us and the information created when you use our services.',
      ],
      list: [
        'Account details: your name, email address and phone number.',
        'Billing details: the plans you buy, amounts, dates and payment references. Card, UPI and bank details are handled by Razorpay and never reach our servers.',
        'Support records: messages you send us and notes from calls and chats.',
        'Technical data: IP addresses, browser type and server logs.',
      ],
    },
    {
      title: 'How we use your information',
      paragraphs: [
        'We use your information to provide and bill for your services, send your access details, answer support requests, keep our systems secure and meet our legal obligations. We send marketing email only if you agree, and you can unsubscribe at any time.',
      ],
    },
    {
      title: 'Legal basis for processing',
      paragraphs: [
        'We process your data to perform our contract with you, to comply with Indian law, including the Digital Personal Data Protection Act, 2023, and, for marketing, with your consent.',
      ],
    },
    {
      title: 'Sharing your information',
      paragraphs: [
        'We do not sell your personal data. We share it only with providers that help us run the service, such as our payment processor Razorpay, domain registries, our cloud infrastructure provider and our email delivery service, and with authorities when the law requires it.',
      ],
    },
    {
      title: 'Cookies',
      paragraphs: [
        'We use essential cookies to keep you logged in and to secure checkout. We do not use advertising cookies.',
      ],
    },
    {
      title: 'Data retention',
      paragraphs: ['We keep data only as long as we need it:'],
      list: [
        `Account and billing records: ${facts.retention.accountsYears} years, as tax and accounting law requires.`,
        `Support records: ${facts.retention.supportYears} years.`,
        `Server and access logs: ${facts.retention.logsMonths} months.`,
        `Data stored in your services: deleted ${facts.dataDeletionDays} days after the service ends.`,
      ],
    },
    {
      title: 'Data security',
      paragraphs: [
        'We protect your data with encryption in transit and at rest, strict access controls and regular security reviews. Passwords are held only by our identity provider and are never stored in our own databases.',
      ],
    },
    {
      title: 'Your rights',
      paragraphs: [
        'You can ask to see, correct or delete your personal data, withdraw consent to marketing, and nominate someone to exercise your rights. We answer requests within 30 days.',
      ],
    },
    {
      title: 'International transfers',
      paragraphs: [
        'Our services run in data centres in India. Where a provider processes data outside India, we require safeguards that protect it to the standard of this policy.',
      ],
    },
    {
      title: 'Children’s privacy',
      paragraphs: [
        `Our services are not meant for anyone under ${facts.minimumAge}. You must be at least ${facts.minimumAge} years old to create an account.`,
      ],
    },
    {
      title: 'Changes to this policy',
      paragraphs: [
        `We will email you and post a notice on this page at least ${facts.termsChangeNoticeDays} days before any significant change takes effect.`,
      ],
    },
    {
      title: 'Contact us',
      paragraphs: [
        `For any privacy question or request, contact our grievance officer. ${contactLine}`,
      ],
    },
  ],
};

/** /terms: 12 numbered terms (docs/decisions.md D6). */
export const termsOfService: PolicyDocument = {
  title: 'Terms of Service',
  lastUpdated: LAST_UPDATED,
  intro:
    'These terms govern your use of our hosting, domain, VPS, storage and bundle services. By creating an account or buying a plan you agree to them.',
  sections: [
    {
      title: 'Acceptance of terms',
      paragraphs: [
        `You must be at least ${facts.minimumAge} years old and able to enter a binding contract to use our services.`,
      ],
    },
    {
      title: 'Services',
      paragraphs: [
        'We provide web hosting, domain registration, VPS hosting, cloud storage and project bundles as described on each plan’s page at the time you order.',
      ],
    },
    {
      title: 'Accounts',
      paragraphs: [
        'Keep your login details secret and your contact details current. You are responsible for everything done with your account.',
      ],
    },
    {
      title: 'Payment and billing',
      paragraphs: [
        `Prices are in Indian rupees. We accept ${facts.paymentMethodsSentence}. Plans are paid in advance for the billing period you choose, and your order summary shows every tax and fee before you pay.`,
      ],
    },
    {
      title: 'Renewal and cancellation',
      paragraphs: [
        `Plans renew automatically at the renewal price shown on the plan. You can turn off auto-renewal up to ${facts.autoRenewalCancelDays} days before the renewal date. When you cancel, the service stays active until the end of the billing period; we confirm cancellations within ${facts.cancellationConfirmHours} hours.`,
      ],
    },
    {
      title: 'Refunds',
      paragraphs: [`${moneyBackSentence} Details are in our Cancellation and Refund Policy.`],
    },
    {
      title: 'Acceptable use',
      paragraphs: [
        'You may not use our services for anything illegal, for spam, malware, phishing or attacks on other systems, or in a way that harms other customers on shared servers.',
      ],
    },
    {
      title: 'Support',
      paragraphs: ['Support response times depend on your support tier:'],
      list: [...tiers, 'Phone support is available to Enterprise customers only.'],
    },
    {
      title: 'Uptime and maintenance',
      paragraphs: [
        `We aim for ${facts.uptime} uptime. Planned maintenance is announced at least ${facts.maintenanceNoticeHours} hours ahead.`,
      ],
    },
    {
      title: 'Limitation of liability',
      paragraphs: [
        `Our total liability for any claim is limited to the amount you paid us in the ${facts.liabilityMonths} months before the claim. We are not liable for indirect losses such as lost profits or data.`,
      ],
    },
    {
      title: 'Termination',
      paragraphs: [
        `Either party may end the agreement with ${facts.terminationNoticeDays} days’ written notice. We may suspend a service at once for serious breaches of these terms. After termination your data is kept for ${facts.dataDeletionDays} days and then deleted.`,
      ],
    },
    {
      title: 'Changes to these terms',
      paragraphs: [
        `We give ${facts.termsChangeNoticeDays} days’ notice by email before changes take effect. These terms are governed by the laws of India, and the courts of Bengaluru have jurisdiction.`,
      ],
    },
  ],
};

/** /refund: cancellation and refund policy in 8 sections (docs/decisions.md D6). */
export const refundPolicy: PolicyDocument = {
  title: 'Cancellation and Refund Policy',
  lastUpdated: LAST_UPDATED,
  intro: `We want you to be happy with your service. ${moneyBackSentence}`,
  sections: [
    {
      title: `${facts.moneyBackDays}-day money-back guarantee`,
      paragraphs: [
        `If you cancel a hosting, VPS, storage or bundle plan within ${facts.moneyBackDays} days of purchase, we refund the full plan price, no questions asked.`,
      ],
    },
    {
      title: 'What is not refundable',
      paragraphs: [
        'Some charges are passed on to third parties as soon as you order, so they cannot be refunded:',
      ],
      list: [
        'Setup fees.',
        'Domain registrations, renewals and transfers.',
        `Requests made more than ${facts.moneyBackDays} days after purchase.`,
      ],
    },
    {
      title: 'How to cancel',
      paragraphs: [
        `Cancel from your dashboard or email ${supportContact.email} from the address on your account. We confirm every cancellation within ${facts.cancellationConfirmHours} hours.`,
      ],
    },
    {
      title: 'What happens when you cancel',
      paragraphs: [
        `The service stays active until the end of the current billing period and then ends. The account is marked cancelled and cannot be reactivated; buy a new plan to start again. Data is deleted within ${facts.dataDeletionDays} days after the service ends, so download anything you need first.`,
      ],
    },
    {
      title: 'Auto-renewal',
      paragraphs: [
        `Turn off auto-renewal at least ${facts.autoRenewalCancelDays} days before the renewal date to avoid being charged for the next period. A renewal cancelled within ${facts.moneyBackDays} days is covered by the same guarantee.`,
      ],
    },
    {
      title: 'How refunds are paid',
      paragraphs: [
        'Refunds go back to the original payment method (card, UPI, netbanking or wallet) through Razorpay. They usually reach you within 5-7 business days, depending on your bank.',
      ],
    },
    {
      title: 'Physical items',
      paragraphs: [
        `Unused physical items can be returned within ${facts.physicalReturnDays} days of delivery, as described in our Shipping Policy.`,
      ],
    },
    {
      title: 'Contact us',
      paragraphs: [`Questions about a cancellation or refund? ${contactLine}`],
    },
  ],
};

/** /shipping: shipping information and 11 numbered terms (docs/decisions.md D6). */
export const shippingPolicy = {
  title: 'Shipping and Delivery Policy',
  lastUpdated: LAST_UPDATED,
  intro:
    'Almost everything we sell is digital and delivered by email. A few business plans include physical items, such as hardware security keys. This page explains how both are delivered.',
  information: [
    {
      title: 'Digital services',
      text: `Hosting, domains, VPS, storage and bundles are delivered electronically. Your access credentials are emailed within ${facts.credentialsWithinMinutes} minutes of a successful payment.`,
    },
    {
      title: 'Physical items',
      text: 'Physical items ship from our Bengaluru office by courier, with tracking details sent by email.',
    },
    {
      title: 'Delivery times',
      text: `Standard ${facts.shipping.standardDays} business days, express ${facts.shipping.expressDays}, overnight ${facts.shipping.overnightDays}, international ${facts.shipping.internationalDays} business days.`,
    },
  ],
  termsTitle: 'Shipping terms',
  terms: [
    `Digital service credentials are emailed within ${facts.credentialsWithinMinutes} minutes of a successful payment.`,
    'If your credentials have not arrived after 15 minutes, check your spam folder and then contact support.',
    'Physical items are dispatched within 1 business day of your order.',
    `Standard shipping takes ${facts.shipping.standardDays} business days.`,
    `Express shipping takes ${facts.shipping.expressDays} business days.`,
    `Overnight shipping arrives in ${facts.shipping.overnightDays} business day for orders placed before 2 p.m. IST.`,
    `International shipping takes ${facts.shipping.internationalDays} business days; customs duties are paid by the recipient.`,
    `Standard shipping is free on orders above ${facts.shipping.freeStandardAbove}.`,
    'Tracking details are emailed as soon as an item ships.',
    `Unused physical items can be returned within ${facts.physicalReturnDays} days of delivery.`,
    `Digital services are covered by our ${facts.moneyBackDays}-day money-back guarantee on hosting, VPS, storage and bundle plans; ${facts.moneyBackExcludes} are not refundable.`,
  ],
  contact: `Questions about a delivery? ${contactLine}`,
} as const;
