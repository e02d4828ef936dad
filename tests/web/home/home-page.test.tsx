import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '@domain/catalog';
import { HomePage, TrustBadges } from '../../../web/src/features/home/home-page';
import { home } from '../../../web/src/content/home';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

describe('home page', () => {
  it("headlines the seed's basic hosting price, ₹2,499.00/mo + 18% GST, with Start now to /hosting", () => {
    const seed = CATALOG.find((plan) => plan.id === home.hero.headlinePlanId);
    expect(home.hero.headlinePricePaise).toBe(seed?.monthlyPricePaise);
    expect(home.hero.headlinePricePaise).toBe(249_900);

    renderHome();
    const hero = screen.getByRole('region', { name: home.hero.title });
    expect(within(hero).getByText('₹2,499.00').parentElement).toHaveTextContent(
      '₹2,499.00/mo + 18% GST',
    );
    // The sample configuration has no offer: the standard price is not a limited-time offer.
    expect(within(hero).queryByText(/offer/i)).not.toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: /Start now/ })).toHaveAttribute(
      'href',
      '/hosting',
    );
    expect(within(hero).getByText('24/7 support in English and Hindi')).toBeInTheDocument();
  });

  it('shows no review rating whose source is not named (the sample has none named)', () => {
    renderHome();
    expect(screen.queryByText(/12,505|1,603|5,637/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rated by thousands of customers' })).toBeNull();
  });

  it('shows a rating only with its review site named and linked', () => {
    render(
      <TrustBadges
        ratings={[
          {
            source: 'ReviewSite',
            url: 'https://reviews.example/hosting-storefront',
            score: '4.8',
            reviews: '12,505 reviews',
            stars: 4.8,
          },
          { source: '', url: '', score: '4.6/5', reviews: '1,603 reviews', stars: 4.6 },
          { source: 'Unlinked', url: '', score: '4.5/5', reviews: '5,637 reviews', stars: 4.5 },
        ]}
      />,
    );
    expect(screen.getByText('4.8')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the reviews on ReviewSite' })).toHaveAttribute(
      'href',
      'https://reviews.example/hosting-storefront',
    );
    expect(screen.queryByText('4.6/5')).not.toBeInTheDocument();
    expect(screen.queryByText('4.5/5')).not.toBeInTheDocument();
  });

  it('shows the milestone, the happiness score and the founding year', () => {
    renderHome();
    expect(
      screen.getByRole('heading', {
        name: /60,000\+ clients across hosting, domain, storage and VPS/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.getByText('94%')).toBeInTheDocument();
    expect(screen.getByText('based on 18,966 ratings')).toBeInTheDocument();
    expect(screen.getByText('Founded in 2012')).toBeInTheDocument();
    expect(screen.getByText('Priya is typing')).toBeInTheDocument();
    expect(screen.getByText('An example support conversation')).toBeInTheDocument();
  });

  it('lists the home page sections in order', () => {
    renderHome();
    const markers = [
      screen.getByRole('heading', { level: 1 }),
      screen.getByText(/We moved our clinic’s website/),
      screen.getByRole('link', { name: 'Get Started Now' }),
      screen.getByText('Priya is typing'),
      screen.getByText('94%'),
      screen.getByText('Founded in 2012'),
      screen.getByRole('button', { name: /What is shared web hosting\?/ }),
    ];
    for (let i = 1; i < markers.length; i += 1) {
      const before = markers[i - 1] as HTMLElement;
      expect(
        before.compareDocumentPosition(markers[i] as HTMLElement) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });

  it('toggles an FAQ answer open and closed, shown as + and −', () => {
    renderHome();
    const question = screen.getByRole('button', { name: /What is shared web hosting\?/ });
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(question).toHaveTextContent('+');
    expect(answer).not.toBeVisible();

    fireEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(question).toHaveTextContent('−');
    expect(answer).toBeVisible();

    fireEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(question).toHaveTextContent('+');
  });
});
