import { gstNote } from './facts';

export const domainSearch = {
  eyebrow: 'Domain search',
  title: 'Find the perfect domain name',
  lead: 'Type the name you want and see at once whether it is free on .com, .net, .org, .in and .co.in.',
  label: 'Domain name',
  placeholder: 'yourbusiness',
  button: 'Search',
  notice:
    'Availability is checked with the registry as you type. A name is only yours once it is registered: if someone else takes it before we can register it for you, your payment is refunded in full.',
  errors: {
    empty: 'Please enter a domain name to search.',
    invalid:
      'Use only letters, numbers and hyphens (not at the start or end), up to 63 characters.',
    failed: 'We could not check availability just now. Please try again in a moment.',
  },
  retry: 'Try again',
  checking: (name: string) => `Checking “${name}” with the registry…`,
  resultsTitle: (name: string) => `Results for “${name}”`,
  available: 'Available',
  unavailable: 'Taken',
  perYear: '/yr',
  gst: gstNote,
  register: 'Register',
  registerLabel: (domain: string) => `Register ${domain}`,
  /** D23: a name registered elsewhere (perhaps the buyer's own) moves in with its auth code. */
  transfer: 'Transfer',
  transferLabel: (domain: string) => `Transfer ${domain} to us`,
  transferNote: 'Yours? Transfer it with its auth code, for a year at the price above.',
  checkoutPlanId: 'basicdomain',
  howItWorks: {
    title: 'How it works',
    steps: [
      {
        title: 'Search',
        text: 'Type the name you want. We check it on .com, .net, .org, .in and .co.in.',
      },
      {
        title: 'Register',
        text: 'Pick an available name and complete a secure checkout in rupees.',
      },
      {
        title: 'Go live',
        text: 'We register the name as soon as your payment completes. Your dashboard shows it with its expiry date and nameservers.',
      },
    ],
  },
  plansLink: {
    text: 'Want WHOIS privacy or DNSSEC?',
    label: 'Compare domain plans',
    to: '/domain',
  },
} as const;
