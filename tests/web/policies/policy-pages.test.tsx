import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from '../../../web/src/features/policies/privacy-page';
import { RefundPage } from '../../../web/src/features/policies/refund-page';
import { ShippingPage } from '../../../web/src/features/policies/shipping-page';
import { TermsPage } from '../../../web/src/features/policies/terms-page';

function renderPage(Page: ComponentType) {
  return render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  ).container;
}

/** The numbered items of the page's main ordered list. */
function numberedItems(container: HTMLElement) {
  const list = container.querySelector('ol');
  if (!list) throw new Error('no ordered list');
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

describe('policy pages', () => {
  it.each([
    { path: '/privacy', Page: PrivacyPage, count: 12 },
    { path: '/terms', Page: TermsPage, count: 12 },
    { path: '/refund', Page: RefundPage, count: 8 },
    { path: '/shipping', Page: ShippingPage, count: 11 },
  ])('$path has $count numbered sections or terms', ({ Page, count }) => {
    expect(numberedItems(renderPage(Page))).toHaveLength(count);
  });

  it('/privacy states retention and minimum age, and names the grievance officer', () => {
    const container = renderPage(PrivacyPage);
    expect(screen.getByText('Last updated: November 2026')).toBeInTheDocument();
    expect(container).toHaveTextContent(
      'Account and billing records, tax invoices included: 7 years',
    );
    expect(container).toHaveTextContent('Support records: 3 years');
    expect(container).toHaveTextContent('Server and access logs: 12 months');
    expect(container).toHaveTextContent('at least 18 years old');
    expect(container).toHaveTextContent(
      'Grievance Officer: Anita Sharma, Hosting Storefront Pvt. Ltd.',
    );
    expect(container).toHaveTextContent('email grievance@hostingstorefront.in');
  });

  it('/terms gives the support tiers by plan, phone support for Enterprise only, auto-renew off unless turned on', () => {
    const container = renderPage(TermsPage);
    expect(container).toHaveTextContent('Basic: within 24 hours (Basic Hosting');
    expect(container).toHaveTextContent('Professional: within 4 hours (Premium Hosting');
    expect(container).toHaveTextContent('Enterprise: within 1 hour (Enterprise Hosting');
    expect(container).toHaveTextContent('Phone support is available to Enterprise customers only');
    expect(container).toHaveTextContent('30 days’ written notice');
    expect(container).toHaveTextContent('in the 12 months before the claim');
    expect(container).toHaveTextContent('at least 48 hours ahead');
    // D25: auto-renew exists, off until the buyer turns it on, with a notice before each debit.
    expect(container).toHaveTextContent(
      'Nothing renews automatically unless you turn on auto-renew for a service (it is off until you do)',
    );
    expect(container).toHaveTextContent('3 days before each debit');
    expect(container).toHaveTextContent('Grievance Officer: Anita Sharma');
  });

  it('/shipping says nothing physical is shipped, and how each service is delivered', () => {
    const container = renderPage(ShippingPage);
    expect(container).toHaveTextContent('Nothing physical is sold or shipped');
    expect(container).toHaveTextContent('welcome email');
    expect(container).toHaveTextContent('arrives within 15 minutes');
    expect(container).toHaveTextContent('No email from us ever contains a password');
    expect(container).not.toHaveTextContent(/\$|express|overnight|security key|business days/i);
  });

  it('/refund says the service ends at once and names no setup fee (D16)', () => {
    const container = renderPage(RefundPage);
    expect(container).toHaveTextContent('The service ends at once, when you cancel');
    expect(container).toHaveTextContent('₹999.00 + 18% GST (₹1,178.82 incl. GST)');
    expect(container).toHaveTextContent(
      'Razorpay refunds the amount automatically, typically within 5–7 working days',
    );
    expect(container).not.toHaveTextContent(/setup fee|stays active until the end/i);
  });

  it('refund, shipping and terms agree: a 30-day money-back guarantee, domains excluded (D6)', () => {
    for (const Page of [RefundPage, ShippingPage, TermsPage]) {
      const text = renderPage(Page).textContent ?? '';
      expect(text).toContain('30-day money-back guarantee');
      expect(text).toMatch(/domain registrations are not refundable/i);
      expect(text).not.toMatch(/no[- ]refund|non-refundable policy|all sales are final/i);
      cleanup();
    }
  });
});
