/**
 * A domain's provider part is the registrar (D23), driven by converge (D22) on in-memory fakes:
 * registered once however many deliveries race, adopted (not registered again) after a crash
 * between registering and recording it, out of step while the registrar is down and repaired by
 * the next converge, and a name taken meanwhile fails the part with a sentence and asks for the
 * refund once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { RegistrantContact } from '../../../../lambdas/ports/registrar';
import type { ServiceRecord } from '../../../../lambdas/ports/services';
import { convergeService, NAME_TAKEN_REASON } from '../../../../lambdas/use-cases/converge-service';
import type { Months } from '../../../../lambdas/domain/pricing';
import {
  CONVERGE_START as START,
  convergeWorld,
  DAY,
  givenBuyer,
  givenPaidYear,
  MINUTE,
  NAMESERVERS as NS,
  REGISTRANT as CONTACT,
} from '../../../helpers/converge-world';
import { BUYER } from '../../../helpers/fakes/world';

const NAME = 'ashaverma.in';
const SERVICE_ID = 'svc_domain1';

function world() {
  const taken: ServiceRecord[] = [];
  let contact: RegistrantContact | undefined = CONTACT;
  const w = convergeWorld((base) => ({
    registrar: {
      registrar: base.registrar,
      contact: async () => contact,
      nameservers: async () => NS,
      taken: async (service) => {
        taken.push(service);
      },
    },
  }));
  return Object.assign(w, {
    taken,
    withoutContact() {
      contact = undefined;
    },
  });
}

let w: ReturnType<typeof world>;
beforeEach(async () => {
  w = world();
  await givenBuyer(w);
  await givenPaidYear(
    w,
    {
      serviceId: SERVICE_ID,
      planId: 'basicdomain',
      planName: 'Basic Domain',
      category: 'domain',
      domain: NAME,
    },
    { paymentId: 'pay_Domain00001', amountPaise: 117_882 },
  );
});

const ref = { userId: BUYER.userId, serviceId: SERVICE_ID };
const converge = (deliveryId = 'evt-1') => convergeService(w.deps, ref, { deliveryId });
const service = () => w.services.getService(BUYER.userId, SERVICE_ID);

describe('a domain registered through converge (D23)', () => {
  it('registers the paid name once, at our nameservers, and records it ready (announced once)', async () => {
    const result = await converge();
    expect(result).toMatchObject({ outcome: 'in_step', desired: 'active', actual: 'live' });
    expect(w.registrar.registrations).toBe(1);
    expect(w.registrar.all()).toEqual([
      expect.objectContaining({ name: NAME, nameservers: NS, locked: true, privacy: false }),
    ]);
    expect((await service())?.provisioning).toMatchObject({ state: 'ready', nameservers: NS });
    await converge('evt-again');
    expect(w.registrar.registrations).toBe(1);
  });

  it('10 concurrent deliveries register it once', async () => {
    await Promise.allSettled(Array.from({ length: 10 }, (_, i) => converge(`evt-${i}`)));
    await converge('evt-after');
    expect(w.registrar.registrations).toBe(1);
    expect((await service())?.provisioning?.state).toBe('ready');
  });

  it('a crash between registering and recording it: the next converge adopts the name, never registers it again', async () => {
    const settle = w.records.settle.bind(w.records);
    const release = w.records.release.bind(w.records);
    let crashing = true;
    w.records.settle = async (...args) => {
      if (crashing) throw new Error('process killed');
      return settle(...args);
    };
    w.records.release = async (...args) => {
      if (crashing) throw new Error('process killed');
      return release(...args);
    };
    await converge('evt-crashed');
    crashing = false;
    expect(w.registrar.registrations).toBe(1);
    expect((await service())?.provisioning?.state).toBe('pending');

    // Within the claim's lease another attempt waits; after it, it adopts.
    await converge('evt-retry-soon');
    expect(w.registrar.registrations).toBe(1);
    w.setNow(new Date(START.getTime() + 3 * MINUTE));
    const result = await converge('evt-retry');
    expect(result).toMatchObject({
      outcome: 'in_step',
      actions: ['adopt', 'deliver:already_provisioned'],
    });
    expect(w.registrar.registrations).toBe(1);
    expect((await service())?.provisioning?.state).toBe('ready');
  });

  it('the registrar down: out of step with its error, nothing registered; repaired by the next converge', async () => {
    w.registrar.down = true;
    const down = await converge('evt-down');
    expect(down).toMatchObject({
      outcome: 'out_of_step',
      desired: 'setting_up',
      actual: 'absent',
      error: expect.stringContaining('domain registry did not answer'),
    });
    expect((await service())?.life?.outOfStepSince).toBe(START.toISOString());
    w.registrar.down = false;
    w.setNow(new Date(START.getTime() + 15 * MINUTE));
    expect(await converge('evt-reconciler')).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect((await service())?.life?.outOfStepSince).toBeUndefined();
    expect(w.registrar.registrations).toBe(1);
  });

  it('a name someone else took before it could be registered: the part fails with why, the refund is asked for once', async () => {
    w.registrar.take(NAME);
    const result = await converge('evt-taken');
    expect(result).toMatchObject({ outcome: 'out_of_step', actual: 'failed' });
    expect((await service())?.provisioning).toMatchObject({
      state: 'failed',
      failureReason: NAME_TAKEN_REASON(NAME),
    });
    await converge('evt-taken-again');
    expect(w.taken).toHaveLength(1);
    expect(w.registrar.registrations).toBe(0);
  });

  it('a name in our account held by another buyer is not adopted: taken', async () => {
    const other = await w.registrar.ensureCustomer({ ...CONTACT, email: 'ravi@example.in' });
    await w.registrar.register({ name: NAME, years: 1, ...other, nameservers: NS, privacy: false });
    await converge('evt-other');
    expect((await service())?.provisioning?.state).toBe('failed');
    expect(w.taken).toHaveLength(1);
  });

  it('without the billing address a registry needs, it waits out of step and says why', async () => {
    w.withoutContact();
    const result = await converge('evt-no-address');
    expect(result).toMatchObject({
      outcome: 'out_of_step',
      error: expect.stringContaining('billing address is missing'),
    });
    expect(w.registrar.registrations).toBe(0);
  });
});

describe('renewal at the registry (D14, D23)', () => {
  async function renewed(n: number) {
    const current = await service();
    const at = w.now().toISOString();
    await w.services.extendService(
      {
        userId: BUYER.userId,
        serviceId: SERVICE_ID,
        planId: 'basicdomain',
        planName: 'Basic Domain',
        category: 'domain',
        domain: NAME,
      },
      {
        purchaseId: `pur_pay_Renewal0000${n}`,
        paymentId: `pay_Renewal0000${n}`,
        purchaseDate: at,
        startDate: current!.renewalDate,
        renewalDate: new Date(Date.parse(current!.renewalDate) + 365 * DAY).toISOString(),
        months: 12 as Months,
        amountPaise: 94_282,
      },
      current!.version,
      at,
    );
  }

  it('a renewal the buyer paid moves the registry expiry one year, once however often converge runs', async () => {
    await converge('evt-bought');
    const before = w.registrar.all()[0]!.expiresAt;
    w.setNow(new Date(START.getTime() + 300 * DAY));
    await renewed(1);
    const results = await Promise.allSettled([converge('evt-r1'), converge('evt-r2')]);
    expect(results.some((r) => r.status === 'fulfilled' && r.value.outcome !== 'not_found')).toBe(
      true,
    );
    await converge('evt-r3');
    const after = w.registrar.all()[0]!.expiresAt;
    expect(Date.parse(after) - Date.parse(before)).toBe(365 * DAY);
    await converge('evt-r4');
    expect(w.registrar.all()[0]!.expiresAt).toBe(after);
  });

  it('nothing is renewed at the registry while nothing more was paid', async () => {
    await converge('evt-bought');
    const before = w.registrar.all()[0]!.expiresAt;
    w.setNow(new Date(START.getTime() + 100 * DAY));
    await converge('evt-later');
    expect(w.registrar.all()[0]!.expiresAt).toBe(before);
  });
});
