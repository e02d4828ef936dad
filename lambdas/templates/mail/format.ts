/**
 * Dates, periods and the store's links as every mail writes them. (Money is written by the
 * domain's one formatter, `formatInr` in lambdas/domain/money.ts.)
 */
import { renewalCheckoutPath } from '../../domain/renewal-schedule';

// Each formatter is made on first use: building one starts ICU's date formatting (10-40 ms), and
// a Lambda uses one of the two at most, often on only some of its invocations.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "22 November 2027", in India's time zone (the store's buyers and its renewal dates). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  dateFormat ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
  return dateFormat.format(date);
}

/** "22 November 2026 at 9:45 am IST". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  dateTimeFormat ??= new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });
  return `${dateTimeFormat.format(date)} IST`;
}

export const monthsText = (months: number): string =>
  `${months} ${months === 1 ? 'month' : 'months'}`;

/** The site's address with a path, whatever trailing slash the configuration has. */
export function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

export const dashboardLink = (siteUrl: string): string => siteLink(siteUrl, '/dashboard');
export const contactLink = (siteUrl: string): string => siteLink(siteUrl, '/contact');

/**
 * Checkout for renewing a service (D14: the dashboard's Renew opens checkout for that service).
 * The server prices a plan the buyer holds as a renewal whatever the link says; `renew=1` only
 * lets the page show renewal prices at once.
 */
export function renewLink(
  siteUrl: string,
  service: { planId: string; domain?: string; months?: number },
): string {
  // The same path as the dashboard's Renew.
  return siteLink(siteUrl, renewalCheckoutPath(service));
}

/** "1 month", "12 months": a renewal's period in a sentence. */
export const periodWords = (months: number): string =>
  months === 1 ? '1 month' : `${months} months`;

/** The service as a buyer knows it: its plan, and its domain where it has one. */
export const serviceName = (service: { planName: string; domain?: string }): string =>
  service.domain ? `${service.planName} (${service.domain})` : service.planName;

/**
 * When a person sets up what cannot be set up automatically (spec, policy statements: "Digital
 * service credentials are emailed within 15 minutes").
 */
export const MANUAL_SETUP_PROMISE = 'within 15 minutes during business hours';
