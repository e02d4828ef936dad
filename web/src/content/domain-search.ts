import { domainPricePerYear } from '@domain/domain-names';
import { gstNote } from './facts';

export const domainSearch = {
  eyebrow: 'Domain search',
  title: 'Find the perfect domain name',
  lead: 'Type the name you want and see it on popular extensions.',
  label: 'Domain name',
  placeholder: 'yourbusiness',
  button: 'Search',
  demoNotice:
    'Demo search: these results are illustrative and no registry lookup is made. Your order summary shows the exact amount before you pay.',
  errors: {
    empty: 'Please enter a domain name to search.',
    invalid:
      'Use only letters, numbers and hyphens (not at the start or end), up to 63 characters.',
  },
  resultsTitle: (name: string) => `Results for “${name}”`,
  available: 'Available',
  unavailable: 'Unavailable',
  perYear: '/yr',
  gst: gstNote,
  register: 'Register',
  registerLabel: (domain: string) => `Register ${domain}`,
  checkoutPlanId: 'basicdomain',
  /**
   * The three fixed endings (D13); a sold one's price is Basic Domain's per year (D21), from the one
   * price table. The page prices them for the plan it was opened with (?plan=).
   */
  results: [
    { extension: '.com', available: true, pricePaise: domainPricePerYear('basicdomain', '.com') },
    { extension: '.net', available: true, pricePaise: domainPricePerYear('basicdomain', '.net') },
    { extension: '.org', available: false },
  ],
  howItWorks: {
    title: 'How it works',
    steps: [
      { title: 'Search', text: 'Type the name you want. We show it on .com, .net and .org.' },
      {
        title: 'Register',
        text: 'Pick an available name and complete a secure checkout in rupees.',
      },
      {
        title: 'Go live',
        text: 'Our team registers the name and emails you when it is done. Your dashboard shows it with its renewal date.',
      },
    ],
  },
  plansLink: {
    text: 'Want DNS management, privacy and forwarding?',
    label: 'Compare domain plans',
    to: '/domain',
  },
} as const;
