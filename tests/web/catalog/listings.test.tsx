import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { BundlesPage } from '../../../web/src/features/catalog/bundles-page';
import { DomainPlansPage } from '../../../web/src/features/catalog/domain-plans-page';
import { StoragePage } from '../../../web/src/features/catalog/storage-page';
import { VpsPage } from '../../../web/src/features/catalog/vps-page';
import { startApiServer } from './test-server';

const server = startApiServer();

function renderPage(Page: ComponentType) {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

const cardNames = async () =>
  (await screen.findAllByRole('article')).map(
    (card) => within(card).getByRole('heading').textContent,
  );

describe('/vps', () => {
  it('shows three VPS cards with ORDER NOW and a spec table from plan.specs', async () => {
    renderPage(VpsPage);
    expect(screen.getByText('Loading VPS plans...')).toBeInTheDocument();
    expect(await cardNames()).toEqual(['Basic VPS', 'Premium VPS', 'Enterprise VPS']);
    const premium = screen.getByRole('article', { name: 'Premium VPS' });
    expect(within(premium).getByRole('link', { name: /ORDER NOW/ })).toHaveAttribute(
      'href',
      '/checkout?plan=premiumvps',
    );
    expect(within(premium).getByText('Renews at ₹1,599.00/mo + 18% GST')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Compare VPS specifications' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Specification', 'Basic VPS', 'Premium VPS', 'Enterprise VPS'],
      ['vCPU', '1 vCPU', '2 vCPU', '4 vCPU'],
      ['RAM', '1 GB', '4 GB', '8 GB'],
      ['SSD storage', '25 GB', '80 GB', '160 GB'],
      ['Monthly transfer', '1 TB', '3 TB', '5 TB'],
      ['IPv4 addresses', '1', '1', '2'],
    ]);
  });
});

describe('/storage', () => {
  it('shows the three storage plans with the middle one Most Popular and SELECT PLAN to checkout', async () => {
    renderPage(StoragePage);
    expect(screen.getByText('Loading storage plans...')).toBeInTheDocument();
    expect(await cardNames()).toEqual(['Basic Storage', 'Standard Storage', 'Premium Storage']);
    const standard = screen.getByRole('article', { name: 'Standard Storage' });
    expect(within(standard).getByText('Most Popular')).toBeInTheDocument();
    expect(within(standard).getByText('₹3,250.00')).toBeInTheDocument();
    expect(within(standard).getByText('Renews at ₹3,499.00/mo + 18% GST')).toBeInTheDocument();
    expect(within(standard).getByRole('link', { name: /SELECT PLAN/ })).toHaveAttribute(
      'href',
      '/checkout?plan=standardstorage',
    );
  });

  it('has a four-question FAQ that expands', () => {
    renderPage(StoragePage);
    const faq = screen.getByRole('region', { name: 'Storage FAQs' });
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(4);
    fireEvent.click(questions[0] as HTMLElement);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('/domain', () => {
  it('shows the three domain plans with BUY NOW, the comparison table, FAQ and testimonials', async () => {
    renderPage(DomainPlansPage);
    expect(screen.getByText('Loading domain plans...')).toBeInTheDocument();
    expect(await cardNames()).toEqual(['Basic Domain', 'Premium Domain', 'Enterprise Domain']);
    // D21: a domain is bought by its name, chosen on /domains; each card shows its yearly prices.
    const basic = screen.getByRole('article', { name: 'Basic Domain' });
    expect(within(basic).getByRole('link', { name: /BUY NOW/ })).toHaveAttribute(
      'href',
      '/domains?plan=basicdomain',
    );
    const prices = (article: HTMLElement) =>
      within(within(article).getByTestId('domain-prices'))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s+/g, ' '));
    expect(prices(basic)).toEqual([
      '.com₹999.00/yr + 18% GST',
      '.net₹899.00/yr + 18% GST',
      '.org₹1,099.00/yr + 18% GST',
      '.in₹799.00/yr + 18% GST',
      '.co.in₹499.00/yr + 18% GST',
    ]);
    expect(prices(screen.getByRole('article', { name: 'Premium Domain' }))).toEqual([
      '.com₹2,499.00/yr + 18% GST',
      '.net₹2,399.00/yr + 18% GST',
      '.org₹2,599.00/yr + 18% GST',
      '.in₹2,299.00/yr + 18% GST',
      '.co.in₹1,999.00/yr + 18% GST',
    ]);
    expect(basic).not.toHaveTextContent('/mo');
    expect(screen.getByRole('table', { name: 'Compare domain features' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Domain FAQs' })).toBeInTheDocument();
    expect(screen.getAllByRole('figure')).toHaveLength(3);
  });
});

describe('/pricing', () => {
  it('shows the bundles with GET STARTED, and the savings against their parts bought separately', async () => {
    renderPage(BundlesPage);
    expect(screen.getByText('Loading bundle plans...')).toBeInTheDocument();
    expect(await cardNames()).toEqual(['Basic Bundle', 'Standard Bundle', 'Premium Bundle']);

    // Basic Hosting ₹2,499 + Basic Domain ₹83.25 (a .com year's twelfth, D21) + Basic Storage
    // ₹1,950 = ₹4,532.25 a month; the bundle at ₹2,999 saves 33.83%, shown rounded down. No
    // struck-through "usual price".
    const basic = screen.getByRole('article', { name: 'Basic Bundle' });
    expect(within(basic).getByText('Save 33%')).toBeInTheDocument();
    expect(within(basic).getByTestId('bought-separately')).toHaveTextContent(
      'Bought separately: ₹4,532.25/mo + 18% GST',
    );
    expect(basic.querySelector('s')).toBeNull();
    expect(within(basic).getByText('₹2,999.00')).toBeInTheDocument();
    expect(within(basic).getByRole('link', { name: /GET STARTED/ })).toHaveAttribute(
      'href',
      '/checkout?plan=basicbundle',
    );
    expect(
      screen.getByText(/Bought separately is the sum of the listed monthly prices/),
    ).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Standard Bundle' })).getByText('Save 25%'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Premium Bundle' })).getByText('Save 37%'),
    ).toBeInTheDocument();
  });

  it('has the included grid, comparison table and a call to action to checkout and to sales', () => {
    renderPage(BundlesPage);
    expect(screen.getByRole('heading', { name: 'What’s included' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Compare bundles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start with Standard Bundle' })).toHaveAttribute(
      'href',
      '/checkout?plan=standardbundle',
    );
    expect(screen.getByRole('link', { name: 'Talk to Sales' })).toHaveAttribute('href', '/contact');
  });
});

describe('plans request', () => {
  it('asks GET /api/plans once per page and keeps catalog order', async () => {
    let requests = 0;
    const shuffledHosting = CATALOG.filter((p) => p.category !== 'hosting').concat(
      CATALOG.filter((p) => p.category === 'hosting'),
    );
    server.use(
      http.get('*/api/plans', () => {
        requests += 1;
        return HttpResponse.json({ plans: shuffledHosting });
      }),
    );
    renderPage(VpsPage);
    expect(await cardNames()).toEqual(['Basic VPS', 'Premium VPS', 'Enterprise VPS']);
    expect(requests).toBe(1);
  });
});
