import { facts, gstNote } from './facts';

/** Copy of the plan listings. Plans themselves come from GET /api/plans. */
export const listingText = {
  priceUnavailable: 'Price Unavailable',
  perMonth: '/mo',
  /** D21: domains are sold by the year. */
  perYear: '/yr',
  /** D10: beside every price. */
  gst: gstNote,
  renewsAt: (renewal: string) => `Renews at ${renewal}/mo ${gstNote}`,
  mostPopular: 'Most Popular',
  retry: 'Taking a while? Try again',
  save: (percent: number) => `Save ${percent}%`,
  /** A bundle's `originalPricePaise`: the listed monthly prices of the plans it includes. */
  boughtSeparately: 'Bought separately:',
} as const;

export const hostingPage = {
  eyebrow: 'Web hosting',
  title: 'Web Hosting Plans',
  subtitle: `Fast, secure shared hosting with free SSL and free migration. Every plan includes 24/7 support and a ${facts.moneyBackDays}-day money-back guarantee.`,
  loading: 'Loading hosting plans...',
  button: 'SELECT PLAN',
  highlights: [
    'Free SSL certificates',
    'Free website migration',
    `${facts.uptime} uptime`,
    `Support in ${facts.supportLanguages}`,
  ],
  faqTitle: 'Hosting FAQs',
  faqLead: 'Everything you need to know before you choose a plan.',
} as const;

export const vpsPage = {
  eyebrow: 'VPS hosting',
  title: 'VPS Hosting',
  subtitle: `Dedicated resources, full root access and SSD storage on servers in India. Every plan is covered by our ${facts.moneyBackDays}-day money-back guarantee.`,
  loading: 'Loading VPS plans...',
  button: 'ORDER NOW',
  specTitle: 'Compare VPS specifications',
  specLead:
    'Every plan includes full root access, DDoS protection and a choice of Linux distributions.',
  specRows: [
    { key: 'vcpu', label: 'vCPU', unit: (n: number) => `${n} vCPU` },
    { key: 'ramGb', label: 'RAM', unit: (n: number) => `${n} GB` },
    { key: 'ssdGb', label: 'SSD storage', unit: (n: number) => `${n} GB` },
    { key: 'transferTb', label: 'Monthly transfer', unit: (n: number) => `${n} TB` },
    { key: 'ipv4', label: 'IPv4 addresses', unit: (n: number) => `${n}` },
  ],
  faqTitle: 'VPS FAQs',
  testimonialsTitle: 'Trusted by developers',
} as const;

export const storagePage = {
  eyebrow: 'Cloud storage',
  title: 'Cloud Storage Plans',
  subtitle: `Secure, encrypted storage for your files and backups, reachable from any device. Covered by our ${facts.moneyBackDays}-day money-back guarantee.`,
  loading: 'Loading storage plans...',
  button: 'SELECT PLAN',
  faqTitle: 'Storage FAQs',
} as const;

export const domainPlansPage = {
  eyebrow: 'Domain registration',
  title: 'Domain Registration Plans',
  subtitle: `Register a ${facts.domainExtensions} name with free DNS management and renewal reminders before it expires.`,
  loading: 'Loading domain plans...',
  button: 'BUY NOW',
  searchPrompt: {
    text: 'Looking for a specific name?',
    link: { label: 'Search for a domain', to: '/domains' },
  },
  comparisonTitle: 'Compare domain features',
  comparisonColumns: [
    { planId: 'basicdomain', label: 'Basic' },
    { planId: 'premiumdomain', label: 'Premium' },
    { planId: 'enterprisedomain', label: 'Enterprise' },
  ],
  comparisonRows: [
    { feature: 'DNS management (A, AAAA, CNAME, MX, TXT)', values: [true, true, true] },
    { feature: 'Domain lock', values: [true, true, true] },
    { feature: 'WHOIS privacy protection', values: [false, true, true] },
    { feature: 'DNSSEC (DS records)', values: [false, false, true] },
  ],
  faqTitle: 'Domain FAQs',
  testimonialsTitle: 'Loved by brand builders',
} as const;

export const bundlesPage = {
  hero: {
    eyebrow: 'Project bundles',
    title: 'Everything your project needs, in one bundle',
    subtitle:
      'Hosting, domain, cloud storage, VPS power and AI tools together, for less than buying them one by one. One plan, one bill, one support team.',
  },
  loading: 'Loading bundle plans...',
  button: 'GET STARTED',
  includedTitle: 'What’s included',
  included: [
    {
      icon: 'server',
      title: 'Web hosting',
      text: 'SSD hosting with free SSL, backups (weekly on Basic, daily on Standard and Premium) and free migration.',
    },
    {
      icon: 'globe',
      title: 'Domain name',
      text: 'A domain with DNS management and privacy protection on larger bundles.',
    },
    {
      icon: 'cloud',
      title: 'Cloud storage',
      text: 'From 100 GB to 1 TB of encrypted storage with sharing links.',
    },
    {
      icon: 'cpu',
      title: 'VPS power',
      text: 'A VPS for background jobs, APIs or model serving on Standard and Premium.',
    },
    {
      icon: 'sparkles',
      title: 'AI tools',
      text: 'AI website builder on every bundle, plus content, SEO and AI/ML toolkits.',
    },
    {
      icon: 'chat',
      title: 'Priority support',
      text: `24/7 email help in ${facts.supportLanguages}, with a dedicated manager and Enterprise-tier phone support on Premium.`,
    },
  ],
  comparisonTitle: 'Compare bundles',
  comparisonColumns: [
    { planId: 'basicbundle', label: 'Basic' },
    { planId: 'standardbundle', label: 'Standard' },
    { planId: 'premiumbundle', label: 'Premium' },
  ],
  comparisonRows: [
    { feature: 'Web hosting', values: ['Basic Hosting', 'Premium Hosting', 'Enterprise Hosting'] },
    { feature: 'Domain', values: ['Basic Domain', 'Premium Domain', 'Enterprise Domain'] },
    { feature: 'Cloud storage', values: ['100 GB', '500 GB', '1 TB'] },
    { feature: 'VPS', values: [false, 'Basic VPS', 'Premium VPS'] },
    { feature: 'AI website builder', values: [true, true, true] },
    { feature: 'AI content and SEO assistant', values: [false, true, true] },
    { feature: 'AI/ML model hosting toolkit', values: [false, false, true] },
    { feature: 'Dedicated account manager', values: [false, false, true] },
  ],
  /** What "Bought separately" and "Save n%" compare (every figure before GST). */
  savingsNote:
    'Bought separately is the sum of the listed monthly prices of the hosting, domain, storage and VPS plans a bundle includes; Save rounds the difference down. AI tools are not sold separately. All prices are before GST.',
  testimonialsTitle: 'Teams building with bundles',
  faqTitle: 'Bundle FAQs',
  cta: {
    title: 'Ready to launch your project?',
    text: `Start today with our most popular bundle. You are covered by a ${facts.moneyBackDays}-day money-back guarantee.`,
    primary: { label: 'Start with Standard Bundle', to: '/checkout?plan=standardbundle' },
    secondary: { label: 'Talk to Sales', to: '/contact' },
  },
} as const;

export type ComparisonValue = boolean | string;
