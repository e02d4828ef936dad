/**
 * What a buyer gets when their name was taken before it could be registered (D23): a paid name is
 * refunded; a hosting's free first-year name is not (nothing was paid) and its buyer is mailed to
 * choose another name on the card, in their mail log, with no word of a refund.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Months } from '../../../../lambdas/domain/pricing';
import { freeDomainPurchaseIdFor } from '../../../../lambdas/domain/register-domain';
import type { ServiceRecord } from '../../../../lambdas/ports/services';
import { domainTaken } from '../../../../lambdas/use-cases/domain-taken';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';

const START = new Date('2026-11-27T04:00:00.000Z');

let w: ReturnType<typeof fakeWorld>;
let refunded: ServiceRecord[];

async function domainService(serviceId: string, purchaseId: string, amountPaise: number) {
  const at = START.toISOString();
  await w.services.extendService(
    {
      userId: BUYER.userId,
      serviceId,
      planId: 'basicdomain',
      planName: 'Basic Domain',
      category: 'domain',
      domain: 'ashaverma.com',
    },
    {
      purchaseId,
      paymentId: 'pay_Taken00001',
      purchaseDate: at,
      startDate: at,
      renewalDate: new Date(START.getTime() + 365 * 86_400_000).toISOString(),
      months: 12 as Months,
      amountPaise,
    },
    0,
    at,
  );
  return (await w.services.getService(BUYER.userId, serviceId))!;
}

const deps = () => ({
  users: w.users,
  mailer: w.mailer,
  siteUrl: () => 'https://shop.example.in',
  log: w.log,
  refund: async (service: ServiceRecord) => {
    refunded.push(service);
  },
});

beforeEach(async () => {
  w = fakeWorld(START);
  refunded = [];
  await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
});

describe('a name taken before it could be registered (D23)', () => {
  it('a free domain: no refund; the buyer is mailed to choose another name on its card', async () => {
    const free = await domainService(
      'svc_free1',
      freeDomainPurchaseIdFor('pur_pay_Hosting00001'),
      0,
    );
    await domainTaken(deps(), free);

    expect(refunded).toEqual([]);
    expect(w.mailer.sent).toHaveLength(1);
    const mail = w.mailer.sent[0]!;
    expect(mail).toMatchObject({
      to: BUYER.email,
      subject:
        'ashaverma.com was registered by someone else: choose another name for your free domain',
      about: { userId: BUYER.userId, kind: 'free-domain-taken', ref: 'svc_free1' },
    });
    expect(mail.text).toContain('there is no payment to refund');
    expect(mail.text).toContain('https://shop.example.in/dashboard?tab=domain');
    expect(mail.text).not.toMatch(/will be refunded|is being refunded/);
  });

  it('a paid domain is refunded, with no such mail', async () => {
    const paid = await domainService('svc_paid1', 'pur_pay_Taken00001', 117_882);
    await domainTaken(deps(), paid);
    expect(refunded.map((s) => s.serviceId)).toEqual(['svc_paid1']);
    expect(w.mailer.sent).toEqual([]);
  });
});
