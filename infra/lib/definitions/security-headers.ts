/**
 * The storefront's security headers, defined once: CloudFront's response headers policy is built
 * from them (infra/lib/constructs/site.ts) and the local gateway sends the same on every answer
 * (infra/local/gateway.ts), with the stand-ins' origins in place of Razorpay's and Cognito's.
 * Plain data, no CDK import.
 */
import { PAGE_BOOT_SCRIPT_HASH } from '../../../web/scripts/page-boot';

/** The outside origins the page talks to, by what they are for. */
export interface SiteOrigins {
  /** Where the page itself is served from; `upgrade-insecure-requests` only makes sense on https. */
  site: 'https' | 'http';
  /** Razorpay Checkout's script. */
  checkoutScript: readonly string[];
  /** The APIs Checkout's script calls from the page (Razorpay's API, its telemetry). */
  paymentApi: readonly string[];
  /** Checkout's frames. */
  paymentFrames: readonly string[];
  /** Images Checkout shows (bank and card logos). */
  paymentImages: readonly string[];
  /** Cognito's user pool endpoint, which sign-in and sign-up call. */
  identity: readonly string[];
  /** The tickets' file bucket, which pages upload attachments to with presigned PUTs. */
  uploads: readonly string[];
}

/** In AWS: Razorpay's hosts, Cognito in the stack's region and the tickets' file bucket. */
export function awsOrigins(region: string, uploads: readonly string[] = []): SiteOrigins {
  return {
    site: 'https',
    checkoutScript: ['https://checkout.razorpay.com'],
    paymentApi: ['https://api.razorpay.com', 'https://*.razorpay.com'],
    paymentFrames: [
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://*.razorpay.com',
    ],
    paymentImages: ['https://*.razorpay.com'],
    identity: [`https://cognito-idp.${region}.amazonaws.com`],
    uploads,
  };
}

/**
 * The Content-Security-Policy: our own origin, Razorpay Checkout (its script, its frames and the
 * APIs it calls), Cognito's endpoint and the bucket ticket attachments are uploaded to; never framed, no plugins, forms post only to us.
 */
export function contentSecurityPolicy(origins: SiteOrigins): string {
  const sources = (...list: readonly (string | readonly string[])[]) =>
    [...new Set(list.flat())].join(' ');
  return [
    "default-src 'self'",
    // Each page's boot script (web/scripts/page-boot.ts) is its one inline script, allowed by its
    // hash: the same text in every build.
    `script-src ${sources("'self'", PAGE_BOOT_SCRIPT_HASH, origins.checkoutScript)}`,
    // Checkout styles its overlay inline; React's prerendered markup may carry style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", 'data:', origins.paymentImages)}`,
    "font-src 'self' data:",
    `connect-src ${sources("'self'", origins.identity, origins.paymentApi, origins.uploads)}`,
    `frame-src ${sources(origins.paymentFrames)}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(origins.site === 'https' ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The other security headers, as CloudFront's response headers policy names them. */
export const SECURITY_HEADERS = {
  /** Two years, subdomains too (browsers ignore it on plain http, so locally it does nothing). */
  strictTransportSecurity: { maxAgeSeconds: 730 * 24 * 60 * 60, includeSubdomains: true },
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

/** Every security header with its value, as the browser receives them from CloudFront. */
export function securityHeaders(origins: SiteOrigins): Record<string, string> {
  const hsts = SECURITY_HEADERS.strictTransportSecurity;
  return {
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
    'content-security-policy': contentSecurityPolicy(origins),
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
  };
}
