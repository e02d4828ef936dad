/**
 * Converge asks for its own next pass (E31) where it used to throw for the bus to retry: a clone
 * or a reinstall still running on the provider, a transfer in that has just begun. The pass ends
 * as recorded (out of step with its sentence, as the card and the console show it), nothing is
 * thrown, and the follow-up, when it comes, converges the service on; a follow-up asked for again
 * in the same slot is one; one that cannot be asked for falls back on the bus's retries; one that
 * is lost is caught by the reconciler 15 minutes on.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Months } from '../../../../lambdas/domain/pricing';
import { partServiceIdOf } from '../../../../lambdas/domain/bundle-parts';
import { parseIpv4Ranges } from '../../../../lambdas/domain/ipv4-pool';
import {
  ComputeTaskRunningError,
  TASK_FOLLOW_UP_MS,
} from '../../../../lambdas/use-cases/converge-compute';
import { ensureBundleParts } from '../../../../lambdas/use-cases/converge-parts';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { TransferPendingError } from '../../../../lambdas/use-cases/converge-transfer';
import { reconcilePayments } from '../../../../lambdas/use-cases/reconcile-payments';
import { TRANSFER_FOLLOW_UP_SECONDS } from '../../../../lambdas/system/facts';
import {
  CONVERGE_START as START,
  convergeWorld,
  DAY,
  givenPaidYear,
  MINUTE,
  NAMESERVERS,
  REGISTRANT,
} from '../../../helpers/converge-world';
import { InMemoryAddressPool } from '../../../helpers/fakes/address-pool';
import { InMemoryCompute } from '../../../helpers/fakes/compute';
import { InMemoryFollowUps } from '../../../helpers/fakes/follow-ups';
import { InMemoryObjectStorage, InMemoryStorageParts } from '../../../helpers/fakes/object-storage';
import { InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';

const VPS_ID = 'svc_followvps1';
const DOMAIN_ID = 'svc_followdomain1';
const NAME = 'ashasweets.com';
const CODE = 'Xy7-secret-code';

/** AWS's slot (a minute), unless a spec gives the local one. */
function world(slotMs = MINUTE) {
  const compute = new InMemoryCompute();
  const ranges = parseIpv4Ranges('203.0.113.10-203.0.113.12/24@203.0.113.1');
  const pool = new InMemoryAddressPool(() => ranges);
  const followUps = new InMemoryFollowUps(slotMs);
  const base = convergeWorld((w) => {
    w.registrar.take(NAME, CODE);
    return {
      compute: { compute, pool, services: w.services },
      storage: {
        storage: new InMemoryObjectStorage(),
        parts: new InMemoryStorageParts(w.services),
      },
      registrar: {
        registrar: w.registrar,
        transfers: w.services,
        contact: async () => REGISTRANT,
        nameservers: async () => NAMESERVERS,
        transferFollowUpMs: TRANSFER_FOLLOW_UP_SECONDS.aws * 1000,
      },
      followUps,
    };
  });
  return Object.assign(base, { compute, followUps });
}

let w: ReturnType<typeof world>;

const ref = (serviceId = VPS_ID) => ({ userId: BUYER.userId, serviceId });
/** A bus delivery of converge (it rethrows, as the provision-service handler's do). */
const deliver = (deliveryId: string, serviceId = VPS_ID) =>
  convergeService(w.deps, ref(serviceId), { deliveryId, rethrow: true, handOver: true });
const service = (serviceId = VPS_ID) => w.services.getService(BUYER.userId, serviceId);
const at = (ms: number) => w.setNow(new Date(START.getTime() + ms));
const readyMails = () => w.mailer.sent.filter((mail) => /is ready/.test(mail.subject));

/** The clock reaches `ms`: each follow-up that has come is delivered as the bus would. */
async function followUpsComeBy(ms: number) {
  at(ms);
  const results = [];
  for (const detail of w.followUps.due(w.now())) {
    results.push(await deliver(`follow-up-${detail.at}`, detail.serviceId));
  }
  return results;
}

async function buyVps() {
  const now = w.now().toISOString();
  await w.services.extendService(
    {
      userId: BUYER.userId,
      serviceId: VPS_ID,
      planId: 'basicvps',
      planName: 'Basic VPS',
      category: 'vps',
    },
    {
      purchaseId: `pur_pay_${VPS_ID}`,
      paymentId: `pay_${VPS_ID}`,
      purchaseDate: now,
      startDate: now,
      renewalDate: new Date(w.now().getTime() + 30 * DAY).toISOString(),
      months: 1 as Months,
      amountPaise: 70_682,
    },
    0,
    now,
  );
  await w.services.updateVps(ref(), {
    os: 'ubuntu-24.04',
    hostname: 'asha-vps',
    sshKeys: [sshPublicKey('ed25519')],
  });
}

async function paidTransfer() {
  const { at: paidAt } = await givenPaidYear(
    w,
    {
      serviceId: DOMAIN_ID,
      planId: 'basicdomain',
      planName: 'Basic Domain',
      category: 'domain',
      domain: NAME,
    },
    { paymentId: 'pay_Transfer0001', amountPaise: 117_882 },
  );
  await w.services.putTransfer(ref(DOMAIN_ID), {
    state: 'requested',
    authCode: CODE,
    at: paidAt,
  });
}

beforeEach(async () => {
  w = world();
  await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
});

describe('a clone longer than a pass asks for the next pass instead of throwing (E31)', () => {
  it('ends the pass as recorded, with one follow-up a little later; the follow-up makes the VM once the clone has ended', async () => {
    await buyVps();
    w.compute.holdTasks = true;

    const first = await deliver('evt-1');

    expect(first).toMatchObject({
      outcome: 'out_of_step',
      desired: 'setting_up',
      actual: 'absent',
    });
    expect(first.outcome !== 'not_found' && first.error).toMatch(/still being made/);
    expect((await service())?.life?.lastError).toMatch(/still being made/);
    // At the start of the minute after now + TASK_FOLLOW_UP_MS: 04:01:00.
    expect(w.followUps.waiting()).toEqual([{ ref: ref(), at: new Date(START.getTime() + MINUTE) }]);
    expect(TASK_FOLLOW_UP_MS).toBeLessThanOrEqual(MINUTE);

    // The clone is still running when the follow-up comes: another one, a minute on.
    const second = await followUpsComeBy(MINUTE);
    expect(second).toEqual([expect.objectContaining({ outcome: 'out_of_step' })]);
    expect(w.followUps.waiting()).toEqual([
      { ref: ref(), at: new Date(START.getTime() + 2 * MINUTE) },
    ]);
    expect(readyMails()).toHaveLength(0);

    w.compute.finishTasks();
    const done = await followUpsComeBy(2 * MINUTE);

    expect(done).toEqual([expect.objectContaining({ outcome: 'in_step', actual: 'live' })]);
    expect(w.compute.clones).toBe(1);
    expect(w.compute.all()).toEqual([expect.objectContaining({ power: 'running' })]);
    expect(readyMails()).toHaveLength(1);
    expect(w.followUps.waiting()).toEqual([]);
  });

  it('however many deliveries pass within a slot, one follow-up is asked for', async () => {
    await buyVps();
    w.compute.holdTasks = true;

    for (const ms of [0, 1_000, 5_000, 20_000]) {
      at(ms);
      await expect(deliver(`evt-${ms}`)).resolves.toMatchObject({ outcome: 'out_of_step' });
    }

    expect(w.followUps.asked).toHaveLength(1);
    expect(w.compute.clones).toBe(1);
  });

  it('a reinstall whose clone is still running asks for its follow-up too, and ends with the new system', async () => {
    await buyVps();
    await deliver('evt-made');
    const made = w.compute.all()[0]!;
    expect(
      await w.services.requestReinstall(ref(), {
        os: 'rockylinux-9',
        requestedAt: START.toISOString(),
      }),
    ).toBe(true);
    w.compute.holdTasks = true;

    const pass = await deliver('evt-reinstall');

    expect(pass.outcome !== 'not_found' && pass.error).toMatch(/still being reinstalled/);
    expect(w.followUps.waiting()).toEqual([{ ref: ref(), at: new Date(START.getTime() + MINUTE) }]);
    w.compute.finishTasks();
    expect(await followUpsComeBy(MINUTE)).toEqual([
      expect.objectContaining({ outcome: 'in_step', actual: 'live' }),
    ]);
    expect(w.compute.all()).toEqual([
      expect.objectContaining({ vmid: made.vmid, ip: made.ip, os: 'rockylinux-9' }),
    ]);
    expect((await service())?.vps?.reinstall).toBeUndefined();
  });

  it('when the follow-up cannot be asked for, the delivery throws as before, so the bus retries it', async () => {
    await buyVps();
    w.compute.holdTasks = true;
    w.followUps.down = true;

    await expect(deliver('evt-1')).rejects.toBeInstanceOf(ComputeTaskRunningError);

    expect((await service())?.life?.lastError).toMatch(/still being made/);
    expect(w.log.lines).toContainEqual(
      expect.objectContaining({
        message: 'Converge could not ask for its next pass; the bus retries it',
      }),
    );
  });

  it('a follow-up that is lost: the reconciler converges the service 15 minutes on', async () => {
    await buyVps();
    w.compute.holdTasks = true;
    await deliver('evt-1');
    w.followUps.lose();
    w.compute.finishTasks();

    // The reconciler's run 15 minutes on finds it out of step and hands it to converge.
    at(15 * MINUTE);
    const summary = await reconcilePayments(
      { ...w, messages: new InMemoryMessagesStore() },
      w.now(),
    );
    expect(summary.servicesOutOfStep).toBe(1);
    const handed = w.events.events.filter((event) => event.detailType === 'ServiceChanged');
    expect(handed).toEqual([
      {
        detailType: 'ServiceChanged',
        detail: expect.objectContaining({ serviceId: VPS_ID, fact: 'reconcile' }),
      },
    ]);

    await expect(deliver('evt-reconcile')).resolves.toMatchObject({
      outcome: 'in_step',
      actual: 'live',
    });
    expect(w.compute.clones).toBe(1);
  });
});

describe('a young transfer in asks for the next pass instead of throwing (E31)', () => {
  it('follows the transfer with follow-ups when it is due to be asked about again, never throwing, until it completes', async () => {
    w = world(1_000); // the local slot: a second
    await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
    w.registrar.transferDelayMs = 3_000;
    await paidTransfer();

    const first = await deliver('evt-1', DOMAIN_ID);

    expect(first).toMatchObject({ outcome: 'out_of_step', desired: 'setting_up' });
    expect((await service(DOMAIN_ID))?.transfer?.state).toBe('pending');
    // Asked about again a second on (TRANSFER_FIRST_CHECK_MS).
    expect(w.followUps.waiting()).toEqual([
      { ref: ref(DOMAIN_ID), at: new Date(START.getTime() + 1_000) },
    ]);

    const passes = [];
    for (let ms = 1_000; ms <= 8_000 && w.followUps.waiting().length > 0; ms += 1_000) {
      passes.push(...(await followUpsComeBy(ms)));
    }

    expect(passes.at(-1)).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect((await service(DOMAIN_ID))?.transfer?.state).toBe('completed');
    expect(w.followUps.waiting()).toEqual([]);
    expect(w.registrar.transfers).toBe(1);
  });

  it('without follow-ups a young transfer still throws for the bus to deliver it again', async () => {
    const { followUps: _none, ...deps } = w.deps;
    await paidTransfer();

    await expect(
      convergeService(deps, ref(DOMAIN_ID), { deliveryId: 'evt-1', rethrow: true }),
    ).rejects.toBeInstanceOf(TransferPendingError);
  });
});

describe('a bundle whose VPS part is still being cloned (E31)', () => {
  const BUNDLE_ID = 'svc_standardbundle1';

  it('the bundle’s delivery does not throw; the follow-up names the part, and converging it finishes the bundle', async () => {
    const { at: paidAt, renewalDate } = await givenPaidYear(
      w,
      {
        serviceId: BUNDLE_ID,
        planId: 'standardbundle',
        planName: 'Standard Bundle',
        category: 'bundle',
        domain: 'ashaverma.in',
      },
      { paymentId: 'pay_Bundle00001', amountPaise: 8_494_584 },
    );
    await ensureBundleParts(
      w.services,
      { userId: BUYER.userId, serviceId: BUNDLE_ID, planId: 'standardbundle', renewalDate },
      paidAt,
      {
        registerDomain: 'ashaverma.in',
        vps: { os: 'debian-12', hostname: 'asha-vps', sshKeys: [sshPublicKey('ed25519')] },
      },
    );
    w.compute.holdTasks = true;
    const vpsPart = partServiceIdOf(BUNDLE_ID, 'vps');

    const first = await deliver('evt-1', BUNDLE_ID);

    expect(first).toMatchObject({ outcome: 'out_of_step' });
    expect(first.outcome !== 'not_found' && first.error).toMatch(/still being made/);
    expect(w.followUps.waiting()).toEqual([
      { ref: ref(vpsPart), at: new Date(START.getTime() + MINUTE) },
    ]);

    w.compute.finishTasks();
    const done = await followUpsComeBy(MINUTE);

    // The part's event converges its bundle: every part delivered, the bundle in step.
    expect(done).toEqual([expect.objectContaining({ outcome: 'in_step', actual: 'live' })]);
    expect(w.compute.all()).toEqual([
      expect.objectContaining({ serviceId: vpsPart, power: 'running' }),
    ]);
  });
});
