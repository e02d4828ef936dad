import { facts, gstNote, supportContact } from './facts';

export const aboutPage = {
  eyebrow: 'About us',
  title: 'Hosting built in India, for India',
  lead: `Since ${facts.foundedYear} we have helped shop owners, creators, schools and startups put their ideas online, with fair prices in rupees and support in ${facts.supportLanguages}.`,
  stats: [
    { value: String(facts.foundedYear), label: 'Founded' },
    { value: facts.clients, label: 'Clients' },
    { value: facts.uptime, label: 'Uptime' },
    { value: facts.happiness.percent, label: 'Happiness score' },
  ],
  story: {
    title: 'Our story',
    paragraphs: [
      `We started in ${facts.foundedYear} as a small team in Bengaluru hosting websites for local businesses who found global hosts expensive and hard to reach. Our promise was simple: fast servers, honest prices and a real person who answers when something breaks.`,
      'Today we run hosting, domains, VPS servers, cloud storage and project bundles for customers in every state of India, and our whole team still works from India. Every support engineer speaks English and Hindi, and many speak a regional language too.',
    ],
  },
  values: {
    title: 'What we stand for',
    items: [
      {
        title: 'Honest pricing',
        text: `Prices in rupees with “${gstNote}” beside each, the GST shown before you pay, renewal prices on every plan card, and a GST invoice for every payment.`,
      },
      {
        title: 'People first',
        text: `Support around the clock in ${facts.supportLanguages}, by engineers rather than scripts.`,
      },
      {
        title: 'Reliability',
        text: `Redundant infrastructure and monitoring behind our ${facts.uptime} uptime commitment.`,
      },
      {
        title: 'No lock-in',
        text: `A ${facts.moneyBackDays}-day money-back guarantee you use from your dashboard, free migration to us, and no renewal without your say-so.`,
      },
    ],
  },
  cta: { text: 'Want to talk to us?', label: 'Contact us', to: '/contact' },
} as const;

export interface BlogPost {
  id: string;
  title: string;
  date: string;
  category: string;
  readingMinutes: number;
  excerpt: string;
}

export const blogPage = {
  eyebrow: 'Blog',
  title: 'Guides and news',
  lead: 'Practical advice on websites, domains and servers from our engineers.',
  readTime: (minutes: number) => `${minutes} min read`,
  posts: [
    {
      id: 'choose-hosting-plan',
      title: 'Shared hosting, VPS or a bundle: which one does your website need?',
      date: '2025-10-14',
      category: 'Guides',
      readingMinutes: 6,
      excerpt:
        'A plain-language comparison of the three ways to host a site, with the traffic and budget at which each one makes sense.',
    },
    {
      id: 'upi-for-small-business',
      title: 'Selling online in India: setting up UPI and card payments on your website',
      date: '2025-09-22',
      category: 'Business',
      readingMinutes: 8,
      excerpt:
        'What a payment gateway needs from you, how settlement works and the pages your site must have before you go live.',
    },
    {
      id: 'choose-domain-name',
      title: '.in or .com? Choosing a domain name your customers remember',
      date: '2025-08-30',
      category: 'Domains',
      readingMinutes: 5,
      excerpt:
        'Short, spellable and easy to say on the phone: seven rules for a name that works, and when to register more than one extension.',
    },
    {
      id: 'wordpress-speed',
      title: 'Five changes that make a WordPress site load twice as fast',
      date: '2025-08-05',
      category: 'Performance',
      readingMinutes: 7,
      excerpt:
        'Caching, image sizes, fewer plugins, a nearby server and HTTP/2: the changes that matter, in order of effort.',
    },
    {
      id: 'vps-security-checklist',
      title: 'A security checklist for your first VPS',
      date: '2025-07-18',
      category: 'VPS',
      readingMinutes: 9,
      excerpt:
        'SSH keys, a firewall, automatic updates and backups: the ten-minute routine that protects a new server.',
    },
    {
      id: 'ai-website-builder',
      title: 'From idea to live website in an afternoon with the AI website builder',
      date: '2025-06-26',
      category: 'Product',
      readingMinutes: 4,
      excerpt:
        'How bundle customers use the builder to draft pages, write copy in English or Hindi and publish on their own domain.',
    },
  ] satisfies BlogPost[],
  comingSoon:
    'Full articles are on their way. Meanwhile, our documentation covers every service step by step.',
  docsLink: { label: 'Read the documentation', to: '/documentation' },
} as const;

export const careersPage = {
  eyebrow: 'Careers',
  title: 'Build the hosting India relies on',
  lead: `We are a team of engineers, support specialists and designers across India. Since ${facts.foundedYear} we have grown to serve ${facts.clients} clients, and we are hiring.`,
  perks: {
    title: 'Why work with us',
    items: [
      {
        title: 'Remote-friendly',
        text: 'Work from our Bengaluru office or from home anywhere in India.',
      },
      {
        title: 'Health cover',
        text: 'Medical insurance for you, your spouse, children and parents.',
      },
      { title: 'Learning budget', text: 'An annual budget for courses, books and certifications.' },
      {
        title: 'Fair shifts',
        text: '24/7 support runs on planned rotations with shift allowances and time off in lieu.',
      },
    ],
  },
  openings: {
    title: 'Open positions',
    items: [
      {
        title: 'Senior Site Reliability Engineer',
        team: 'Infrastructure',
        location: 'Bengaluru or remote (India)',
        type: 'Full-time',
      },
      {
        title: 'Support Engineer (English and Hindi)',
        team: 'Customer Support',
        location: 'Bengaluru or remote (India)',
        type: 'Full-time, rotating shifts',
      },
      {
        title: 'Frontend Engineer (React)',
        team: 'Product',
        location: 'Remote (India)',
        type: 'Full-time',
      },
      {
        title: 'Billing and Payments Specialist',
        team: 'Finance',
        location: 'Bengaluru',
        type: 'Full-time',
      },
    ],
  },
  apply: {
    title: 'How to apply',
    text: `Email your CV and a short note about why the role interests you to ${supportContact.careersEmail}. We reply to every application within two weeks.`,
  },
  contactEmail: supportContact.email,
} as const;
