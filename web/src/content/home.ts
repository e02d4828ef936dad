import { facts, gstNote } from './facts';
import { sampleBusiness } from './sample-business';

/**
 * The home page, in the reference's order. The headline price is the seed's basichosting price
 * (249900 paise); a test keeps the two equal.
 */
export const home = {
  hero: {
    /** Shown only while a configured offer runs, with its end date (no false urgency). */
    offer: sampleBusiness.offer,
    offerUntil: (label: string, date: string) => `${label} until ${date}`,
    eyebrow: 'Shared web hosting',
    title: 'Fast, secure hosting for Indian websites',
    lead: 'Launch your website on servers tuned for speed, with everything you need included and a team that answers in your language.',
    offerLabel: 'Shared hosting at',
    headlinePlanId: 'basichosting',
    headlinePricePaise: 249_900,
    perMonth: '/mo',
    gst: gstNote,
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
    /** Only ratings that name their review site and link to it are shown (see the home page). */
    ratings: sampleBusiness.reviewRatings,
    readReviews: (source: string) => `Read the reviews on ${source}`,
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
    lead: `Write to our support team any time of day in ${facts.supportLanguages}. No bots passing you around, just engineers who fix things.`,
    points: [
      `Email support 24/7; we aim to reply within ${facts.emailResponseHours} hours`,
      'Help with migration, email, DNS and SSL',
      'Phone support on Enterprise plans',
    ],
    /** A picture of a support conversation, not a live chat (there is none). */
    chatCaption: 'An example support conversation',
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
        text: `Try any hosting, VPS, storage or bundle plan. Not happy? Cancel from your dashboard within ${facts.moneyBackDays} days and the refund goes back at once.`,
      },
      {
        icon: 'lock',
        title: 'Free SSL on every site',
        text: 'Certificates are issued and renewed automatically, so your visitors always see the padlock.',
      },
      {
        icon: 'migrate',
        title: 'Free website migration',
        text: 'Email our support team and our engineers move your site, databases and email from your old host at no cost.',
      },
      {
        icon: 'chat',
        title: `24/7 support in ${facts.supportLanguages}`,
        text: 'Write to a real person by email whenever you need help; Enterprise plans can call us too.',
      },
      {
        icon: 'rupee',
        title: 'Pay the Indian way',
        text: `Prices in rupees, shown with the ${facts.gstPercent}% GST you pay, and a GST invoice for every payment. Pay with ${facts.paymentMethodsSentence}.`,
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
