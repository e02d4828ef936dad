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

  it('/privacy was last updated September 2025 and states retention and minimum age', () => {
    const container = renderPage(PrivacyPage);
    expect(screen.getByText('Last updated: September 2025')).toBeInTheDocument();
    expect(container).toHaveTextContent('Account and billing records: 7 years');
    expect(container).toHaveTextContent('Support records: 3 years');
    expect(container).toHaveTextContent('Server and access logs: 12 months');
    expect(container).toHaveTextContent('at least 18 years old');
  });

  it('/terms gives the support tiers, phone support for Enterprise only, notices and liability', () => {
    const container = renderPage(TermsPage);
    expect(container).toHaveTextContent('Basic: within 24 hours');
    expect(container).toHaveTextContent('Professional: within 4 hours');
    expect(container).toHaveTextContent('Enterprise: within 1 hour');
    expect(container).toHaveTextContent('Phone support is available to Enterprise customers only');
    expect(container).toHaveTextContent('30 days’ written notice');
    expect(container).toHaveTextContent('in the 12 months before the claim');
    expect(container).toHaveTextContent('at least 48 hours ahead');
    expect(container).toHaveTextContent('7 days before the renewal date');
  });

  it('/shipping gives the delivery times, free shipping threshold and returns window', () => {
    const container = renderPage(ShippingPage);
    expect(container).toHaveTextContent('emailed within 15 minutes');
    expect(container).toHaveTextContent('Standard shipping takes 5-7 business days');
    expect(container).toHaveTextContent('Express shipping takes 2-3 business days');
    expect(container).toHaveTextContent('Overnight shipping arrives in 1 business day');
    expect(container).toHaveTextContent('International shipping takes 10-21 business days');
    expect(container).toHaveTextContent('free on orders above $100');
    expect(container).toHaveTextContent('returned within 14 days');
  });

  it('refund, shipping and terms agree: a 30-day money-back guarantee, setup fees and domains excluded (D6)', () => {
    for (const Page of [RefundPage, ShippingPage, TermsPage]) {
      const text = renderPage(Page).textContent ?? '';
      expect(text).toContain('30-day money-back guarantee');
      expect(text).toMatch(/setup fees and domain registrations are not refundable/i);
      expect(text).not.toMatch(/no[- ]refund|non-refundable policy|all sales are final/i);
      cleanup();
    }
  });
});
