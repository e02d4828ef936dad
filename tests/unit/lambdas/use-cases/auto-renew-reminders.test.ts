/**
 * The renewal job (D17) beside auto-renew (D25): a buyer whose debit is scheduled is told it will
 * renew by itself rather than asked to renew, and a service is never suspended while its debit is
 * in flight.
 */
import { describe, expect, it } from 'vitest';
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
