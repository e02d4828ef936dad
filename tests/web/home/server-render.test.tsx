// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { HomePage } from '../../../web/src/features/home/home-page';
import { HostingPage } from '../../../web/src/features/catalog/hosting-page';
import { VpsPage } from '../../../web/src/features/catalog/vps-page';
import { StoragePage } from '../../../web/src/features/catalog/storage-page';
import { DomainPlansPage } from '../../../web/src/features/catalog/domain-plans-page';
import { BundlesPage } from '../../../web/src/features/catalog/bundles-page';
import { DomainSearchPage } from '../../../web/src/features/domain-search/domain-search-page';
import { SupportPage } from '../../../web/src/features/support/support-page';
import { DocumentationPage } from '../../../web/src/features/docs/documentation-page';
import { ContactPage } from '../../../web/src/features/contact/contact-page';
import { AboutPage } from '../../../web/src/features/company/about-page';
import { BlogPage } from '../../../web/src/features/company/blog-page';
import { CareersPage } from '../../../web/src/features/company/careers-page';
import { PrivacyPage } from '../../../web/src/features/policies/privacy-page';
import { TermsPage } from '../../../web/src/features/policies/terms-page';
import { RefundPage } from '../../../web/src/features/policies/refund-page';
import { ShippingPage } from '../../../web/src/features/policies/shipping-page';

/**
 * The public pages are prerendered to static HTML at build time, where there is no window or
 * document. Each must render on the server and already hold its main text (listings: the loading
 * text, since plans load in an effect after hydration).
 */
const pages: [string, ComponentType, string][] = [
  ['/', HomePage, '₹2,499.00'],
  ['/hosting', HostingPage, 'Loading hosting plans...'],
  ['/vps', VpsPage, 'Loading VPS plans...'],
  ['/storage', StoragePage, 'Loading storage plans...'],
  ['/domain', DomainPlansPage, 'Loading domain plans...'],
  ['/pricing', BundlesPage, 'Loading bundle plans...'],
  ['/domains', DomainSearchPage, 'Availability is checked with the registry as you type'],
  ['/support', SupportPage, 'Which payment methods do you accept?'],
  ['/documentation', DocumentationPage, 'Create your account'],
  ['/contact', ContactPage, 'support@hostingstorefront.in'],
  ['/about', AboutPage, '2012'],
  ['/blog', BlogPage, 'A security checklist for your first VPS'],
  ['/careers', CareersPage, 'Open positions'],
  ['/privacy', PrivacyPage, 'November 2026'],
  ['/terms', TermsPage, 'Limitation of liability'],
  ['/refund', RefundPage, '30-day money-back guarantee'],
  ['/shipping', ShippingPage, 'Delivery terms'],
];

describe('server rendering (prerender)', () => {
  it('runs without a DOM', () => {
    expect(typeof window).toBe('undefined');
  });

  it.each(pages)('%s renders to HTML', (path, Page, text) => {
    const html = renderToString(
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>,
    );
    expect(html).toContain(text.replace(/'/g, '&#x27;'));
  });
});
