import { DOMAIN_EXTENSIONS, type DomainExtension } from '@domain/domain-names';
import { formatInr } from '@domain/money';
import { domainSearch } from './domain-search';
import {
  cancelSentence,
  facts,
  gstNote,
  grievanceOfficer,
  moneyBackSentence,
  supportContact,
} from './facts';
import type { FaqItem } from './types';

/** ".com (₹999.00/yr + 18% GST), …, .in (…) and .co.in (…)": what /domains sells (D23). */
const domainPriceList = (Object.keys(DOMAIN_EXTENSIONS) as DomainExtension[]).map(
  (extension) =>
    `${extension} (${formatInr(DOMAIN_EXTENSIONS[extension].registrationPaisePerYear)}${domainSearch.perYear} ${gstNote})`,
);
const domainPrices = `${domainPriceList.slice(0, -1).join(', ')} and ${domainPriceList.at(-1) ?? ''}`;

const tierTimes = facts.supportTiers
  .map((t) => `${t.name} ${t.responseHours} ${t.responseHours === 1 ? 'hour' : 'hours'}`)
  .join(', ');

export interface SupportGuide {
  id: string;
  title: string;
  intro: string;
  steps: string[];
}

/** /support: four tabs. */
export const supportPage = {
  eyebrow: 'Help centre',
  title: 'How can we help?',
  lead: `Find answers, explore our services and follow step-by-step guides. Our team is here 24/7 in ${facts.supportLanguages}.`,
  tabs: [
    { id: 'faq', label: 'FAQ' },
    { id: 'services', label: 'Our Services' },
    { id: 'getting-started', label: 'Getting Started' },
    { id: 'contact', label: 'Contact Us' },
  ],
  faqCategories: [
    {
      id: 'general',
      title: 'General',
      items: [
        {
          question: 'Which payment methods do you accept?',
          answer: `We accept ${facts.paymentMethodsSentence} through Razorpay. All prices are in Indian rupees and shown ${gstNote}; checkout breaks down the GST before you pay, and every payment gets a GST tax invoice in your dashboard.`,
        },
        {
          question: 'Do you offer a money-back guarantee?',
          answer: `${moneyBackSentence} ${cancelSentence}`,
        },
        {
          question: 'How quickly will I get my login details?',
          answer: `Hosting is set up as soon as your payment is confirmed, and its welcome email (username, server, nameservers and control panel address) arrives within ${facts.welcomeMailMinutes} minutes. No email ever contains a password: Open control panel on your dashboard signs you in. VPS, cloud storage and domains are set up by our team, who email you the access details when they are ready.`,
        },
      ],
    },
    {
      id: 'web-hosting',
      title: 'Web Hosting',
      items: [
        {
          question: 'How much storage does the starter plan include?',
          answer: `Basic Hosting includes ${facts.starterHostingStorageGb} GB of SSD storage, free SSL, free migration, 5 email accounts and weekly backups. Larger plans add more websites, more storage and daily backups.`,
        },
        {
          question: 'Can you move my website from another host?',
          answer:
            'Yes, free of charge. Email our support team with your old host’s details and our engineers move your files, databases and email, usually within 24 hours.',
        },
        {
          question: 'What uptime do you guarantee?',
          answer: `We commit to ${facts.uptime} uptime. Planned maintenance is announced at least ${facts.maintenanceNoticeHours} hours ahead.`,
        },
      ],
    },
    {
      id: 'domains',
      title: 'Domains',
      items: [
        {
          question: 'Which domain extensions do you offer?',
          answer: `${domainPrices}, from our domain search. Other extensions cannot be ordered yet.`,
        },
        {
          question: 'Can I transfer a domain to you?',
          answer:
            'Not yet: we register new names only, and a domain you hold elsewhere stays with its registrar. You can still use it with our hosting: at your registrar, set its nameservers to the ones on your hosting’s card in the dashboard.',
        },
        {
          question: 'Are domain registrations refundable?',
          answer: `No. Domain registrations are not refundable, because the registry charges us as soon as you register. Hosting, VPS, storage and bundle plans carry a ${facts.moneyBackDays}-day money-back guarantee.`,
        },
      ],
    },
    {
      id: 'vps-cloud',
      title: 'VPS & Cloud',
      items: [
        {
          question: 'What VPS sizes are available?',
          answer: `Our VPS plans range from ${facts.vpsRange.from} up to ${facts.vpsRange.to}, all with full root access.`,
        },
        {
          question: 'Is my cloud storage data encrypted?',
          answer:
            'Yes. Files are encrypted in transit and at rest, and stored redundantly across separate disks.',
        },
        {
          question: 'Can I move to a bigger plan later?',
          answer: `Yes, in place: choose Change plan on your storage card and pay the difference for the days left until your renewal date. The larger quota applies at once and your files stay where they are.`,
        },
      ],
    },
    {
      id: 'project-bundles',
      title: 'Project Bundles',
      items: [
        {
          question: 'What does a project bundle include?',
          answer:
            'Hosting, a domain and cloud storage in every bundle, with a VPS and AI tools on the Standard and Premium bundles, all on one bill.',
        },
        {
          question: 'Which AI/ML features come with bundles?',
          answer:
            'An AI website builder on every bundle, an AI content and SEO assistant on Standard and an AI/ML model hosting toolkit on Premium.',
        },
        {
          question: 'Can I switch to a bigger bundle later?',
          answer:
            'Yes, in place: choose Change plan on your bundle’s card and pay the difference for the days left until your renewal date. Your hosting, domain, cloud storage and VPS each move to the bigger bundle’s plan at once, with your sites and files where they are.',
        },
      ],
    },
  ] satisfies { id: string; title: string; items: FaqItem[] }[],
  services: [
    {
      icon: 'server',
      title: 'Web Hosting',
      text: 'Fast SSD hosting with free SSL, free migration and regular backups.',
      link: { label: 'View hosting plans', to: '/hosting' },
    },
    {
      icon: 'globe',
      title: 'Domain Registration',
      text: `${facts.domainExtensions} names with free DNS management and privacy options.`,
      link: { label: 'View domain plans', to: '/domain' },
    },
    {
      icon: 'cpu',
      title: 'VPS Hosting',
      text: 'Dedicated resources and full root access for apps and busy sites.',
      link: { label: 'View VPS plans', to: '/vps' },
    },
    {
      icon: 'cloud',
      title: 'Cloud Storage',
      text: 'Encrypted storage from 100 GB to 1 TB with easy sharing.',
      link: { label: 'View storage plans', to: '/storage' },
    },
    {
      icon: 'sparkles',
      title: 'Project Bundles',
      text: 'Hosting, domain, storage, VPS and AI tools together for less.',
      link: { label: 'View bundles', to: '/pricing' },
    },
  ],
  guides: [
    {
      id: 'first-website',
      title: 'Launch your first website',
      intro: 'From choosing a plan to a live site on your own domain.',
      steps: [
        'Choose a hosting plan that fits your site and complete checkout.',
        `Check your inbox: the welcome email with your username, server and nameservers arrives within ${facts.welcomeMailMinutes} minutes.`,
        'Register a new domain with us, or point an existing one at the nameservers shown on your hosting’s card in the dashboard.',
        'Choose Open control panel on your dashboard, then install WordPress or another app from the control panel.',
        'Pick a theme and add your pages, images and contact details.',
        'Switch on HTTPS: your free SSL certificate is issued automatically.',
        'Preview the site on mobile and desktop, then publish it.',
      ],
    },
    {
      id: 'email-accounts',
      title: 'Set up email accounts',
      intro: 'Create professional addresses such as you@yourbusiness.in.',
      steps: [
        'Choose Open control panel on your dashboard and go to Email Accounts.',
        'Click Create Account and choose the address and a strong password.',
        'Set the mailbox size, or leave the default.',
        'Open webmail to check that the account sends and receives.',
        'Add the account to your phone or mail app using the settings shown.',
        'Add forwarders or an auto-reply if you need them.',
      ],
    },
    {
      id: 'managing-vps',
      title: 'Manage your VPS',
      intro: 'Secure and run your virtual server with confidence.',
      steps: [
        'When your VPS is ready, our team emails you its IP address and how to make your first login. No email ever contains a password.',
        'Connect over SSH as that email describes, and set a strong root password of your own at once.',
        'Create a user with sudo rights and add your SSH key.',
        'Install system updates and turn on the firewall.',
        'Install your web server, database and application.',
        'Set up regular backups of your own, for example to cloud storage: VPS plans do not include backups.',
      ],
    },
    {
      id: 'project-bundles',
      title: 'Get started with a project bundle',
      intro: 'Put every part of your bundle to work in an afternoon.',
      steps: [
        'Choose the bundle that fits your project and complete checkout.',
        'Our team registers your bundle’s domain and points it at your hosting; we email you when it is done.',
        'Draft your site with the AI website builder and publish it.',
        'Create folders in cloud storage and invite your team.',
        'On Standard and Premium, set up your VPS for background jobs or models.',
        'Email us to book a free onboarding session if you want a walkthrough.',
      ],
    },
  ] satisfies SupportGuide[],
  contact: {
    title: 'Contact our support team',
    lead: `We aim to answer email within ${facts.emailResponseHours} hours (${facts.emailResponseWeekendHours} hours on weekends and holidays). The longest you wait is set by your plan’s support tier: ${tierTimes}.`,
    phoneLabel: 'Phone',
    phone: supportContact.phone,
    phoneHref: supportContact.phoneHref,
    phoneNote: 'Phone support is available to Enterprise customers only.',
    emailLabel: 'Email',
    email: supportContact.email,
    grievanceLabel: grievanceOfficer.designation,
    grievanceName: grievanceOfficer.name,
    grievanceEmail: grievanceOfficer.email,
    grievanceNote: `For a complaint we have not resolved. Acknowledged within ${grievanceOfficer.acknowledgeHours} hours, resolved within ${grievanceOfficer.resolveWithin}.`,
    urgentTitle: 'Need urgent help?',
    urgent: `If your website is down or you suspect a security problem, email us with “Urgent” in the subject, day or night. Enterprise customers can also call us; expect an answer within ${facts.supportTiers[2].responseHours} hour.`,
    formLink: { label: 'Send us a message', to: '/contact' },
  },
} as const;

export type SupportTabId = (typeof supportPage.tabs)[number]['id'];
