/**
 * Premium and Enterprise Hosting's "Free domain for the first year" (D23): the hosting's card names
 * the free name, and the name is a Basic Domain card of its own (paid ₹0, its own Renew).
 */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Service } from '../../../lambdas/domain/services';
import { ServiceList } from '../../../web/src/components/dashboard/service-list';

const hosting: Service = {
  id: 'svc_h',
  planId: 'premiumhosting',
  name: 'Premium Hosting',
  category: 'hosting',
  domain: 'ashaverma.in',
  freeDomain: 'ashaverma.com',
  months: 1,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2098-12-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 471_882,
  renewable: true,
  daysLeft: 25,
  provisioning: { state: 'pending' },
  autoRenew: false,
};

const freeDomain: Service = {
  id: 'svc_d',
  planId: 'basicdomain',
  name: 'Basic Domain',
  category: 'domain',
  domain: 'ashaverma.com',
  months: 12,
  purchaseDate: '2098-11-22T04:30:00.000Z',
  renewalDate: '2099-11-22T04:30:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 0,
  renewable: true,
  daysLeft: 360,
  provisioning: { state: 'pending' },
  autoRenew: false,
};

describe("the hosting card's free domain (D23)", () => {
  it('names the free name on the hosting card, and lists it as a Basic Domain card of its own', () => {
    render(
      <MemoryRouter>
        <ServiceList services={[hosting, freeDomain]} payments={[]} />
      </MemoryRouter>,
    );
    const cards = screen.getAllByTestId('service');
    const hostingCard = cards.find((card) => card.textContent?.includes('Premium Hosting'))!;
    expect(within(hostingCard).getByTestId('free-domain')).toHaveTextContent(
      'ashaverma.com (free for the first year; its own card below)',
    );
    const domainCard = cards.find((card) => card.textContent?.includes('Basic Domain'))!;
    expect(domainCard).toHaveTextContent('ashaverma.com');
    expect(within(domainCard).queryByTestId('free-domain')).not.toBeInTheDocument();
  });

  it('a hosting without one says nothing of it', () => {
    const { freeDomain: _none, ...plain } = hosting;
    render(
      <MemoryRouter>
        <ServiceList services={[plain]} payments={[]} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('free-domain')).not.toBeInTheDocument();
  });
});
