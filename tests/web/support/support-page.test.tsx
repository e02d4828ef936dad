import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SupportPage } from '../../../web/src/features/support/support-page';

function renderSupport() {
  return render(
    <MemoryRouter>
      <SupportPage />
    </MemoryRouter>,
  );
}

const expanded = () => screen.queryAllByRole('button', { expanded: true });

describe('/support', () => {
  it('opens on the FAQ tab: five categories of three questions', () => {
    renderSupport();
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'FAQ' });
    const categories = ['General', 'Web Hosting', 'Domains', 'VPS & Cloud', 'Project Bundles'];
    for (const name of categories) {
      const section = within(panel).getByRole('region', { name });
      expect(within(section).getAllByRole('button', { expanded: false })).toHaveLength(3);
    }
  });

  it('keeps only one answer open at a time across every category', () => {
    renderSupport();
    const first = screen.getByRole('button', { name: /Which payment methods do you accept\?/ });
    const other = screen.getByRole('button', { name: /What VPS sizes are available\?/ });

    fireEvent.click(first);
    expect(expanded()).toEqual([first]);
    expect(screen.getByText(/credit and debit cards, UPI, netbanking and wallets/)).toBeVisible();

    fireEvent.click(other);
    expect(expanded()).toEqual([other]);
    expect(first).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(other);
    expect(expanded()).toEqual([]);
  });

  it('never lists PayPal, bank transfer or cryptocurrency as a payment method (D7)', () => {
    const { container } = renderSupport();
    expect(container.textContent).not.toMatch(/paypal|bank transfer|crypto/i);
  });

  it('switches tabs by click and by arrow keys, with one tab in the tab order', () => {
    renderSupport();
    fireEvent.click(screen.getByRole('tab', { name: 'Our Services' }));
    expect(screen.getByRole('tabpanel', { name: 'Our Services' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Web Hosting',
      'Domain Registration',
      'VPS Hosting',
      'Cloud Storage',
      'Project Bundles',
    ]);

    const services = screen.getByRole('tab', { name: 'Our Services' });
    fireEvent.keyDown(services, { key: 'ArrowRight' });
    const started = screen.getByRole('tab', { name: 'Getting Started' });
    expect(started).toHaveAttribute('aria-selected', 'true');
    expect(started).toHaveFocus();
    expect(started).toHaveAttribute('tabindex', '0');
    expect(services).toHaveAttribute('tabindex', '-1');

    const guides = screen.getByRole('tabpanel', { name: 'Getting Started' });
    const stepCounts = within(guides)
      .getAllByRole('list')
      .map((list) => within(list).getAllByRole('listitem').length);
    expect(stepCounts).toEqual([7, 6, 6, 6]);

    fireEvent.keyDown(started, { key: 'End' });
    const contact = screen.getByRole('tabpanel', { name: 'Contact Us' });
    expect(within(contact).getByRole('link', { name: '+91 80 4718 2600' })).toHaveAttribute(
      'href',
      'tel:+918047182600',
    );
    expect(
      within(contact).getByRole('link', { name: 'support@hostingstorefront.in' }),
    ).toBeInTheDocument();
    expect(within(contact).queryByText(/live chat/i)).not.toBeInTheDocument();
    expect(
      within(contact).getByText(/Phone support is available to Enterprise customers only/),
    ).toBeInTheDocument();
    expect(within(contact).getByRole('heading', { name: 'Grievance Officer' })).toBeInTheDocument();
    expect(
      within(contact).getByRole('link', { name: 'grievance@hostingstorefront.in' }),
    ).toBeInTheDocument();
    expect(within(contact).getByRole('heading', { name: 'Need urgent help?' })).toBeInTheDocument();

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Contact Us' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
  });
});
