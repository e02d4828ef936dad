import { facts, moneyBackSentence, supportContact } from './facts';
import type { FaqItem } from './types';

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
          answer: `We accept ${facts.paymentMethodsSentence} through Razorpay. All prices are in Indian rupees and include a clear breakup of taxes and fees at checkout.`,
        },
        {
          question: 'Do you offer a money-back guarantee?',
          answer: `${moneyBackSentence} Ask for a refund from your dashboard or by email within ${facts.moneyBackDays} days of purchase.`,
        },
        {
          question: 'How quickly will I get my login details?',
          answer: `Your service credentials are emailed within ${facts.credentialsWithinMinutes} minutes of a successful payment, and your purchase appears on your dashboard straight away.`,
        },
      ],
    },
    {
      id: 'web-hosting',
      title: 'Web Hosting',
      items: [
        {
          question: 'How much storage does the starter plan include?',
          answer: `Basic Hosting includes ${facts.starterHostingStorageGb} GB of SSD storage, free SSL, free migration and 5 email accounts. Larger plans add more websites, storage and daily backups.`,
        },
        {
          question: 'Can you move my website from another host?',
          answer:
            'Yes, free of charge. Open a migration request from your dashboard and our engineers move your files, databases and email, usually within 24 hours.',
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
          question: 'How many domain extensions do you offer?',
          answer: `Over ${facts.domainExtensions}, from .com, .in and .org to industry endings such as .store and .tech.`,
        },
        {
          question: 'How long does a domain transfer take?',
          answer: `Usually ${facts.domainTransferDays} days. Unlock the domain at your current registrar, get the transfer code and start the transfer from your dashboard.`,
        },
        {
          question: 'Are domain registrations refundable?',
          answer: `No. Domain registrations and setup fees are not refundable, because the registry charges us as soon as you register. Hosting, VPS, storage and bundle plans carry a ${facts.moneyBackDays}-day money-back guarantee.`,
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
          question: 'Can I upgrade without losing data?',
          answer:
            'Yes. VPS and storage upgrades keep your data in place. A VPS upgrade needs a short restart, which you can schedule.',
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
            'Yes. Upgrade from your dashboard at any time and we credit the unused part of your current bundle.',
        },
      ],
    },
  ] satisfies { id: string; title: string; items: FaqItem[] }[],
  services: [
    {
      icon: 'server',
      title: 'Web Hosting',
      text: 'Fast SSD hosting with free SSL, free migration and daily backups.',
      link: { label: 'View hosting plans', to: '/hosting' },
    },
    {
      icon: 'globe',
      title: 'Domain Registration',
      text: `Over ${facts.domainExtensions} extensions with free DNS management and privacy options.`,
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
        `Check your inbox: your control panel login arrives within ${facts.credentialsWithinMinutes} minutes.`,
        'Register a new domain or point an existing one to our nameservers.',
        'Install WordPress or another app with one click, or start the website builder.',
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
        'Log in to your control panel and open Email Accounts.',
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
        'Find your server’s IP address and root password in the welcome email.',
        'Connect over SSH and change the root password at once.',
        'Create a user with sudo rights and add your SSH key.',
        'Install system updates and turn on the firewall.',
        'Install your web server, database and application.',
        'Schedule snapshots from your dashboard so you can roll back any change.',
      ],
    },
    {
      id: 'project-bundles',
      title: 'Get started with a project bundle',
      intro: 'Put every part of your bundle to work in an afternoon.',
      steps: [
        'Choose the bundle that fits your project and complete checkout.',
        'Connect the included domain to your hosting from the dashboard.',
        'Draft your site with the AI website builder and publish it.',
        'Create folders in cloud storage and invite your team.',
        'On Standard and Premium, set up your VPS for background jobs or models.',
        'Book a free onboarding call with our team if you want a walkthrough.',
      ],
    },
  ] satisfies SupportGuide[],
  contact: {
    title: 'Contact our support team',
    lead: `We answer email within ${facts.emailResponseHours} hours (${facts.emailResponseWeekendHours} hours on weekends and holidays).`,
    phoneLabel: 'Phone',
    phone: supportContact.phone,
    phoneHref: supportContact.phoneHref,
    phoneNote: 'Phone support is available to Enterprise customers only.',
    emailLabel: 'Email',
    email: supportContact.email,
    chatLabel: 'Live chat',
    chat: 'Start a live chat from the control panel, 24/7.',
    urgentTitle: 'Need urgent help?',
    urgent: `If your website is down or you suspect a security problem, start a live chat from your control panel and mark it Urgent. Urgent chats go straight to a senior engineer, day or night. Enterprise customers can also call us; expect an answer within ${facts.supportTiers[2].responseHours} hour.`,
    formLink: { label: 'Send us a message', to: '/contact' },
  },
} as const;

export type SupportTabId = (typeof supportPage.tabs)[number]['id'];
