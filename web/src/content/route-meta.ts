/** Per-route <title> and meta description (SEO). Loaded lazily on the client; the prerender
 * writes them into each page's HTML. */
import { facts, gstNote } from './facts';
import { siteName } from './layout';

export interface RouteMeta {
  title: string;
  description: string;
}

const suffix = ` | ${siteName}`;

/** Per-route <title> and meta description (SEO), keyed by route path. */
export const routeMeta: Record<string, RouteMeta> = {
  '/': {
    title: `Web Hosting in India from ₹2,499/mo ${gstNote}${suffix}`,
    description:
      'Fast, secure web hosting, VPS, domains and cloud storage priced in rupees. Free SSL, free website migration and 24/7 support in English and Hindi.',
  },
  '/hosting': {
    title: `Web Hosting Plans${suffix}`,
    description:
      'Shared web hosting plans with free SSL, regular backups, 24/7 support and a 30-day money-back guarantee.',
  },
  '/vps': {
    title: `VPS Hosting${suffix}`,
    description:
      'Virtual private servers with dedicated vCPU, RAM and SSD storage, full root access and Indian data centres.',
  },
  '/storage': {
    title: `Cloud Storage Plans${suffix}`,
    description:
      'Secure cloud storage from 100 GB to 1 TB with encryption, sharing and versioning.',
  },
  '/domain': {
    title: `Domain Registration Plans${suffix}`,
    description:
      'Register a .com, .net, .org, .in or .co.in domain with free DNS management, domain lock and WHOIS privacy.',
  },
  '/pricing': {
    title: `Project Bundles: Hosting, Domain and AI Tools${suffix}`,
    description:
      'All-in-one project bundles with hosting, a domain, storage and AI/ML features at one monthly price.',
  },
  '/domains': {
    title: `Domain Search${suffix}`,
    description: 'Search for an available domain name for your website.',
  },
  '/support': {
    title: `Support Center${suffix}`,
    description:
      'Answers to common questions, getting-started guides and ways to reach our 24/7 support team.',
  },
  '/documentation': {
    title: `Documentation${suffix}`,
    description: 'Step-by-step guides for domains, web hosting, VPS and cloud storage.',
  },
  '/contact': {
    title: `Contact Us${suffix}`,
    description: `Write to our support and sales team. We aim to answer within ${facts.emailResponseHours} hours.`,
  },
  '/about': {
    title: `About Us${suffix}`,
    description: `Hosting Indian businesses since ${facts.foundedYear}, with ${facts.clients} clients.`,
  },
  '/blog': {
    title: `Blog${suffix}`,
    description: 'Guides and news on hosting, domains and running a website.',
  },
  '/careers': {
    title: `Careers${suffix}`,
    description: `Join the team that looks after ${facts.clients} clients' websites.`,
  },
  '/privacy': {
    title: `Privacy Policy${suffix}`,
    description: 'How we collect, use and protect your data.',
  },
  '/terms': {
    title: `Terms of Service${suffix}`,
    description: 'The terms that apply to our services.',
  },
  '/refund': {
    title: `Cancellation and Refund Policy${suffix}`,
    description:
      'Our 30-day money-back guarantee: cancel from your dashboard and the refund goes back at once.',
  },
  '/shipping': {
    title: `Shipping and Delivery Policy${suffix}`,
    description:
      'How and when our digital services are delivered. We sell nothing physical and ship nothing.',
  },
  '/checkout': { title: `Checkout${suffix}`, description: 'Review your order and pay securely.' },
  '/login': { title: `Login${suffix}`, description: 'Log in to manage your services.' },
  '/forgot-password': {
    title: `Reset Your Password${suffix}`,
    description: 'Get a code by email and set a new password for your account.',
  },
  '/signup': {
    title: `Create an Account${suffix}`,
    description: 'Create an account to buy and manage plans.',
  },
  '/change-plan': {
    title: `Change plan${suffix}`,
    description:
      'Move to a larger plan now for the difference over the days left, or to a smaller plan at your renewal.',
  },
  '/auto-renew/off': {
    title: `Turn Off Auto-Renew${suffix}`,
    description: 'Turn off auto-renew for a service in one click; nothing will be debited.',
  },
  '/dashboard': {
    title: `Dashboard${suffix}`,
    description: 'Your services, payments and settings.',
  },
  '*': {
    title: `Page Not Found${suffix}`,
    description: 'The page you are looking for does not exist.',
  },
};
routeMeta['/home'] = routeMeta['/']!;
// The operator's console: one page under several paths (web/src/app/routes.tsx ADMIN_PATHS).
for (const path of [
  '/admin',
  '/admin/orders',
  '/admin/provisioning',
  '/admin/stuck',
  '/admin/customers',
  '/admin/today',
  '/admin/tickets',
  '/admin/reports',
]) {
  routeMeta[path] = {
    title: `Operator console${suffix}`,
    description: "The store operators' console.",
  };
}
