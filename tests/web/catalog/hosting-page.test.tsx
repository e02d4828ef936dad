import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CATALOG } from '@domain/catalog';
import type { Plan } from '@domain/api';
import { HostingPage } from '../../../web/src/features/catalog/hosting-page';
import { plansHandler, startApiServer } from './test-server';

const server = startApiServer();

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/hosting']}>
      <HostingPage />
    </MemoryRouter>,
  );
}

describe('/hosting', () => {
  it('shows the loading text, then the hosting plans from GET /api/plans in catalog order', async () => {
    renderPage();
    expect(screen.getByText('Loading hosting plans...')).toBeInTheDocument();

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Basic Hosting',
      'Premium Hosting',
      'Enterprise Hosting',
    ]);
    expect(screen.queryByText('Loading hosting plans...')).not.toBeInTheDocument();
  });

  it('shows the price per month + 18% GST, the renewal line and a SELECT PLAN link to checkout', async () => {
    renderPage();
    const basic = await screen.findByRole('article', { name: 'Basic Hosting' });
    expect(within(basic).getByText('₹2,499.00').parentElement).toHaveTextContent(
      '₹2,499.00/mo + 18% GST',
    );
    expect(within(basic).getByText('Renews at ₹2,999.00/mo + 18% GST')).toBeInTheDocument();
    expect(within(basic).getByRole('link', { name: /SELECT PLAN/ })).toHaveAttribute(
      'href',
      '/checkout?plan=basichosting',
    );
  });

  it('puts the Most Popular badge only on the popular plan', async () => {
    renderPage();
    const premium = await screen.findByRole('article', { name: 'Premium Hosting' });
    expect(within(premium).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
  });

  it("shows 'Price Unavailable' for a plan whose price is missing", async () => {
    const broken = { ...CATALOG.find((p) => p.id === 'enterprisehosting') } as Partial<Plan>;
    delete broken.monthlyPricePaise;
    server.use(plansHandler([CATALOG[3] as Plan, broken as Plan]));
    renderPage();
    const card = await screen.findByRole('article', { name: 'Enterprise Hosting' });
    expect(within(card).getByText('Price Unavailable')).toBeInTheDocument();
    expect(
      within(await screen.findByRole('article', { name: 'Basic Hosting' })).getByText('₹2,499.00'),
    ).toBeInTheDocument();
  });

  it("logs 'Error fetching prices' and keeps the loading text when the API fails, then retries", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/api/plans', () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'Something went wrong' } },
          { status: 500 },
        ),
      ),
    );
    renderPage();
    const retry = await screen.findByRole('button', { name: /try again/i });
    expect(consoleError).toHaveBeenCalledWith('Error fetching prices', expect.anything());
    expect(screen.getByText('Loading hosting plans...')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    server.resetHandlers();
    retry.click();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    consoleError.mockRestore();
  });

  it('promises 24/7 support and the 30-day money-back guarantee under the title (D6)', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Web Hosting Plans' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/24\/7 support and a 30-day money-back guarantee/)).toBeInTheDocument();
  });
});
