import { describe, expect, it } from 'vitest';
import type { Payment, Service } from '@domain/api';
import { groupServices } from '../../../web/src/components/dashboard/group-services';

const hosting: Service = {
  id: 'p1',
  planId: 'premiumhosting',
  name: 'Premium Hosting',
  category: 'hosting',
  months: 12,
  purchaseDate: '2026-01-10T06:00:00.000Z',
  renewalDate: '2027-01-10T06:00:00.000Z',
  status: 'active',
  state: 'active',
  pricePaidPaise: 5_662_584,
  renewable: true,
  daysLeft: 365,
  provisioning: { state: 'ready' },
};

function payment(id: string, date: string, extra: Partial<Payment> = {}): Payment {
  return {
    id,
    date,
    amountPaise: 5_662_584,
    status: 'paid',
    planName: 'Premium Hosting',
    paymentId: `pay_${id}`,
    orderId: `order_${id}`,
    ...extra,
  };
}

describe('groupServices', () => {
  it('folds the records of one plan bought twice (renewed early) into one card with the later dates', () => {
    const renewal: Service = {
      ...hosting,
      id: 'p2',
      purchaseDate: '2026-11-01T06:00:00.000Z',
      renewalDate: '2028-01-10T06:00:00.000Z',
    };
    const cards = groupServices(
      [renewal, hosting],
      [payment('p2', renewal.purchaseDate), payment('p1', hosting.purchaseDate)],
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      id: 'p2',
      renewalDate: '2028-01-10T06:00:00.000Z',
      firstPurchaseDate: '2026-01-10T06:00:00.000Z',
      status: 'active',
    });
    expect(cards[0]!.payments.map((p) => p.id)).toEqual(['p2', 'p1']);
  });

  it('keeps two domains of the same plan apart, each with its own payment', () => {
    const a: Service = { ...hosting, id: 'd1', planId: 'basicdomain', domain: 'asha.com' };
    const b: Service = { ...a, id: 'd2', domain: 'asha.net' };
    const cards = groupServices(
      [a, b],
      [payment('d1', a.purchaseDate), payment('d2', b.purchaseDate)],
    );
    expect(cards.map((c) => [c.domain, c.payments.map((p) => p.id)])).toEqual([
      ['asha.com', ['d1']],
      ['asha.net', ['d2']],
    ]);
  });

  it('takes a payment that names its service by serviceId (one record per held service)', () => {
    const held: Service = { ...hosting, id: 'svc_1' };
    const cards = groupServices(
      [held],
      [
        payment('inv_2', '2026-11-01T06:00:00.000Z', { serviceId: 'svc_1' } as Partial<Payment>),
        payment('inv_1', '2026-01-10T06:00:00.000Z', { serviceId: 'svc_1' } as Partial<Payment>),
        payment('inv_9', '2026-02-01T06:00:00.000Z', {
          serviceId: 'svc_other',
        } as Partial<Payment>),
      ],
    );
    expect(cards[0]!.payments.map((p) => p.id)).toEqual(['inv_2', 'inv_1']);
  });

  it('orders cards by their newest purchase', () => {
    const older: Service = { ...hosting, id: 'v1', planId: 'basicvps', category: 'vps' };
    const newer: Service = { ...hosting, id: 'h2', purchaseDate: '2026-06-01T06:00:00.000Z' };
    expect(groupServices([older, newer], []).map((c) => c.id)).toEqual(['h2', 'v1']);
  });
});
