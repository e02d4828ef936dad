import { cancelSentence, facts, moneyBackSentence, renewalSentence } from './facts';
import type { FaqItem } from './types';

/** Shared by the home page's FAQ and the Hosting FAQs on /hosting. */
export const hostingFaqs: FaqItem[] = [
  {
    question: 'What is shared web hosting?',
    answer:
      'Shared hosting places your website on a server whose resources are shared with other sites. It is the most affordable way to get online, and it suits personal sites, blogs and small business websites. When you outgrow it, a VPS gives you dedicated resources.',
  },
  {
    question: 'Do I get a free SSL certificate?',
    answer:
      'Yes. Every hosting plan includes free SSL certificates that are issued and renewed automatically, so your site always loads over HTTPS with the padlock visitors expect.',
  },
  {
    question: 'Will you migrate my existing website for free?',
    answer:
      'Yes. Email our support team with your current host’s details and our engineers move your files, databases and email at no charge. Most migrations finish within 24 hours with no downtime.',
  },
  {
    question: 'What is your money-back guarantee?',
    answer: `${moneyBackSentence} ${cancelSentence} The refund goes to your original payment method.`,
  },
  {
    question: 'Which payment methods do you accept?',
    answer: `We accept ${facts.paymentMethodsSentence}, processed securely by Razorpay. Prices are in Indian rupees.`,
  },
  {
    question: 'In which languages is support available?',
    answer: `Our support team answers email 24/7 in ${facts.supportLanguages}. Phone support is for Enterprise plans.`,
  },
];

export const domainFaqs: FaqItem[] = [
  {
    question: 'Which domain extensions can I register?',
    answer: `${facts.domainExtensions} names, from our domain search, where each shows its price per year. Other extensions cannot be ordered yet.`,
  },
  {
    question: 'Do you renew domains automatically?',
    answer: renewalSentence,
  },
  {
    question: 'Is WHOIS privacy included?',
    answer:
      'WHOIS privacy protection is free on the Premium and Enterprise domain plans. It hides your name, address and phone number from public lookups.',
  },
  {
    question: 'Can I get a refund on a domain registration?',
    answer: `No. Registrations are paid to the registry as soon as you order, so ${facts.moneyBackExcludes} are not refundable. The ${facts.moneyBackDays}-day money-back guarantee covers ${facts.moneyBackCovers}.`,
  },
];

export const vpsFaqs: FaqItem[] = [
  {
    question: 'Do I get full root access?',
    answer:
      'Yes. Every VPS comes with full root access, so you can install any software, configure the firewall and tune the server the way you like.',
  },
  {
    question: 'Can I move to a bigger VPS later?',
    answer: `Yes, in place: choose Change plan on your VPS card and pay the difference for the days left until your renewal date. The same server gets the larger plan's cores, memory and disk, with its address and files kept. Our VPS range goes from ${facts.vpsRange.from} up to ${facts.vpsRange.to}.`,
  },
  {
    question: 'Which operating systems are available?',
    answer:
      'Choose Ubuntu, Debian, AlmaLinux or Rocky Linux when you set up the server, and reinstall a different one whenever you need to.',
  },
  {
    question: 'Is there a money-back guarantee on VPS plans?',
    answer: `Yes. VPS plans are covered by our ${facts.moneyBackDays}-day money-back guarantee. ${cancelSentence}`,
  },
];

/** The /storage page's four-question FAQ. */
export const storageFaqs: FaqItem[] = [
  {
    question: 'Is my data encrypted?',
    answer:
      'Yes. Files are encrypted in transit with TLS and at rest on our servers, and every plan keeps redundant copies across separate disks.',
  },
  {
    question: 'Can I share files with people outside my team?',
    answer:
      'Yes. Create a sharing link for any file or folder, and on Standard and Premium plans set permissions, passwords and expiry dates for each link.',
  },
  {
    question: 'What happens if I need more space?',
    answer: `Choose Change plan on your storage card: the larger quota is yours as soon as you pay the difference for the days left until your renewal date, and your files stay where they are.`,
  },
  {
    question: 'Can I cancel and get my money back?',
    answer: `Yes. Storage plans are covered by our ${facts.moneyBackDays}-day money-back guarantee. ${cancelSentence} Download your files before you cancel.`,
  },
];

export const bundleFaqs: FaqItem[] = [
  {
    question: 'What is a project bundle?',
    answer:
      'A bundle combines hosting, a domain, cloud storage and, on larger bundles, a VPS and AI tools in one plan with one bill, at a lower price than buying each service separately.',
  },
  {
    question: 'What AI features are included?',
    answer:
      'Every bundle includes the AI website builder. The Standard Bundle adds an AI content and SEO assistant, and the Premium Bundle adds a toolkit for hosting AI/ML models on your VPS.',
  },
  {
    question: 'Can I switch bundles later?',
    answer:
      'Yes. Choose Change plan on your bundle’s card: you pay only the difference for the days left until your renewal date, which stays, and every part moves up at once (the hosting plan, the domain’s tier, the cloud storage and the VPS, whose disk grows and never shrinks). A larger bundle that adds a VPS sets it up once you add your SSH key. A smaller bundle starts at your renewal, unless it would shrink or take away your VPS.',
  },
  {
    question: 'Are bundles covered by the money-back guarantee?',
    answer: `Yes. ${moneyBackSentence} A bundle’s refund is everything you paid except its domain’s registration, ${facts.bundleDomainRefundExcluded}.`,
  },
];
