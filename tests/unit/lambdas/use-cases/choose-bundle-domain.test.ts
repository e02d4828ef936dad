/**
 * "Choose your domain" on a bundle's card (D24): a Standard Bundle bought with its domain left
 * empty waits with no name; the buyer's name is checked (form, extension, free at the registrar),
 * recorded once, and converge registers it through the same registrar step as any domain. Taken,
 * invalid, unsold, already chosen, another buyer's, an ended bundle, a profile without the
 * registrant's details: each refused with its sentence, nothing recorded and nothing published.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { partServiceIdOf } from '../../../../lambdas/domain/bundle-parts';
import type { Months } from '../../../../lambdas/domain/pricing';
import { getMyService } from '../../../../lambdas/use-cases/bundle-parts-view';
import { freeDomainPurchaseIdFor } from '../../../../lambdas/domain/register-domain';
import {
  BUNDLE_NAME_TAKEN_REASON,
  FREE_NAME_TAKEN_REASON,
  NAME_TAKEN_REASON,
} from '../../../../lambdas/domain/registrant';
import { serviceOfRecord } from '../../../../lambdas/use-cases/to-service';
import {
  chooseBundleDomain,
  type ChooseBundleDomainDeps,
} from '../../../../lambdas/use-cases/choose-bundle-domain';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { ensureBundleParts } from '../../../../lambdas/use-cases/converge-parts';
import {
  buyersRegistrar,
  CONVERGE_START as START,
  convergeWorld,
  DAY,
} from '../../../helpers/converge-world';
import { BUYER } from '../../../helpers/fakes/world';

const BUNDLE_ID = 'svc_standardbundle2';
const PART_ID = partServiceIdOf(BUNDLE_ID, 'domain');

function world() {
  const base = convergeWorld((world) => ({ registrar: buyersRegistrar(world) }), START);
  const { registrar, deps: converge } = base;
  registrar.take('ashataken.in');
  const deps: ChooseBundleDomainDeps = {
    services: base.services,
    registrar,
    users: base.users,
    events: base.events,
    now: base.now,
  };
  return Object.assign(base, { converge, deps });
}

let w: ReturnType<typeof world>;
const choose = (name: unknown, partId = PART_ID, userId = BUYER.userId) =>
  chooseBundleDomain(w.deps, userId, partId, { name });
const domainChosen = () =>
  w.events.events.filter(
    (e) =>
      e.detailType === 'ServiceChanged' && (e.detail as { fact: string }).fact === 'domain-chosen',
  );

beforeEach(async () => {
  w = world();
  // The buyer's mobile number and address are on the profile, as checkout saves them (D23).
  await w.givenRegistrant();
  const at = START.toISOString();
  const renewalDate = new Date(START.getTime() + 365 * DAY).toISOString();
  await w.services.extendService(
    {
      userId: BUYER.userId,
      serviceId: BUNDLE_ID,
      planId: 'standardbundle',
      planName: 'Standard Bundle',
      category: 'bundle',
    },
    {
      purchaseId: 'pur_pay_Bundle00002',
      paymentId: 'pay_Bundle00002',
      purchaseDate: at,
      startDate: at,
      renewalDate,
      months: 12 as Months,
      amountPaise: 8_494_584,
    },
    0,
    at,
  );
  // Bought with "Domain name to register" left empty.
  await ensureBundleParts(
    w.services,
    { userId: BUYER.userId, serviceId: BUNDLE_ID, planId: 'standardbundle', renewalDate },
    at,
    {},
  );
});

describe('Choose your domain on a bundle bought without one (D24)', () => {
  it('waits with no name; the chosen name is recorded once and converge registers it', async () => {
    await convergeService(
      w.converge,
      { userId: BUYER.userId, serviceId: BUNDLE_ID },
      {
        deliveryId: 'evt-0',
      },
    );
    const before = await getMyService(w, BUYER.userId, BUNDLE_ID);
    const waiting = before.parts?.find((p) => p.kind === 'domain');
    expect(waiting).toMatchObject({ id: PART_ID, state: 'setting_up' });
    expect(waiting).not.toHaveProperty('domain');
    expect(w.registrar.all()).toEqual([]);

    expect(await choose('  AshaVerma.IN ')).toEqual({ serviceId: PART_ID, domain: 'ashaverma.in' });
    expect(domainChosen()).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ userId: BUYER.userId, serviceId: BUNDLE_ID }),
      }),
    ]);

    // The bus hands ServiceChanged to converge: the same registrar step as any domain.
    await convergeService(
      w.converge,
      { userId: BUYER.userId, serviceId: BUNDLE_ID },
      {
        deliveryId: 'evt-1',
      },
    );
    expect(w.registrar.all().map((d) => d.name)).toEqual(['ashaverma.in']);
    const after = await getMyService(w, BUYER.userId, BUNDLE_ID);
    expect(after.parts?.find((p) => p.kind === 'domain')).toMatchObject({
      domain: 'ashaverma.in',
      state: 'ready',
    });

    // Chosen: the control is gone, and a second name is refused with its sentence.
    await expect(choose('ashaother.in')).rejects.toMatchObject({
      code: 'domain_already_chosen',
      message: "This bundle's domain is ashaverma.in already: it cannot be changed here.",
    });
    expect(domainChosen()).toHaveLength(1);
  });

  it('a name taken meanwhile: the part says to choose another (no refund promised), and the new one is registered', async () => {
    await choose('ashataken.in').catch(() => undefined); // refused: taken already
    // Chosen while free, then someone else took it before converge could register it.
    await w.services.chooseDomain({ userId: BUYER.userId, serviceId: PART_ID }, 'ashalate.in');
    w.registrar.take('ashalate.in');
    await convergeService(
      w.converge,
      { userId: BUYER.userId, serviceId: BUNDLE_ID },
      {
        deliveryId: 'evt-taken',
      },
    );
    const part = (await getMyService(w, BUYER.userId, BUNDLE_ID)).parts?.find(
      (p) => p.kind === 'domain',
    );
    expect(part).toMatchObject({
      domain: 'ashalate.in',
      state: 'failed',
      chooseDomain: true,
      provisioning: { reason: BUNDLE_NAME_TAKEN_REASON('ashalate.in') },
    });
    expect(BUNDLE_NAME_TAKEN_REASON('ashalate.in')).not.toMatch(/refund/);

    expect(await choose('ashaverma.in')).toEqual({ serviceId: PART_ID, domain: 'ashaverma.in' });
    await convergeService(
      w.converge,
      { userId: BUYER.userId, serviceId: BUNDLE_ID },
      {
        deliveryId: 'evt-again',
      },
    );
    const after = (await getMyService(w, BUYER.userId, BUNDLE_ID)).parts?.find(
      (p) => p.kind === 'domain',
    );
    expect(after).toMatchObject({ domain: 'ashaverma.in', state: 'ready' });
    expect(after).not.toHaveProperty('chooseDomain');
    expect(w.registrar.all().map((d) => d.name)).toEqual(['ashaverma.in']);
  });

  it('two names at once: one is recorded, the other refused', async () => {
    const results = await Promise.allSettled([choose('ashaone.in'), choose('ashatwo.in')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'domain_already_chosen' },
    });
    expect(domainChosen()).toHaveLength(1);
  });

  it('refuses a taken, invalid or unsold name, with its sentence, recording nothing', async () => {
    await expect(choose('ashataken.in')).rejects.toMatchObject({
      code: 'domain_not_available',
      message: 'ashataken.in is already registered by someone else. Please choose another name.',
    });
    await expect(choose('asha verma.in')).rejects.toMatchObject({ code: 'invalid_domain' });
    await expect(choose('ashaverma.xyz')).rejects.toMatchObject({
      code: 'extension_not_available',
    });
    await expect(choose('')).rejects.toMatchObject({ code: 'domain_required' });
    expect((await w.services.getService(BUYER.userId, PART_ID))?.domain).toBeUndefined();
    expect(domainChosen()).toEqual([]);
  });

  it("is the bundle's domain part only, of the caller's own bundle, while the bundle is live", async () => {
    await expect(choose('ashaverma.in', BUNDLE_ID)).rejects.toMatchObject({
      code: 'service_not_found',
    });
    await expect(
      choose('ashaverma.in', partServiceIdOf(BUNDLE_ID, 'storage')),
    ).rejects.toMatchObject({ code: 'service_not_found' });
    await expect(choose('ashaverma.in', PART_ID, 'someone-else')).rejects.toMatchObject({
      code: 'service_not_found',
    });
    w.setNow(new Date(START.getTime() + 400 * DAY)); // long expired
    await expect(choose('ashaverma.in')).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'This service is no longer active, so its domain can no longer be chosen.',
    });
    expect(domainChosen()).toEqual([]);
  });
});

describe("the registrant's details (D23), checked as checkout checks them", () => {
  /** The names the registrar is asked about. */
  function countAvailability() {
    const spy = vi.spyOn(w.registrar, 'availability');
    return { calls: () => spy.mock.calls.map(([names]) => [...names]) };
  }

  it.each([
    {
      lacks: 'address',
      profile: { billing: null },
      message:
        "The domain registry needs the registrant's postal address (line 1, city, state and PIN code) before a name is registered in your name. Please add them to your billing details in Settings, then choose your domain again.",
    },
    {
      lacks: 'mobile number',
      profile: { phone: '' },
      message:
        "The domain registry needs the registrant's mobile number before a name is registered in your name. Please add them to your billing details in Settings, then choose your domain again.",
    },
  ])(
    'without the $lacks: refused with the sentence naming it, before the registrar is asked, nothing recorded or published',
    async ({ profile, message }) => {
      await w.users.updateProfile(BUYER.userId, profile, START.toISOString());
      const asked = countAvailability();

      await expect(choose('ashaverma.in')).rejects.toMatchObject({
        code: 'registrant_details_required',
        message,
      });

      expect(asked.calls()).toEqual([]);
      expect((await w.services.getService(BUYER.userId, PART_ID))?.domain).toBeUndefined();
      expect(domainChosen()).toEqual([]);
    },
  );

  it('once the details are saved, the same name is accepted and recorded', async () => {
    await w.users.updateProfile(BUYER.userId, { billing: null }, START.toISOString());
    await expect(choose('ashaverma.in')).rejects.toMatchObject({
      code: 'registrant_details_required',
    });
    await w.givenRegistrant();
    const asked = countAvailability();

    expect(await choose('ashaverma.in')).toEqual({ serviceId: PART_ID, domain: 'ashaverma.in' });

    expect(asked.calls()).toEqual([['ashaverma.in']]);
    expect((await w.services.getService(BUYER.userId, PART_ID))?.domain).toBe('ashaverma.in');
    expect(domainChosen()).toHaveLength(1);
  });

  it('a buyer with no profile record at all is refused, naming both', async () => {
    vi.spyOn(w.users, 'getUser').mockResolvedValue(undefined);
    await expect(choose('ashaverma.in')).rejects.toMatchObject({
      code: 'registrant_details_required',
      gaps: ['address', 'phone'],
    });
    expect(domainChosen()).toEqual([]);
  });
});

describe("a hosting's free first-year domain taken before it was registered (D23)", () => {
  const FREE_ID = 'svc_freedomain1';
  const freeRef = { userId: BUYER.userId, serviceId: FREE_ID };

  async function domainService(serviceId: string, purchaseId: string, amountPaise: number) {
    const at = START.toISOString();
    await w.services.extendService(
      {
        userId: BUYER.userId,
        serviceId,
        planId: 'basicdomain',
        planName: 'Basic Domain',
        category: 'domain',
        domain: 'ashataken.in',
      },
      {
        purchaseId,
        paymentId: 'pay_Hosting00001',
        purchaseDate: at,
        startDate: at,
        renewalDate: new Date(START.getTime() + 365 * DAY).toISOString(),
        months: 12 as Months,
        amountPaise,
      },
      0,
      at,
    );
    await convergeService(w.converge, { userId: BUYER.userId, serviceId }, { deliveryId: 'e0' });
  }

  it('says on its card that nothing is refunded and lets the buyer choose another name, registered for the same free year', async () => {
    await domainService(FREE_ID, freeDomainPurchaseIdFor('pur_pay_Hosting00001'), 0);
    const failed = (await w.services.getService(BUYER.userId, FREE_ID))!;
    expect(failed.provisioning).toMatchObject({
      state: 'failed',
      failureReason: FREE_NAME_TAKEN_REASON('ashataken.in'),
    });
    expect(FREE_NAME_TAKEN_REASON('ashataken.in')).not.toMatch(/refunded/);
    const card = serviceOfRecord(failed, w.now());
    expect(card).toMatchObject({
      chooseDomain: true,
      provisioning: { state: 'failed', reason: FREE_NAME_TAKEN_REASON('ashataken.in') },
    });

    await expect(
      chooseBundleDomain(w.deps, BUYER.userId, FREE_ID, { name: 'ashataken.in' }),
    ).rejects.toMatchObject({
      code: 'domain_not_available',
    });
    expect(await chooseBundleDomain(w.deps, BUYER.userId, FREE_ID, { name: 'ashanew.in' })).toEqual(
      { serviceId: FREE_ID, domain: 'ashanew.in' },
    );
    expect(domainChosen()).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ serviceId: FREE_ID }) }),
    ]);
    await convergeService(w.converge, freeRef, { deliveryId: 'e1' });

    const ready = (await w.services.getService(BUYER.userId, FREE_ID))!;
    expect(ready).toMatchObject({ domain: 'ashanew.in', provisioning: { state: 'ready' } });
    expect(w.registrar.all().map((d) => d.name)).toEqual(['ashanew.in']);
    // The same free year: one ₹0 entry, its renewal date unchanged.
    expect(Object.values(ready.periods)).toEqual(Object.values(failed.periods));
    expect(serviceOfRecord(ready, w.now())).not.toHaveProperty('chooseDomain');
    // Once registered, no other name.
    await expect(
      chooseBundleDomain(w.deps, BUYER.userId, FREE_ID, { name: 'ashathird.in' }),
    ).rejects.toMatchObject({ code: 'service_not_found' });
  });

  it('a paid domain taken meanwhile is refunded, not renamed here', async () => {
    await domainService('svc_paiddomain1', 'pur_pay_Paid00001', 117_882);
    const failed = (await w.services.getService(BUYER.userId, 'svc_paiddomain1'))!;
    expect(failed.provisioning?.failureReason).toBe(NAME_TAKEN_REASON('ashataken.in'));
    expect(serviceOfRecord(failed, w.now())).not.toHaveProperty('chooseDomain');
    await expect(
      chooseBundleDomain(w.deps, BUYER.userId, 'svc_paiddomain1', { name: 'ashanew.in' }),
    ).rejects.toMatchObject({ code: 'service_not_found' });
  });
});
