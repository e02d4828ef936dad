/**
 * The renewal job (lambdas/use-cases/run-renewal-reminders.ts) on in-memory fakes: a year of daily
 * runs, each step once and never early, runs at once, crashes, a buyer who renews or cancels, and
 * a run that reads only the services due.
 */
import fc from 'fast-check';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { priceCheckout } from '../../../../lambdas/domain/checkout-pricing';
import { formatInr } from '../../../../lambdas/domain/money';
import { quote } from '../../../../lambdas/domain/pricing';
import { describe, expect, it } from 'vitest';
import { dueAt, RENEWAL_STEPS, type RenewalStep } from '../../../../lambdas/domain/renewals';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { provisionService } from '../../../../lambdas/use-cases/provision-service';
import type { ServiceRecord } from '../../../../lambdas/ports/services';
import { InMemoryRenewalSchedule } from '../../../helpers/fakes/renewals';
import { RecordingMailer, SimulatedCrash } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import {
  LEASE_MS,
  nineAmIst,
  renewalWorld,
  SITE_URL,
  type RenewalWorld,
} from '../../../helpers/renewal-world';

const DAY_MS = 24 * 60 * 60 * 1000;
// Bought on 22 Nov 2026 at 10:00 IST for 12 months: renews on 22 Nov 2027 at 10:00 IST.
const BOUGHT = new Date('2026-11-22T04:30:00.000Z');
const RENEWS = '2027-11-22T04:30:00.000Z';

/** Runs the job every day at 09:00 IST from `from` to `to` (India dates), mails by day. */
async function runDaily(world: RenewalWorld, from: string, to: string) {
  const byDay: Record<string, string[]> = {};
  for (let t = nineAmIst(from).getTime(); t <= nineAmIst(to).getTime(); t += DAY_MS) {
    const before = world.mailer.sent.length;
    await world.run(new Date(t));
    const sent = world.mailer.sent.slice(before).map((m) => m.subject);
    if (sent.length) byDay[new Date(t + 5.5 * 3600 * 1000).toISOString().slice(0, 10)] = sent;
  }
  return byDay;
}

async function boughtHosting(world: RenewalWorld) {
  const { serviceId } = await world.pay('basichosting', BOUGHT);
  const username = await world.provisioned(serviceId, BOUGHT);
  return { serviceId, username };
}

describe('a year of daily runs', () => {
  it('reminds at 30, 7 and 1 days, notes the expiry, suspends at +7, and starts again on renewal', async () => {
    const world = renewalWorld();
    const { serviceId, username } = await boughtHosting(world);

    const firstYear = await runDaily(world, '2026-11-23', '2027-12-04');

    expect(firstYear).toEqual({
      '2027-10-23': ['Your Basic Hosting expires in 30 days'],
      '2027-11-15': ['Your Basic Hosting expires in 7 days'],
      '2027-11-21': ['Your Basic Hosting expires tomorrow'],
      // It expires at 10:00 IST on the 22nd: the 09:00 run that day is before it.
      '2027-11-23': ['Your Basic Hosting has expired'],
      '2027-11-30': ['Your Basic Hosting is suspended'],
    });
    expect(world.panel.suspended.get(username)).toBe(true);
    expect(world.provisioning.stored(BUYER.userId, serviceId)?.state).toBe('suspended');
    // Nothing left to do for this renewal date: the service left the due-date index.
    expect(world.services.items.get(`${BUYER.userId}#${serviceId}`)?.nextDueAt).toBeUndefined();

    // Renewed on 5 Dec 2027 (expired, so from the payment's date): the delivery of the renewal
    // lifts the suspension, and the reminders start again for 5 Dec 2028.
    const renewedAt = new Date('2027-12-05T06:00:00.000Z');
    const { period } = await world.pay('basichosting', renewedAt);
    world.setWallClock(renewedAt);
    const delivery = {
      records: world.provisioning,
      panel: world.panel,
      announce: async () => undefined,
      placeholderDomain: () => 'sites.example.in',
      mailer: new RecordingMailer(),
      siteUrl: () => SITE_URL,
      log: world.log,
      now: () => renewedAt,
    };
    const outcome = await convergeService(
      {
        ...delivery,
        services: world.services,
        deliver: (request, id) => provisionService(delivery, request, id),
      },
      { userId: BUYER.userId, serviceId },
      {
        deliveryId: 'delivery-renewal',
        request: {
          purchaseId: period.purchaseId,
          userId: BUYER.userId,
          email: BUYER.email,
          name: BUYER.name,
          planId: 'basichosting',
          planName: 'Basic Hosting',
          category: 'hosting',
          months: 12,
          purchaseDate: period.purchaseDate,
          renewalDate: period.renewalDate,
          amountPaise: 100_000,
          paymentId: period.paymentId,
          orderId: 'order_renewal',
          serviceId,
          renewal: true,
        },
      },
    );
    expect(outcome).toMatchObject({
      outcome: 'in_step',
      desired: 'active',
      actions: expect.arrayContaining(['unsuspend']) as unknown,
    });
    expect(world.panel.suspended.get(username)).toBe(false);

    const secondYear = await runDaily(world, '2027-12-05', '2028-12-06');

    expect(secondYear).toEqual({
      '2028-11-05': ['Your Basic Hosting expires in 30 days'],
      '2028-11-28': ['Your Basic Hosting expires in 7 days'],
      '2028-12-04': ['Your Basic Hosting expires tomorrow'],
      '2028-12-06': ['Your Basic Hosting has expired'],
    });
  });

  it('names the service, the renewal date, the 12-month renewal price with GST and a Renew link', async () => {
    const world = renewalWorld();
    await boughtHosting(world);

    await world.run(nineAmIst('2027-11-15'));

    const [mail] = world.mailer.sent;
    expect(mail?.to).toBe(BUYER.email);
    expect(mail?.text).toContain('22 November 2027');
    // basichosting renews at ₹2,999 × 12 = ₹35,988 + 18% GST = ₹42,465.84
    expect(mail?.text).toContain('₹42,465.84 for 12 months, GST included');
    expect(mail?.html).toContain(`${SITE_URL}/checkout?plan=basichosting&amp;renew=1`);
  });

  it("quotes a monthly buyer's own renewal: a month at a month's price, and Renew opens a month", async () => {
    const world = renewalWorld();
    await world.pay('premiumhosting', BOUGHT, 1);
    const month = priceCheckout(CATALOG, {
      planId: 'premiumhosting',
      months: 1,
      renewal: true,
    }).totalPaise;
    const year = priceCheckout(CATALOG, {
      planId: 'premiumhosting',
      months: 12,
      renewal: true,
    }).totalPaise;

    await world.run(nineAmIst('2026-12-15'));

    const [mail] = world.mailer.sent;
    expect(mail?.subject).toBe('Your Premium Hosting expires in 7 days');
    expect(mail?.text).toContain(`${formatInr(month)} for 1 month, GST included`);
    expect(mail?.text).not.toContain(formatInr(year));
    expect(mail?.html).toContain(
      `${SITE_URL}/checkout?plan=premiumhosting&amp;renew=1&amp;months=1`,
    );
  });

  it('quotes the smaller plan chosen for the renewal, and Renew opens its checkout (D26)', async () => {
    const world = renewalWorld();
    await world.pay('premiumhosting', BOUGHT, 12);
    const [stored] = world.services.all();
    if (!stored) throw new Error('no service');
    world.services.items.set(`${stored.userId}#${stored.serviceId}`, {
      ...stored,
      pendingPlan: {
        planId: 'basichosting',
        planName: 'Basic Hosting',
        from: stored.renewalDate,
        chosenAt: BOUGHT.toISOString(),
      },
    });
    const basic = priceCheckout(CATALOG, { planId: 'basichosting', months: 12, renewal: true });

    await world.run(nineAmIst('2027-11-15'));

    const [mail] = world.mailer.sent;
    expect(mail?.text).toContain(`${formatInr(basic.totalPaise)} for 12 months, GST included`);
    expect(mail?.html).toContain(`${SITE_URL}/checkout?plan=basichosting&amp;renew=1`);
  });

  it("quotes a domain's renewal as checkout prices it: a year of its own name (D21)", async () => {
    const world = renewalWorld();
    await world.pay('premiumdomain', BOUGHT, 12, 'asha-travels.net');
    // A .in, sold since D23: reminded at a year of .in.
    await world.pay('basicdomain', BOUGHT, 12, 'asha-travels.in');

    await world.run(nineAmIst('2027-11-15'));

    const text = (planName: string) =>
      world.mailer.sent.find((m) => m.subject.startsWith(`Your ${planName}`))?.text ?? '';
    // .net ₹899 + Premium's ₹1,500 a year = ₹2,399 + 18% GST = ₹2,830.82
    expect(text('Premium Domain')).toContain('₹2,830.82 for 12 months, GST included');
    // .in ₹799 a year (D23) + 18% GST = ₹942.82
    expect(text('Basic Domain')).toContain('₹942.82 for 12 months, GST included');
  });

  it('never suspends a domain: it is reminded and expires, with nothing on a panel', async () => {
    const world = renewalWorld();
    await world.pay('basicdomain', BOUGHT, 12, 'asha-travels.com');

    const mails = await runDaily(world, '2027-10-20', '2027-12-10');

    expect(Object.values(mails).flat()).toEqual([
      'Your Basic Domain expires in 30 days',
      'Your Basic Domain expires in 7 days',
      'Your Basic Domain expires tomorrow',
      'Your Basic Domain has expired',
    ]);
    expect(world.mailer.sent[0]?.html).toContain('domain=asha-travels.com');
    expect(world.panel.calls).toEqual([]);
  });
});

describe('a mail never says more time is left than is', () => {
  it('a month bought in February is not told it expires the day after it was paid for', async () => {
    const world = renewalWorld();
    // 1 Feb 2027 10:00 IST + 1 month = 1 Mar 2027: its 30-day reminder fell before it was bought,
    // so the buyer's first reminder is the 7-day one.
    await world.pay('basicdomain', new Date('2027-02-01T04:30:00.000Z'), 1, 'asha-travels.com');

    const mails = await runDaily(world, '2027-02-01', '2027-03-02');

    expect(mails).toEqual({
      '2027-02-22': ['Your Basic Domain expires in 7 days'],
      '2027-02-28': ['Your Basic Domain expires tomorrow'],
      '2027-03-02': ['Your Basic Domain has expired'],
    });
  });

  it('a reminder a run reaches a day late says the days then left', async () => {
    const world = renewalWorld();
    await boughtHosting(world);

    await world.run(nineAmIst('2027-11-16')); // the 7-day reminder's run on the 15th never came

    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 6 days']);
  });
});

describe('each step once, never early', () => {
  it('holds for any sequence of runs at any times, in any order', async () => {
    const renewal = new Date(RENEWS).getTime();
    const runTime = fc.integer({
      min: BOUGHT.getTime(),
      max: renewal + 20 * DAY_MS,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(runTime, { minLength: 1, maxLength: 25 }), async (times) => {
        const world = renewalWorld();
        const { serviceId } = await boughtHosting(world);
        const acted: { step: RenewalStep; at: number }[] = [];
        for (const t of times) {
          const before = world.log.lines.length;
          await world.run(new Date(t));
          for (const line of world.log.lines.slice(before)) {
            const detail = line.extra[0] as { step?: RenewalStep; outcome?: string } | undefined;
            if (
              line.message === 'Renewal step done' &&
              detail?.step &&
              detail.outcome !== 'nothing'
            )
              acted.push({ step: detail.step, at: t });
          }
        }
        expect(world.mailer.sent).toHaveLength(acted.length);
        const steps = acted.map((a) => a.step);
        expect(new Set(steps).size).toBe(steps.length);
        for (const { step, at } of acted)
          expect(at).toBeGreaterThanOrEqual(dueAt(step, new Date(RENEWS)).getTime());
        // The last run acted on whatever was due by then, or an earlier run already had: the
        // service waits for the first step due after it, or for nothing once none is left.
        const latest = Math.max(...times);
        const stored = world.services.items.get(`${BUYER.userId}#${serviceId}`);
        const next = RENEWAL_STEPS.map((step) => dueAt(step, new Date(RENEWS))).find(
          (due) => due.getTime() > latest,
        );
        expect(stored?.nextDueAt).toBe(next?.toISOString());
      }),
      { numRuns: 60 },
    );
  });
});

describe('runs at once, and again', () => {
  it('ten runs at the same time send each mail once', async () => {
    const world = renewalWorld();
    await boughtHosting(world);
    await world.pay('premiumdomain', BOUGHT, 12, 'asha-travels.com');

    const summaries = await Promise.all(
      Array.from({ length: 10 }, () => world.run(nineAmIst('2027-10-23'))),
    );

    expect(world.subjects().sort()).toEqual([
      'Your Basic Hosting expires in 30 days',
      'Your Premium Domain expires in 30 days',
    ]);
    expect(summaries.reduce((n, s) => n + s.sent, 0)).toBe(2);
  });

  it('a second run the same day sends nothing, and reads nothing it need not', async () => {
    const world = renewalWorld();
    await boughtHosting(world);
    const first = await world.run(nineAmIst('2027-11-15'));

    const again = await world.run(new Date(nineAmIst('2027-11-15').getTime() + 3 * 3600 * 1000));

    expect(first).toEqual({
      read: 1,
      acted: 1,
      sent: 1,
      expired: 0,
      suspended: 0,
      // The 30-day reminder was overtaken before any run: recorded, never sent late.
      skipped: 1,
      failed: 0,
    });
    expect(again).toMatchObject({ read: 0, sent: 0 });
    expect(world.mailer.sent).toHaveLength(1);
  });
});

describe('a run that crashes', () => {
  /** The run's own store and mailer, which stop reaching anything once the process is killed. */
  function dyingRun(world: RenewalWorld, crashAt: 'send' | 'complete') {
    let killed = false;
    const schedule = new InMemoryRenewalSchedule(world.services);
    const realComplete = schedule.complete.bind(schedule);
    schedule.roundTrip = async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (killed) throw new SimulatedCrash('the process was killed');
    };
    schedule.complete = async (...args) => {
      if (crashAt === 'complete') {
        killed = true;
        throw new SimulatedCrash('killed before completing the claim');
      }
      return realComplete(...args);
    };
    const mailer = new RecordingMailer();
    const realSend = mailer.send.bind(mailer);
    mailer.send = async (mail) => {
      if (crashAt === 'send') {
        killed = true;
        throw new SimulatedCrash('killed before the mail went out');
      }
      await realSend(mail);
      world.mailer.sent.push(mail);
    };
    return { schedule, mailer };
  }

  it('before its mail went out: the claim holds for its lease, then one run sends the mail', async () => {
    const world = renewalWorld();
    await boughtHosting(world);
    const day = nineAmIst('2027-11-15');

    const crashed = await world.run(day, dyingRun(world, 'send'));
    const sameDay = await world.run(new Date(day.getTime() + 60_000));
    const afterLease = await world.run(new Date(day.getTime() + LEASE_MS + 60_000));
    await world.run(new Date(day.getTime() + 2 * LEASE_MS));

    expect(crashed.failed).toBe(1);
    expect(sameDay).toMatchObject({ sent: 0, skipped: 1 });
    expect(afterLease.sent).toBe(1);
    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 7 days']);
  });

  it('after its mail went out but before the claim was completed: sent once more after the lease, no more', async () => {
    // SES takes no idempotency key: the one window in which a mail can go twice (as the welcome mail).
    const world = renewalWorld();
    await boughtHosting(world);
    const day = nineAmIst('2027-11-15');

    await world.run(day, dyingRun(world, 'complete'));
    await world.run(new Date(day.getTime() + 60_000));
    await world.run(new Date(day.getTime() + LEASE_MS + 60_000));
    await world.run(new Date(day.getTime() + 2 * LEASE_MS + 60_000));

    expect(world.subjects()).toEqual([
      'Your Basic Hosting expires in 7 days',
      'Your Basic Hosting expires in 7 days',
    ]);
  });

  it('a mail that fails is not lost: the claim is given back and the next run sends it', async () => {
    const world = renewalWorld();
    await boughtHosting(world);
    world.mailer.failuresLeft = 1;

    const failed = await world.run(nineAmIst('2027-11-15'));
    const next = await world.run(nineAmIst('2027-11-16'));

    expect(failed).toMatchObject({ failed: 1, sent: 0 });
    expect(next).toMatchObject({ sent: 1 });
    // A day later, it says the days then left.
    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 6 days']);
  });
});

describe('no mail after the buyer renewed or cancelled', () => {
  it('a renewal between reading the index and the claim: the claim finds the new date, nothing is sent', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    // The index as it was before the renewal (GSIs are eventually consistent).
    const staleIndex = new InMemoryRenewalSchedule(world.services);
    const [stale] = await collect(staleIndex.listDue(nineAmIst('2027-11-15')));
    await world.pay('basichosting', new Date('2027-11-14T12:00:00.000Z'));
    staleIndex.listDue = async function* () {
      if (stale) yield stale;
    };

    const summary = await world.run(nineAmIst('2027-11-15'), { schedule: staleIndex });

    expect(summary).toMatchObject({ read: 1, sent: 0, failed: 0 });
    expect(world.mailer.sent).toEqual([]);
    // The extension pointed the index at the new date's first reminder.
    expect(world.services.items.get(`${BUYER.userId}#${serviceId}`)?.nextDueAt).toBe(
      dueAt('reminder_30d', new Date('2028-11-22T04:30:00.000Z')).toISOString(),
    );
  });

  it('a cancelled service is mailed nothing and leaves the index', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    const item = world.services.items.get(`${BUYER.userId}#${serviceId}`);
    if (item) item.cancelledAt = '2026-12-01T05:00:00.000Z';

    const summary = await world.run(nineAmIst('2027-11-15'));

    expect(summary).toMatchObject({ read: 1, sent: 0 });
    expect(world.mailer.sent).toEqual([]);
    expect(world.services.items.get(`${BUYER.userId}#${serviceId}`)?.nextDueAt).toBeUndefined();
  });

  it('renewed while the account was being suspended: the suspension is lifted and no mail goes', async () => {
    const world = renewalWorld();
    const { serviceId, username } = await boughtHosting(world);
    await runDaily(world, '2027-11-23', '2027-11-23'); // expired notice
    // The buyer pays just as the panel suspends the account.
    const realSuspend = world.panel.suspend.bind(world.panel);
    world.panel.suspend = async (name: string, reason: string) => {
      await realSuspend(name, reason);
      await world.pay('basichosting', new Date('2027-11-30T03:30:00.000Z'));
    };

    const summary = await world.run(nineAmIst('2027-11-30'));

    expect(summary).toMatchObject({ suspended: 0, failed: 0 });
    expect(world.panel.suspended.get(username)).toBe(false);
    expect(world.provisioning.stored(BUYER.userId, serviceId)?.state).toBe('ready');
    expect(world.subjects()).toEqual(['Your Basic Hosting has expired']);
  });

  it('cancelled while the account was being suspended: it stays suspended and no mail goes', async () => {
    const world = renewalWorld();
    const { serviceId, username } = await boughtHosting(world);
    await runDaily(world, '2027-11-23', '2027-11-23'); // expired notice
    // The buyer cancels just as the panel suspends the account.
    const realSuspend = world.panel.suspend.bind(world.panel);
    world.panel.suspend = async (name: string, reason: string) => {
      await realSuspend(name, reason);
      const item = world.services.items.get(`${BUYER.userId}#${serviceId}`);
      if (item) item.cancelledAt = '2027-11-30T03:30:00.000Z';
    };

    const summary = await world.run(nineAmIst('2027-11-30'));

    expect(summary).toMatchObject({ suspended: 0, failed: 0 });
    expect(world.panel.suspended.get(username)).toBe(true);
    expect(world.provisioning.stored(BUYER.userId, serviceId)?.state).toBe('suspended');
    expect(world.subjects()).toEqual(['Your Basic Hosting has expired']);
  });
});

describe('suspension', () => {
  it('waits for a run when the panel is down, and never mails before it is done', async () => {
    const world = renewalWorld();
    const { username } = await boughtHosting(world);
    await runDaily(world, '2027-11-23', '2027-11-29');
    world.panel.down = true;

    const down = await world.run(nineAmIst('2027-11-30'));
    world.panel.down = false;
    const up = await world.run(nineAmIst('2027-12-01'));

    expect(down).toMatchObject({ failed: 1, suspended: 0, sent: 0 });
    expect(up).toMatchObject({ suspended: 1, sent: 1 });
    expect(world.panel.suspended.get(username)).toBe(true);
    expect(world.subjects().at(-1)).toBe('Your Basic Hosting is suspended');
  });

  it('suspends with no read of the service beyond the index: its writes carry the checks', async () => {
    const world = renewalWorld();
    const { serviceId, username } = await boughtHosting(world);
    await runDaily(world, '2027-11-23', '2027-11-29');
    const reads: string[] = [];
    const scheduleGet = world.schedule.get.bind(world.schedule);
    world.schedule.get = async (ref) => {
      reads.push(`service ${ref.serviceId}`);
      return scheduleGet(ref);
    };
    const provisioningGet = world.provisioning.get.bind(world.provisioning);
    world.provisioning.get = async (userId, id) => {
      reads.push(`provisioning ${id}`);
      return provisioningGet(userId, id);
    };
    // Converge too (issue #30): it starts from the item the step's claim answered, checks its step
    // on the item its own claim answered, and looks again at the item its settle answered.
    const getService = world.services.getService.bind(world.services);
    world.services.getService = async (userId, id) => {
      reads.push(`converge ${id}`);
      return getService(userId, id);
    };

    const summary = await world.run(nineAmIst('2027-11-30'));

    expect(summary).toMatchObject({ suspended: 1, sent: 1, failed: 0 });
    expect(reads).toEqual([]);
    expect(world.panel.suspended.get(username)).toBe(true);
    expect(world.provisioning.stored(BUYER.userId, serviceId)?.state).toBe('suspended');
  });

  it('renewed just before the account is claimed: the panel is not called and no mail goes', async () => {
    const world = renewalWorld();
    const { serviceId, username } = await boughtHosting(world);
    await runDaily(world, '2027-11-23', '2027-11-29');
    const panelCalls = world.panel.calls.length;
    // The buyer pays between the run reading the index and claiming the account.
    const realClaim = world.provisioning.claim.bind(world.provisioning);
    world.provisioning.claim = async (...args: Parameters<typeof realClaim>) => {
      world.provisioning.claim = realClaim;
      await world.pay('basichosting', new Date('2027-11-30T03:30:00.000Z'));
      return realClaim(...args);
    };

    const summary = await world.run(nineAmIst('2027-11-30'));

    // A step with nothing left to do is skipped, not acted on: the run's summary says so.
    expect(summary).toMatchObject({ acted: 0, skipped: 1, suspended: 0, sent: 0, failed: 0 });
    expect(world.panel.calls.slice(panelCalls)).toEqual([]);
    expect(world.panel.suspended.get(username)).toBe(false);
    expect(world.provisioning.stored(BUYER.userId, serviceId)).toMatchObject({ state: 'ready' });
    expect(world.provisioning.stored(BUYER.userId, serviceId)?.claim).toBeUndefined();
  });

  it('suspended by a run that stopped before its mail, the index not caught up: only the mail goes', async () => {
    const world = renewalWorld();
    const { serviceId, username } = await boughtHosting(world);
    await runDaily(world, '2027-11-23', '2027-11-29');
    await world.panel.suspend(username, 'Expired on 22 Nov 2027 and not renewed');
    const stored = world.provisioning.stored(BUYER.userId, serviceId);
    if (stored) stored.state = 'suspended';
    const panelCalls = world.panel.calls.length;
    // The index still has the copy from before the suspension.
    const listDue = world.schedule.listDue.bind(world.schedule);
    world.schedule.listDue = async function* (now: Date) {
      for await (const item of listDue(now)) {
        yield item.provisioning
          ? { ...item, provisioning: { ...item.provisioning, state: 'ready' as const } }
          : item;
      }
    };
    // Converge starts from the item the step's claim answered, not the index's copy (issue #30):
    // it finds the account suspended at once, so it neither claims it nor reads the service.
    const converged: string[] = [];
    const claimAccount = world.provisioning.claim.bind(world.provisioning);
    world.provisioning.claim = async (...args: Parameters<typeof claimAccount>) => {
      converged.push('claim');
      return claimAccount(...args);
    };
    const getService = world.services.getService.bind(world.services);
    world.services.getService = async (userId, id) => {
      converged.push('read');
      return getService(userId, id);
    };

    const summary = await world.run(nineAmIst('2027-11-30'));

    expect(summary).toMatchObject({ suspended: 1, sent: 1, failed: 0 });
    expect(world.panel.calls.slice(panelCalls)).toEqual([]);
    expect(converged).toEqual([]);
    expect(world.subjects().at(-1)).toBe('Your Basic Hosting is suspended');
    expect(world.provisioning.stored(BUYER.userId, serviceId)?.claim).toBeUndefined();
  });

  it('while it suspends the account, its claim on it names the run that holds it', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    await runDaily(world, '2027-11-23', '2027-11-29');
    const holders: (string | undefined)[] = [];
    const realSuspend = world.panel.suspend.bind(world.panel);
    world.panel.suspend = async (name: string, reason: string) => {
      holders.push(world.provisioning.stored(BUYER.userId, serviceId)?.claim?.by);
      await realSuspend(name, reason);
    };
    const day = nineAmIst('2027-11-30');

    await world.run(day);

    expect(holders).toEqual([`renewal-reminders:run-${day.toISOString()}`]);
  });

  it('a hosting service whose account was never made is not suspended, and nothing is mailed for it', async () => {
    const world = renewalWorld();
    await world.pay('basichosting', BOUGHT); // provisioning never finished

    const summary = await world.run(nineAmIst('2027-11-30'));

    // The run reaches it late: the expiry notice, then the suspension step with nothing to do.
    expect(summary).toMatchObject({ expired: 1, suspended: 0, sent: 1 });
    // Acted on: the expiry only; skipped: the three reminders it overtook and the suspension.
    expect(summary).toMatchObject({ acted: 1, skipped: 4 });
    expect(world.panel.calls).toEqual([]);
    // The operator is told which service had no account to suspend, and where it stands.
    expect(world.log.lines.filter((line) => line.level === 'warn')).toContainEqual(
      expect.objectContaining({
        extra: [{ serviceId: world.services.all()[0]!.serviceId, state: 'absent' }],
      }),
    );
  });
});

describe('cost follows the services due', () => {
  it('a run reads the services due and no others', async () => {
    const world = renewalWorld();
    // 200 services bought over 200 days: on any one day only a few are due.
    for (let i = 0; i < 200; i += 1) {
      await world.pay('basicdomain', new Date(BOUGHT.getTime() + i * DAY_MS), 12, `site${i}.com`);
    }
    const day = nineAmIst('2027-12-20');
    await world.run(new Date(day.getTime() - DAY_MS)); // the runs before caught up
    world.schedule.itemsListed = 0;

    const summary = await world.run(day);

    expect(summary.read).toBe(world.schedule.itemsListed);
    // That day: the 30-day reminder of the one renewing on 19 Jan, the 7-day of 27 Dec, the
    // 1-day of 21 Dec, and the expiry of the one that renewed at 10:00 IST the day before.
    expect(summary).toMatchObject({ read: 4, sent: 4 });
  });

  it("reads the due services' buyers together, each once, none one by one", async () => {
    const world = renewalWorld();
    for (let i = 0; i < 4; i += 1) {
      await world.pay('basicdomain', new Date(BOUGHT.getTime() + i * 3600_000), 12, `site${i}.com`);
    }
    const singles: string[] = [];
    const users = {
      getUser: (userId: string) => {
        singles.push(userId);
        return world.users.getUser(userId);
      },
      getUsers: (userIds: readonly string[]) => world.users.getUsers(userIds),
    };

    // 30 days before the four renew (within hours of each other): four reminders to one buyer.
    const summary = await world.run(nineAmIst('2027-10-23'), { users });

    expect(summary).toMatchObject({ read: 4, sent: 4, failed: 0 });
    expect(world.users.batches).toEqual([[BUYER.userId]]);
    expect(singles).toEqual([]);
  });

  it("reads buyers in batches of at most 100 (BatchGetItem's limit), a buyer once a run", async () => {
    const world = renewalWorld();
    const { serviceId } = await world.pay('basicdomain', BOUGHT, 12, 'site.com');
    const bought = itemOf(world, serviceId);
    // 101 buyers, and then the first buyer's second service, all due the same day.
    const buyers = Array.from({ length: 101 }, (_, i) => `buyer-${String(i).padStart(3, '0')}`);
    world.services.items.clear();
    for (const [i, userId] of [...buyers, buyers[0]!].entries()) {
      await world.users.createUserIfMissing({
        ...BUYER,
        userId,
        email: `${userId}@example.in`,
        createdAt: BOUGHT.toISOString(),
      });
      world.services.items.set(`${userId}#svc_${i}`, {
        ...structuredClone(bought),
        userId,
        serviceId: `svc_${i}`,
      });
    }

    const summary = await world.run(nineAmIst('2027-10-23'));

    expect(summary).toMatchObject({ read: 102, sent: 102, failed: 0 });
    expect(world.users.batches).toEqual([buyers.slice(0, 100), [buyers[100]]]);
  });

  it('reads the catalog once a run, however many services it prices', async () => {
    const world = renewalWorld();
    for (let i = 0; i < 3; i += 1) {
      await world.pay('basicdomain', new Date(BOUGHT.getTime() + i * 3600_000), 12, `site${i}.com`);
    }
    // Auto-renew on: its debit is priced from the catalog too.
    await world.pay('basichosting', BOUGHT, 12, 'asha-travels.in');
    const item = world.services.all().find((service) => service.planId === 'basichosting')!;
    world.services.items.get(`${item.userId}#${item.serviceId}`)!.autoRenew = {
      enabled: true,
      mandate: {
        tokenId: 'token_Reminder000001',
        customerId: 'cust_Reminder000001',
        method: 'card',
        label: 'Visa •••• 4242',
        maxAmountPaise: 15_000_00,
        status: 'confirmed',
        since: BOUGHT.toISOString(),
      },
      changedAt: BOUGHT.toISOString(),
    };
    let reads = 0;
    const plans = async () => {
      reads += 1;
      return CATALOG;
    };

    const summary = await world.run(nineAmIst('2027-10-23'), { plans });

    expect(summary).toMatchObject({ read: 4, sent: 4 });
    expect(reads).toBe(1);
  });

  it('a batch read of buyers that fails sends nothing; the next run sends each mail once', async () => {
    const world = renewalWorld();
    await world.pay('basicdomain', BOUGHT, 12, 'site0.com');
    await world.pay('basicdomain', new Date(BOUGHT.getTime() + 3600_000), 12, 'site1.com');
    const day = nineAmIst('2027-10-23');
    const down = {
      getUser: (userId: string) => world.users.getUser(userId),
      getUsers: () => Promise.reject(new Error('ProvisionedThroughputExceededException')),
    };

    const failed = await world.run(day, { users: down });
    const retried = await world.run(new Date(day.getTime() + LEASE_MS + 60_000));

    expect(failed).toMatchObject({ read: 2, sent: 0, failed: 2 });
    expect(retried).toMatchObject({ read: 2, sent: 2, failed: 0 });
    expect(world.subjects()).toHaveLength(2);
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Every call the run makes to the schedule but `listDue`, in order. */
function scheduleCalls(world: RenewalWorld): string[] {
  const calls: string[] = [];
  const schedule = world.schedule;
  for (const name of ['get', 'claim', 'complete', 'release', 'record', 'unschedule'] as const) {
    const real = (schedule[name] as (...args: unknown[]) => Promise<unknown>).bind(schedule);
    (schedule as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      calls.push(name);
      return real(...args);
    };
  }
  return calls;
}

/** The service's stored item. */
function itemOf(world: RenewalWorld, serviceId: string) {
  const item = world.services.items.get(`${BUYER.userId}#${serviceId}`);
  if (!item) throw new Error(`no service ${serviceId}`);
  return item;
}

/** From now on the index hands out `copies`, as an eventually consistent index may. */
function indexGives(world: RenewalWorld, copies: readonly ServiceRecord[]): void {
  world.schedule.listDue = async function* () {
    for (const copy of copies) yield structuredClone(copy);
  };
}

describe('the edges of the renewal job', () => {
  it('acts on each step due with one claim and one completion: no other read or write', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    const { serviceId: domainId } = await world.pay('basicdomain', BOUGHT, 12, 'asha-travels.com');
    const calls = scheduleCalls(world);

    // Two reminders, a later step still to come (the two services are handled side by side).
    await world.run(nineAmIst('2027-11-15'));
    expect(calls.splice(0).sort()).toEqual(['claim', 'claim', 'complete', 'complete']);
    // Reached late: the hosting's expiry notice and its suspension, the domain's expiry, its last step.
    await world.run(nineAmIst('2027-11-30'));
    expect(calls.splice(0).sort()).toEqual([
      'claim',
      'claim',
      'claim',
      'complete',
      'complete',
      'complete',
    ]);
    expect(itemOf(world, serviceId).nextDueAt).toBeUndefined();
    expect(itemOf(world, domainId).nextDueAt).toBeUndefined();
    expect(world.subjects().slice(2).sort()).toEqual([
      'Your Basic Domain has expired',
      'Your Basic Hosting has expired',
      'Your Basic Hosting is suspended',
    ]);
  });

  it('an index behind its service (nothing due on it yet) is pointed at the next step, with no buyer read', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    itemOf(world, serviceId).nextDueAt = '2027-01-01T00:00:00.000Z';
    const calls = scheduleCalls(world);

    const summary = await world.run(nineAmIst('2027-06-01'));

    expect(summary).toEqual({
      read: 1,
      acted: 0,
      sent: 0,
      expired: 0,
      suspended: 0,
      skipped: 0,
      failed: 0,
    });
    expect(calls).toEqual(['record']);
    expect(itemOf(world, serviceId).nextDueAt).toBe(
      dueAt('reminder_30d', new Date(RENEWS)).toISOString(),
    );
    expect(world.users.batches).toEqual([]);
    expect(world.mailer.sent).toEqual([]);
  });

  it('an index copy with nothing due, of a service cancelled since: it leaves the index', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    itemOf(world, serviceId).nextDueAt = '2027-01-01T00:00:00.000Z';
    indexGives(world, [structuredClone(itemOf(world, serviceId))]);
    itemOf(world, serviceId).cancelledAt = '2027-05-01T05:00:00.000Z';

    const summary = await world.run(nineAmIst('2027-06-01'));

    expect(summary).toMatchObject({ read: 1, failed: 0, sent: 0 });
    expect(itemOf(world, serviceId).nextDueAt).toBeUndefined();
  });

  it("a cancelled service's buyer is not read", async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    itemOf(world, serviceId).cancelledAt = '2027-05-01T05:00:00.000Z';

    await world.run(nineAmIst('2027-11-15'));

    expect(world.users.batches).toEqual([]);
    expect(itemOf(world, serviceId).nextDueAt).toBeUndefined();
  });

  it('a service gone between the index and its claim: nothing sent, nothing failed', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    indexGives(world, [structuredClone(itemOf(world, serviceId))]);
    world.services.items.delete(`${BUYER.userId}#${serviceId}`);

    const summary = await world.run(nineAmIst('2027-11-15'));

    expect(summary).toMatchObject({ read: 1, acted: 0, sent: 0, failed: 0 });
    expect(world.mailer.sent).toEqual([]);
  });

  it('acts on every step due in one run even when its claims meet two changes first', async () => {
    const world = renewalWorld();
    const { username } = await boughtHosting(world);
    const claim = world.schedule.claim.bind(world.schedule);
    let changes = 2;
    world.schedule.claim = async (...args) => {
      if (changes > 0) {
        changes -= 1;
        return { state: 'stale' };
      }
      return claim(...args);
    };

    const summary = await world.run(nineAmIst('2027-11-30'));

    expect(summary).toMatchObject({ expired: 1, suspended: 1, sent: 2, failed: 0 });
    expect(world.panel.suspended.get(username)).toBe(true);
  });

  it('a service whose item never settles does not hold the run: read twice per step at most, then left to the next run', async () => {
    const world = renewalWorld();
    await boughtHosting(world);
    world.schedule.claim = async () => ({ state: 'stale' });
    const calls = scheduleCalls(world);

    const summary = await world.run(nineAmIst('2027-11-15'));

    expect(calls.filter((call) => call === 'get')).toHaveLength(RENEWAL_STEPS.length * 2);
    expect(summary).toMatchObject({ read: 1, acted: 0, sent: 0, failed: 0 });
    expect(world.mailer.sent).toEqual([]);
  });
});

describe('the renewal job: what each mail says and where it is logged', () => {
  it("a hosting service's mails name its domain, when it would be suspended, and go in the buyer's mail log", async () => {
    const world = renewalWorld();
    const { serviceId } = await world.pay('basichosting', BOUGHT, 12, 'asha-travels.in');
    await world.provisioned(serviceId, BOUGHT);

    await runDaily(world, '2027-11-21', '2027-11-30');

    const [reminder, expired, suspended] = world.mailer.sent;
    expect(world.subjects()).toEqual([
      'Your Basic Hosting expires tomorrow',
      'Your Basic Hosting has expired',
      'Your Basic Hosting is suspended',
    ]);
    // Suspended 7 days after it expired on 22 Nov 2027, if not renewed.
    expect(reminder?.text).toContain('stays online until 29 November 2027');
    expect(expired?.text).toContain('keeps running until 29 November 2027');
    expect(expired?.text).toContain('22 November 2027');
    for (const mail of [reminder, expired, suspended]) {
      expect(mail?.text).toContain('Basic Hosting (asha-travels.in)');
      expect(mail?.text).toContain('₹42,465.84 for 12 months, GST included');
      expect(mail?.html).toContain(
        `${SITE_URL}/checkout?plan=basichosting&amp;renew=1&amp;domain=asha-travels.in`,
      );
    }
    // The suspension's mail: when it expired, and the day of the run that suspended it.
    expect(suspended?.text).toContain(
      'expired on 22 November 2027 and was not renewed, so we suspended it on 30 November 2027',
    );
    expect(world.mailer.sent.map((mail) => mail.about)).toEqual([
      { userId: BUYER.userId, kind: 'renewal-reminder', ref: serviceId },
      { userId: BUYER.userId, kind: 'service-expired', ref: serviceId },
      { userId: BUYER.userId, kind: 'service-suspended', ref: serviceId },
    ]);
  });

  it('a domain is never told it will be suspended', async () => {
    const world = renewalWorld();
    await world.pay('basicdomain', BOUGHT, 12, 'asha-travels.com');

    await runDaily(world, '2027-11-21', '2027-11-23');

    expect(world.subjects()).toEqual([
      'Your Basic Domain expires tomorrow',
      'Your Basic Domain has expired',
    ]);
    for (const mail of world.mailer.sent) expect(mail.text).not.toMatch(/suspend/i);
  });

  it("a domain whose name checkout no longer sells is reminded at its plan's catalog renewal price", async () => {
    const world = renewalWorld();
    await world.pay('premiumdomain', BOUGHT, 12, 'asha-travels.invalid');
    const plan = CATALOG.find((p) => p.id === 'premiumdomain')!;

    await world.run(nineAmIst('2027-11-15'));

    expect(world.subjects()).toEqual(['Your Premium Domain expires in 7 days']);
    expect(world.mailer.sent[0]?.text).toContain(
      `${formatInr(quote(plan, 12, null, { renewal: true }).totalPaise)} for 12 months, GST included`,
    );
  });

  it('a plan that left the catalog: no mail with no price to renew at, but the account is still suspended', async () => {
    const world = renewalWorld();
    const { serviceId, username } = await boughtHosting(world);
    const plans = async () => CATALOG.filter((p) => p.id !== 'basichosting');
    const runs = [];

    for (const day of ['2027-11-15', '2027-11-23', '2027-11-30'])
      runs.push(await world.run(nineAmIst(day), { plans }));

    expect(world.mailer.sent).toEqual([]);
    const none = { read: 1, acted: 0, sent: 0, expired: 0, suspended: 0, failed: 0 };
    // The 7-day reminder (the 30-day one overtaken), then the expiry notice: done, nothing sent.
    expect(runs[0]).toEqual({ ...none, skipped: 2 });
    expect(runs[1]).toEqual({ ...none, skipped: 2 });
    expect(runs[2]).toMatchObject({ acted: 1, suspended: 1, sent: 0, failed: 0 });
    expect(world.panel.suspended.get(username)).toBe(true);
    expect(itemOf(world, serviceId).nextDueAt).toBeUndefined(); // The operator is told why no mail went, once a step.
    expect(world.log.lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({ extra: [{ serviceId, planId: 'basichosting' }] }),
      expect.objectContaining({ extra: [{ serviceId, planId: 'basichosting' }] }),
    ]);
  });

  it('a service whose renewal date moved earlier since the index was read is reminded, its buyer read on its own', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    // The index's copy from before a refund took a year off it: nothing due for 2028 yet.
    indexGives(world, [
      {
        ...structuredClone(itemOf(world, serviceId)),
        renewalDate: '2028-11-22T04:30:00.000Z',
        nextDueAt: '2027-11-14T18:30:00.000Z',
      },
    ]);

    const summary = await world.run(nineAmIst('2027-11-15'));

    expect(summary).toMatchObject({ read: 1, sent: 1, failed: 0 });
    expect(world.subjects()).toEqual(['Your Basic Hosting expires in 7 days']);
    expect(world.users.batches).toEqual([]);
  });

  it('a buyer with no email on record is sent nothing; the step fails and is tried again', async () => {
    const world = renewalWorld();
    await boughtHosting(world);
    const buyer = world.users.items.get(BUYER.userId)!;
    buyer.email = '';
    const day = nineAmIst('2027-11-15');

    const failed = await world.run(day);
    buyer.email = BUYER.email;
    const next = await world.run(new Date(day.getTime() + LEASE_MS + 60_000));

    expect(failed).toMatchObject({ failed: 1, sent: 0 });
    expect(next).toMatchObject({ failed: 0, sent: 1 });
    expect(world.mailer.sent.map((mail) => mail.to)).toEqual([BUYER.email]);
  });

  it('a step that fails is logged for the operator with its service and cause', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    world.mailer.failuresLeft = 1;

    await world.run(nineAmIst('2027-11-15'));

    expect(world.log.lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({
        extra: [{ serviceId, error: 'Error: SES is unavailable (simulated)' }],
      }),
    ]);
  });

  it('a claim that cannot be given back lapses on its own: logged, and the mail goes after its lease', async () => {
    const world = renewalWorld();
    const { serviceId } = await boughtHosting(world);
    world.mailer.failuresLeft = 1;
    const release = world.schedule.release.bind(world.schedule);
    world.schedule.release = async () => {
      throw new Error('DynamoDB is unavailable (simulated)');
    };
    const day = nineAmIst('2027-11-15');

    const failed = await world.run(day);
    world.schedule.release = release;
    const sameDay = await world.run(new Date(day.getTime() + 60_000));
    const afterLease = await world.run(new Date(day.getTime() + LEASE_MS + 60_000));

    expect(failed).toMatchObject({ failed: 1, sent: 0 });
    expect(sameDay).toMatchObject({ skipped: 1, sent: 0 });
    expect(afterLease).toMatchObject({ sent: 1 });
    expect(world.log.lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({
        extra: [{ serviceId, error: 'Error: DynamoDB is unavailable (simulated)' }],
      }),
      expect.objectContaining({
        extra: [{ serviceId, error: 'Error: SES is unavailable (simulated)' }],
      }),
    ]);
  });

  it("logs the run's summary with its time and id when it ends", async () => {
    const world = renewalWorld();
    await boughtHosting(world);
    const now = nineAmIst('2027-11-15');

    const summary = await world.run(now);

    const runId = `run-${now.toISOString()}`;
    expect(world.log.lines.find((line) => line.extra[0]?.['runId'] === runId)?.extra).toEqual([
      { now: now.toISOString(), runId, ...summary },
    ]);
  });
});
