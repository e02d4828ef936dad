/**
 * The renewal job (D17) beside auto-renew (D25): a buyer whose debit is scheduled is told it will
 * renew by itself rather than asked to renew, and a service is never suspended while its debit is
 * in flight.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { priceCheckout } from '../../../../lambdas/domain/checkout-pricing';
import { formatInr } from '../../../../lambdas/domain/money';
import type { AutoRenewRecord } from '../../../../lambdas/ports/auto-renew';
import { BUYER } from '../../../helpers/fakes/world';
import { nineAmIst, renewalWorld } from '../../../helpers/renewal-world';

// Bought on 22 Nov 2026 at 10:00 IST for a month: renews on 22 Dec 2026 at 10:00 IST.
const BOUGHT = new Date('2026-11-22T04:30:00.000Z');
const RENEWS = '2026-12-22T04:30:00.000Z';

const withMandate = (over: Partial<AutoRenewRecord> = {}): AutoRenewRecord => ({
  enabled: true,
  mandate: {
    tokenId: 'token_Reminder000001',
    customerId: 'cust_Reminder000001',
    method: 'card',
    label: 'Visa •••• 4242',
    maxAmountPaise: 3_600_00,
    status: 'confirmed',
    since: BOUGHT.toISOString(),
  },
  changedAt: BOUGHT.toISOString(),
  ...over,
});

async function monthly(autoRenew: AutoRenewRecord | undefined) {
  const world = renewalWorld();
  const { serviceId } = await world.pay('basichosting', BOUGHT, 1);
  const username = await world.provisioned(serviceId, BOUGHT);
  const item = world.services.items.get(`${BUYER.userId}#${serviceId}`)!;
  if (autoRenew) item.autoRenew = autoRenew;
  return { world, serviceId, username };
}

describe('reminders with auto-renew on', () => {
  it('say the service renews by itself, with the amount, the mandate and the debit date', async () => {
    const { world } = await monthly(withMandate());

    await world.run(nineAmIst('2026-12-15'));

    expect(world.subjects()).toEqual([
      'Your Basic Hosting renews automatically on 22 December 2026',
    ]);
    const [mail] = world.mailer.sent;
    expect(mail!.text).toContain('₹3,538.82, GST included, for 1 month from Visa •••• 4242');
    expect(mail!.text).toContain('on or after 20 December 2026');
    expect(mail!.text).not.toContain('Renew now');
  });

  it('ask the buyer to renew when the amount is above what the mandate may debit', async () => {
    const { world } = await monthly(
      withMandate({ mandate: { ...withMandate().mandate!, maxAmountPaise: 1_000_00 } }),
    );

    await world.run(nineAmIst('2026-12-15'));

    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 7 days']);
  });

  it('never suspend while the debit is in flight; once it has failed, the suspension follows', async () => {
    const inFlight = withMandate({
      cycle: { renewalDate: RENEWS, orderId: 'order_1', inFlightPaymentId: 'pay_1' },
    });
    const { world, serviceId, username } = await monthly(inFlight);
    const suspendDay = nineAmIst('2026-12-30');
    await world.run(new Date('2026-12-23T03:30:00.000Z'));

    const held = await world.run(suspendDay);

    expect(held.suspended).toBe(0);
    expect(world.panel.suspended.get(username)).toBe(false);
    const item = world.services.items.get(`${BUYER.userId}#${serviceId}`)!;
    item.autoRenew = withMandate({ cycle: { renewalDate: RENEWS, orderId: 'order_1' } });
    const after = await world.run(new Date(suspendDay.getTime() + 24 * 3_600_000));
    expect(after.suspended).toBe(1);
    expect(world.panel.suspended.get(username)).toBe(true);
  });
});

describe('the edges of the reminders with auto-renew', () => {
  const RENEWING = 'Your Basic Hosting renews automatically on 22 December 2026';

  it('a mandate that may debit exactly the amount carries the renewal', async () => {
    // A month of basichosting renews at ₹2,999 + 18% GST = ₹3,538.82.
    const { world } = await monthly(
      withMandate({ mandate: { ...withMandate().mandate!, maxAmountPaise: 3_538_82 } }),
    );

    await world.run(nineAmIst('2026-12-15'));

    expect(world.subjects()).toEqual([RENEWING]);
  });

  it('auto-renew on with no mandate at all carries nothing: the buyer is asked to renew', async () => {
    const { world } = await monthly({ enabled: true, changedAt: BOUGHT.toISOString() });

    const summary = await world.run(nineAmIst('2026-12-15'));

    expect(summary).toMatchObject({ sent: 1, failed: 0 });
    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 7 days']);
  });

  it('a mandate not confirmed yet carries nothing: the buyer is asked to renew', async () => {
    const { world } = await monthly(
      withMandate({ mandate: { ...withMandate().mandate!, status: 'pending' } }),
    );

    await world.run(nineAmIst('2026-12-15'));

    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 7 days']);
  });

  it("a domain's debit is a year of its own name", async () => {
    const world = renewalWorld();
    const { serviceId } = await world.pay('basicdomain', BOUGHT, 12, 'asha-travels.com');
    world.services.items.get(`${BUYER.userId}#${serviceId}`)!.autoRenew = withMandate();
    const year = priceCheckout(CATALOG, {
      planId: 'basicdomain',
      domain: 'asha-travels.com',
      years: 1,
      renewal: true,
    });

    await world.run(nineAmIst('2027-11-15'));

    expect(world.subjects()).toEqual([
      'Your Basic Domain renews automatically on 22 November 2027',
    ]);
    expect(world.mailer.sent[0]!.text).toContain(
      `${formatInr(year.totalPaise)}, GST included, for 12 months from Visa •••• 4242`,
    );
  });

  it('a domain whose name checkout no longer sells cannot be debited: the buyer is asked to renew', async () => {
    const world = renewalWorld();
    const { serviceId } = await world.pay('basicdomain', BOUGHT, 12, 'asha-travels.invalid');
    world.services.items.get(`${BUYER.userId}#${serviceId}`)!.autoRenew = withMandate();

    const summary = await world.run(nineAmIst('2027-11-15'));

    expect(summary).toMatchObject({ sent: 1, failed: 0 });
    expect(world.subjects()).toEqual(['Your Basic Domain expires in 7 days']);
  });

  it('a debit still in flight for an earlier renewal date does not hold this one’s suspension', async () => {
    const { world, username } = await monthly(
      withMandate({
        cycle: {
          renewalDate: BOUGHT.toISOString(),
          orderId: 'order_0',
          inFlightPaymentId: 'pay_0',
        },
      }),
    );
    await world.run(new Date('2026-12-23T03:30:00.000Z'));

    const summary = await world.run(nineAmIst('2026-12-30'));

    expect(summary).toMatchObject({ suspended: 1, failed: 0 });
    expect(world.panel.suspended.get(username)).toBe(true);
  });
});
