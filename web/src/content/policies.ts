import {
  cancelSentence,
  facts,
  gstNote,
  grievanceSentence,
  moneyBackSentence,
  renewalSentence,
  supportContact,
} from './facts';

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

/** Rewritten in November 2026 to say what the store does (issue: an honest storefront). */
const LAST_UPDATED = 'November 2026';
const tiers = facts.supportTiers.map(
  (t) =>
    `${t.name}: within ${t.responseHours} ${t.responseHours === 1 ? 'hour' : 'hours'} (${t.plans})`,
);
/** Phone support is for the Enterprise tier only, so every contact line says so. */
const contactLine = `Email ${supportContact.email}; Enterprise customers can also call ${supportContact.phone}.`;
const welcomeMail = `Hosting is created on our servers as soon as Razorpay confirms your payment, and its welcome email (username, server, nameservers and the control panel’s address) arrives within ${facts.welcomeMailMinutes} minutes.`;
const operatorSetUp =
  'VPS, cloud storage and domain registrations are set up by our team, who email you the access details when each is ready.';
const noPasswordInMail =
  'No email from us ever contains a password: Open control panel on your dashboard signs you in to your control panel.';

/** /privacy: 12 sections. */
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
        'Billing details: the billing name, address, state and GSTIN you give us for tax invoices, the plans you buy, amounts, dates and payment references. Card, UPI and bank details are handled by Razorpay and never reach our servers.',
        'Support records: messages you send us and notes from calls.',
        'Technical data: IP addresses, browser type and server logs.',
      ],
    },
    {
      title: 'How we use your information',
      paragraphs: [
        'We use your information to provide and bill for your services, issue GST tax invoices and credit notes, send your welcome emails, renewal reminders and refund updates, answer support requests, keep our systems secure and meet our legal obligations. We send marketing email only if you agree, and you can unsubscribe at any time.',
      ],
    },
    {
      title: 'Legal basis for processing',
      paragraphs: [
        'We process your data to perform our contract with you, to comply with Indian law, including the Digital Personal Data Protection Act, 2023 and the GST laws, and, for marketing, with your consent.',
      ],
    },
    {
      title: 'Sharing your information',
      paragraphs: [
        'We do not sell your personal data. We share it only with providers that help us run the service, such as our payment processor Razorpay, domain registries, our cloud infrastructure provider and our email delivery service, and with authorities when the law requires it.',
      ],
    },
    {
      title: 'Cookies and local storage',
      paragraphs: [
        'Your browser keeps your login session in its local storage so that you stay logged in. We use no advertising cookies and no third-party trackers.',
      ],
    },
    {
      title: 'Data retention',
      paragraphs: ['We keep data only as long as we need it:'],
      list: [
        `Account and billing records, tax invoices included: ${facts.retention.accountsYears} years, as tax and accounting law requires.`,
        `Support records: ${facts.retention.supportYears} years.`,
        `Server and access logs: ${facts.retention.logsMonths} months.`,
        `Data stored in your services: kept for ${facts.dataDeletionDays} days after the service ends, then deleted by our team.`,
      ],
    },
    {
      title: 'Data security',
      paragraphs: [
        'We protect your data with encryption in transit and at rest, strict access controls and regular security reviews. Passwords are held only by our identity provider: they are never stored in our own databases and never sent by email.',
      ],
    },
    {
      title: 'Your rights',
      paragraphs: [
        'You can ask to see, correct or delete your personal data, withdraw consent to marketing, and nominate someone to exercise your rights. You can correct your name, phone and billing details yourself in Settings on your dashboard. We answer requests within 30 days.',
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
      title: 'Contact us and grievances',
      paragraphs: [
        `For any privacy question, request or complaint, contact our ${grievanceSentence}`,
        contactLine,
      ],
    },
  ],
};

/** /terms: 12 numbered terms (docs/decisions.md D6, D14-D18). */
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
        `We provide web hosting, domain registration, VPS hosting, cloud storage and project bundles as described on each plan’s page at the time you order. ${welcomeMail} ${operatorSetUp}`,
      ],
    },
    {
      title: 'Accounts',
      paragraphs: [
        `Keep your password secret and your contact and billing details current. You are responsible for everything done with your account. ${noPasswordInMail}`,
      ],
    },
    {
      title: 'Payment and billing',
      paragraphs: [
        `Prices are in Indian rupees and shown ${gstNote}. We accept ${facts.paymentMethodsSentence}. Plans are paid in advance for the billing period you choose; your order summary shows the GST before you pay, and every payment gets a GST tax invoice that you can download from your dashboard.`,
      ],
    },
    {
      title: 'Renewal and cancellation',
      paragraphs: [
        `${renewalSentence} Renewals are priced at the plan’s renewal price with the same discounts for longer periods; promo codes apply to new purchases only. Hosting that is not renewed is suspended ${facts.suspendAfterDays} days after it expires and restored when you renew; nothing is deleted automatically. ${cancelSentence}`,
      ],
    },
    {
      title: 'Refunds',
      paragraphs: [
        `${moneyBackSentence} A bundle is refunded except for its domain’s registration, ${facts.bundleDomainRefundExcluded}. Details are in our Cancellation and Refund Policy.`,
      ],
    },
    {
      title: 'Acceptable use',
      paragraphs: [
        'You may not use our services for anything illegal, for spam, malware, phishing or attacks on other systems, or in a way that harms other customers on shared servers.',
      ],
    },
    {
      title: 'Support',
      paragraphs: [
        `Email support is open 24/7. Your plan sets your support tier, and the tier sets the longest you wait for an answer:`,
      ],
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
      title: 'Changes, complaints and governing law',
      paragraphs: [
        `We give ${facts.termsChangeNoticeDays} days’ notice by email before changes take effect. These terms are governed by the laws of India, and the courts of ${supportContact.courtsCity} have jurisdiction.`,
        `Complaints: ${grievanceSentence}`,
      ],
    },
  ],
};

/** /refund: cancellation and refund policy in 8 sections (docs/decisions.md D6, D16). */
export const refundPolicy: PolicyDocument = {
  title: 'Cancellation and Refund Policy',
  lastUpdated: LAST_UPDATED,
  intro: `We want you to be happy with your service. ${moneyBackSentence}`,
  sections: [
    {
      title: `${facts.moneyBackDays}-day money-back guarantee`,
      paragraphs: [
        `Cancel a hosting, VPS, storage or bundle plan within ${facts.moneyBackDays} days of a payment and we refund that payment, no questions asked: hosting, VPS and storage in full, and a bundle in full except its domain’s registration, ${facts.bundleDomainRefundExcluded}. A renewal payment is covered the same way.`,
      ],
    },
    {
      title: 'What is not refundable',
      paragraphs: [
        'The registry charges us for a domain as soon as you order it, so these cannot be refunded:',
      ],
      list: [
        'Domain registrations and domain renewals.',
        `The domain registration included in a bundle: ${facts.bundleDomainRefundExcluded}.`,
        `Payments made more than ${facts.moneyBackDays} days before you cancel.`,
      ],
    },
    {
      title: 'How to cancel',
      paragraphs: [
        `Open your dashboard, find the service and choose Cancel. We email you when you ask and again when the refund is complete, with a credit note for it.`,
      ],
    },
    {
      title: 'What happens when you cancel',
      paragraphs: [
        `The service ends at once, when you cancel: hosting is suspended on our servers straight away, not at the end of the billing period. Nothing is deleted at that moment: your data is kept for ${facts.dataDeletionDays} days after the service ends, so ask support within that time if you need a copy, and then it is deleted.`,
      ],
    },
    {
      title: 'Renewals',
      paragraphs: [
        `${renewalSentence} If you do not renew, the service expires on its renewal date; hosting is suspended ${facts.suspendAfterDays} days later and restored if you renew.`,
      ],
    },
    {
      title: 'How refunds are paid',
      paragraphs: [
        `Refunds go back to the original payment method (card, UPI, netbanking or wallet) through Razorpay as soon as you cancel. Your bank usually shows them within ${facts.refundReachesDays}.`,
      ],
    },
    {
      title: 'Failed payments',
      paragraphs: [
        `If a payment fails but your bank has debited your account, Razorpay refunds the amount automatically, typically within ${facts.refundReachesDays}. You do not need to ask us; contact support if it has not arrived after that.`,
      ],
    },
    {
      title: 'Contact us',
      paragraphs: [
        `Questions about a cancellation or refund? ${contactLine}`,
        `Complaints: ${grievanceSentence}`,
      ],
    },
  ],
};

/** /shipping: delivery information and 11 numbered terms (docs/decisions.md D6, D18). */
export const shippingPolicy = {
  title: 'Shipping and Delivery Policy',
  lastUpdated: LAST_UPDATED,
  intro:
    'We sell only digital services: hosting, domains, VPS, cloud storage and bundles. Nothing physical is sold or shipped, so no shipping charge or return of goods applies. This page explains how and when each service is delivered.',
  information: [
    {
      title: 'Hosting',
      text: `${welcomeMail} ${noPasswordInMail}`,
    },
    {
      title: 'VPS, storage and domains',
      text: `${operatorSetUp} No email ever contains a password.`,
    },
    {
      title: 'Nothing physical',
      text: 'We ship no goods, so no delivery charge, shipping time or return of goods applies to any order.',
    },
  ],
  termsTitle: 'Delivery terms',
  terms: [
    'We sell only digital services. Nothing is shipped, and no shipping or delivery charge is added to any order.',
    `Prices are in Indian rupees and shown ${gstNote}; your order summary shows the GST before you pay.`,
    welcomeMail,
    noPasswordInMail,
    operatorSetUp,
    'Every service appears on your dashboard, with its renewal date, as soon as your payment is confirmed.',
    'Everything is delivered to the email address on your account, so keep it current.',
    `If a delivery email has not arrived after ${facts.welcomeMailMinutes} minutes, check your spam folder and then contact support.`,
    'Every payment gets a GST tax invoice, which you can download from Payments on your dashboard.',
    renewalSentence,
    `Digital services are covered by our ${facts.moneyBackDays}-day money-back guarantee on ${facts.moneyBackCovers}; ${facts.moneyBackExcludes} are not refundable.`,
  ],
  contact: `Questions about a delivery? ${contactLine}`,
} as const;
