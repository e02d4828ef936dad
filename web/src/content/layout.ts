/** Copy of the site's frame: header (./header), footer and the not-found page. */
import { facts, grievanceOfficer, supportContact } from './facts';
import { siteName } from './header';
import { sampleBusiness, sampleNotice } from './sample-business';

export { header, siteName } from './header';

export const footer = {
  tagline: `Web hosting, VPS, domains and cloud storage for Indian businesses since ${facts.foundedYear}. ${facts.uptime} uptime and 24/7 email support in ${facts.supportLanguages}.`,
  columns: [
    {
      title: 'Products',
      links: [
        { label: 'Web Hosting', to: '/hosting' },
        { label: 'VPS Hosting', to: '/vps' },
        { label: 'Domain Registration', to: '/domain' },
        { label: 'Domain Search', to: '/domains' },
        { label: 'Cloud Storage', to: '/storage' },
        { label: 'Bundles', to: '/pricing' },
      ],
    },
    {
      title: 'Company',
      links: [
        { label: 'About Us', to: '/about' },
        { label: 'Blog', to: '/blog' },
        { label: 'Careers', to: '/careers' },
        { label: 'Contact', to: '/contact' },
      ],
    },
    {
      title: 'Help',
      links: [
        { label: 'Support Center', to: '/support' },
        { label: 'Documentation', to: '/documentation' },
      ],
    },
    {
      title: 'Legal',
      links: [
        { label: 'Privacy Policy', to: '/privacy' },
        { label: 'Terms of Service', to: '/terms' },
        { label: 'Refund Policy', to: '/refund' },
        { label: 'Shipping & Delivery', to: '/shipping' },
      ],
    },
  ],
  paymentsTitle: 'We accept',
  /** D7: exactly what Razorpay takes. */
  paymentMethods: [
    { id: 'cards', label: 'Cards' },
    { id: 'upi', label: 'UPI' },
    { id: 'netbanking', label: 'Netbanking' },
    { id: 'wallets', label: 'Wallets' },
  ],
  paymentsNote: `Payments are processed securely by Razorpay: ${facts.paymentMethodsSentence}.`,
  contact: supportContact,
  /** Phone support is for the Enterprise tier only: the footer says so beside the number. */
  phoneNote: 'Phone: Enterprise plans',
  grievance: {
    title: grievanceOfficer.designation,
    name: grievanceOfficer.name,
    email: grievanceOfficer.email,
  },
  sampleNotice: sampleBusiness.isSample ? sampleNotice : null,
  copyright: (year: number) => `© ${year} ${siteName}. All rights reserved.`,
} as const;

export const notFoundCopy = {
  code: '404',
  title: 'We could not find that page',
  body: 'The link may be old or mistyped. Here are some places to continue: our plans, or our support team if you were looking for something specific.',
  home: 'Go to the home page',
  plans: 'See all plans',
  popularTitle: 'Popular pages',
  links: [
    { label: 'Web Hosting', to: '/hosting' },
    { label: 'VPS Hosting', to: '/vps' },
    { label: 'Domains', to: '/domain' },
    { label: 'Cloud Storage', to: '/storage' },
    { label: 'Support Center', to: '/support' },
    { label: 'Contact Us', to: '/contact' },
  ],
} as const;
