/**
 * Copy of the header, which every page's start-up code renders: kept apart from the footer's copy
 * (./layout), which quotes the business's details and facts and loads with the footer.
 */
import { sampleBrand } from './sample-brand';

export const siteName = sampleBrand.name;

export const header = {
  homeLabel: `${siteName} home`,
  skipLink: 'Skip to main content',
  bundles: { label: 'Bundles', to: '/pricing' },
  servicesLabel: 'Services',
  services: [
    { label: 'Web Hosting', to: '/hosting', hint: 'Fast, secure sites with free SSL' },
    { label: 'VPS Hosting', to: '/vps', hint: 'Dedicated resources, full root access' },
    { label: 'Domain Registration', to: '/domain', hint: 'Your name on the web' },
    { label: 'Cloud Storage', to: '/storage', hint: 'Safe, scalable file storage' },
  ],
  links: [
    { label: 'Support', to: '/support' },
    { label: 'Docs', to: '/documentation' },
    { label: 'Contact', to: '/contact' },
  ],
  dashboard: 'Dashboard',
  /** For operators only: the console at /admin. */
  console: 'Console',
  logout: 'Logout',
  login: 'Login',
  getStarted: 'Get Started',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
} as const;
