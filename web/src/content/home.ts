import { facts } from './facts';

/**
 * The home page, in the reference's order. The headline price is the seed's basichosting price
 * (249900 paise); a test keeps the two equal.
 */
export const home = {
  hero: {
    badge: 'Limited-time offer',
    eyebrow: 'Shared web hosting',
    title: 'Fast, secure hosting for Indian websites',
    lead: 'Launch your website on servers tuned for speed, with everything you need included and a team that answers in your language.',
    offerLabel: 'Shared hosting at',
    headlinePlanId: 'basichosting',
    headlinePricePaise: 249_900,
    perMonth: '/mo',
    cta: { label: 'Start now', to: '/hosting' },
    guarantee: `${facts.moneyBackDays}-day money-back guarantee`,
    perks: [
      { icon: 'lock', label: 'Free SSL' },
      { icon: 'migrate', label: 'Free website migration' },
      { icon: 'chat', label: `24/7 support in ${facts.supportLanguages}` },
    ],
  },
  trust: {
    title: 'Rated by thousands of customers',
    badges: [
      { site: 'Customer review platform', score: '4.8', reviews: '(12,505 reviews)', stars: 4.8 },
      { site: 'Hosting review site', score: '4.6/5', reviews: '(1,603 reviews)', stars: 4.6 },
      { site: 'Business review directory', score: '4.5/5', reviews: '(5,637 reviews)', stars: 4.5 },
    ],
  },
  testimonialTitle: 'What our customers say',
  milestone: {
    title: `${facts.clients} clients`,
    text: 'across hosting, domain, storage and VPS',
    lead: 'Businesses, creators and developers across India trust us with their websites.',
    cta: { label: 'Get Started Now', to: '/pricing' },
  },
  support: {
    title: 'Real people, around the clock',
    lead: `Chat with our support team any time of day in ${facts.supportLanguages}. No bots passing you around, just engineers who fix things.`,
    points: [
      'Average first reply under 2 minutes on chat',
      'Help with migration, email, DNS and SSL',
      'Phone and email support as well',
    ],
    chat: {
      agentName: 'Priya',
      agentRole: 'Support engineer',
      online: 'Online',
      messages: [
        { from: 'customer', text: 'Hi! My site shows a “Not secure” warning. Can you help?' },
        {
          from: 'agent',
          text: 'Namaste! Of course. I can see your free SSL certificate is ready, let me switch HTTPS on for you.',
        },
        { from: 'customer', text: 'Thank you, that was quick!' },
      ],
      typingLabel: 'Priya is typing',
    },
  },
  happiness: {
    score: facts.happiness.percent,
    label: 'Happiness score',
    basis: `based on ${facts.happiness.ratings} ratings`,
    text: 'Customers rate every support conversation. This is the share of ratings that were good or great.',
  },
  reasons: {
    title: 'Why choose us',
    lead: 'Everything a website needs to stay fast, safe and online.',
    items: [
      {
        icon: 'calendar',
        title: `Founded in ${facts.foundedYear}`,
        text: `Over a decade of hosting websites for Indian businesses, now ${facts.clients} clients strong.`,
      },
      {
        icon: 'uptime',
        title: `${facts.uptime} uptime`,
        text: 'Redundant servers and round-the-clock monitoring keep your website online.',
      },
      {
        icon: 'shield',
        title: `${facts.moneyBackDays}-day money-back guarantee`,
        text: `Try any hosting, VPS, storage or bundle plan. Not happy? Get your money back within ${facts.moneyBackDays} days.`,
      },
      {
        icon: 'lock',
        title: 'Free SSL on every site',
        text: 'Certificates are issued and renewed automatically, so your visitors always see the padlock.',
      },
      {
        icon: 'migrate',
        title: 'Free website migration',
        text: 'Our engineers move your site, databases and email from your old host at no cost.',
      },
      {
        icon: 'chat',
        title: `24/7 support in ${facts.supportLanguages}`,
        text: 'Talk to a real person by chat, email or phone, whenever you need help.',
      },
      {
        icon: 'rupee',
        title: 'Pay the Indian way',
        text: `Prices in rupees. Pay with ${facts.paymentMethodsSentence}.`,
      },
      {
        icon: 'speed',
        title: 'Fast SSD servers',
        text: 'SSD and NVMe storage with built-in caching for quick page loads across India.',
      },
    ],
  },
  faq: {
    title: 'Hosting FAQ',
    lead: 'Answers to the questions we hear most often.',
  },
} as const;

export type ReasonIcon = (typeof home.reasons.items)[number]['icon'];
