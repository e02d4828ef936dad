import { facts, moneyBackSentence } from './facts';
import type { FaqItem } from './types';

/** Shared by the home page's FAQ and the Hosting FAQs on /hosting. */
export const hostingFaqs: FaqItem[] = [
  {
    question: 'What is shared web hosting?',
    answer:
      'Shared hosting places your website on a server whose resources are shared with other sites. It is the most affordable way to get online, and it suits personal sites, blogs and small business websites. You can move up to a VPS at any time as you grow.',
  },
  {
    question: 'Do I get a free SSL certificate?',
    answer:
      'Yes. Every hosting plan includes free SSL certificates that are issued and renewed automatically, so your site always loads over HTTPS with the padlock visitors expect.',
  },
  {
    question: 'Will you migrate my existing website for free?',
    answer:
      'Yes. Our team moves your files, databases and email from your current host at no charge. Most migrations finish within 24 hours with no downtime.',
  },
  {
    question: 'What is your money-back guarantee?',
    answer: `${moneyBackSentence} Cancel within ${facts.moneyBackDays} days of purchase and we refund the full plan price to your original payment method.`,
  },
  {
    question: 'Which payment methods do you accept?',
    answer: `We accept ${facts.paymentMethodsSentence}, processed securely by Razorpay. Prices are in Indian rupees.`,
  },
  {
    question: 'In which languages is support available?',
    answer: `Our support team is available 24/7 in ${facts.supportLanguages} by live chat, email and phone.`,
  },
];

export const domainFaqs: FaqItem[] = [
  {
    question: 'Which domain extensions can I register?',
    answer: `We offer over ${facts.domainExtensions} extensions, including .com, .in, .co.in, .net, .org and many country and industry endings.`,
  },
  {
    question: 'How long does a domain transfer take?',
    answer: `A transfer usually completes in ${facts.domainTransferDays} days, once you unlock the domain at your current registrar and approve the transfer email. Your website and email keep working throughout.`,
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
    question: 'Can I upgrade my VPS later?',
    answer: `Yes. You can move to a larger plan from your dashboard at any time. Our VPS range goes from ${facts.vpsRange.from} up to ${facts.vpsRange.to}.`,
  },
  {
    question: 'Which operating systems are available?',
    answer:
      'Choose Ubuntu, Debian, AlmaLinux or Rocky Linux when you set up the server, and reinstall a different one whenever you need to.',
  },
  {
    question: 'Is there a money-back guarantee on VPS plans?',
    answer: `Yes. VPS plans are covered by our ${facts.moneyBackDays}-day money-back guarantee. Setup fees are not refundable.`,
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
    answer:
      'Upgrade from your dashboard at any time. The new space is available at once, and you pay only the difference for the rest of your billing period.',
  },
  {
    question: 'Can I cancel and get my money back?',
    answer: `Yes. Storage plans are covered by our ${facts.moneyBackDays}-day money-back guarantee. Download your files before you cancel: data is deleted ${facts.dataDeletionDays} days after the service ends.`,
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
      'Yes. Move to a larger bundle at any time from your dashboard; we credit the unused part of your current plan.',
  },
  {
    question: 'Are bundles covered by the money-back guarantee?',
    answer: `Yes. ${moneyBackSentence}`,
  },
];
