/**
 * A domain transferred in with its auth code (D23), driven by converge on in-memory fakes: the
 * registrar is asked once (however many deliveries race), the code is gone from the service once
 * asked, the card's state follows the registrar (pending, then ready a year on), a wrong code
 * fails the part with the registrar's sentence and asks for the refund once, and a crash after
 * asking adopts the transfer instead of asking twice.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { TRANSFER_FAILED_REASON } from '../../../../lambdas/domain/registrant';
import type { ServiceRecord } from '../../../../lambdas/ports/services';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import {
  TRANSFER_CODE_FORGOTTEN,
  TransferPendingError,
} from '../../../../lambdas/use-cases/converge-transfer';
import { TRANSFER_FOLLOW_UP_SECONDS } from '../../../../lambdas/system/facts';
import { serviceOfRecord } from '../../../../lambdas/use-cases/to-service';
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

const NAME = 'ashasweets.com';
const CODE = 'Xy7-secret-code';
const SERVICE_ID = 'svc_transfer1';

function world() {
  const refunded: ServiceRecord[] = [];
  const w = convergeWorld((base) => {
    base.registrar.transferDelayMs = 5 * MINUTE;
    base.registrar.take(NAME, CODE);
    return {
      registrar: {
        registrar: base.registrar,
        transfers: base.services,
        contact: async () => CONTACT,
        nameservers: async () => NS,
        taken: async (service) => {
          refunded.push(service);
        },
      },
    };
  });
  return Object.assign(w, { refunded });
}

let w: ReturnType<typeof world>;
const ref = { userId: BUYER.userId, serviceId: SERVICE_ID };
const converge = (deliveryId = 'evt-1') => convergeService(w.deps, ref, { deliveryId });
const service = () => w.services.getService(BUYER.userId, SERVICE_ID);
const later = (ms: number) => w.setNow(new Date(w.now().getTime() + ms));

async function paidTransfer(authCode: string | undefined, domain = NAME) {
  const { at } = await givenPaidYear(
    w,
    {
      serviceId: SERVICE_ID,
      planId: 'basicdomain',
      planName: 'Basic Domain',
      category: 'domain',
      domain,
    },
    { paymentId: 'pay_Transfer0001', amountPaise: 117_882 },
  );
  await w.services.putTransfer(ref, { state: 'requested', ...(authCode ? { authCode } : {}), at });
}

beforeEach(async () => {
  w = world();
  await givenBuyer(w);
});

describe('a domain transferred in through converge (D23)', () => {
  it('asks the registrar once, forgets the code, waits, then is ready at our nameservers', async () => {
    await paidTransfer(CODE);

    const first = await converge();
    expect(first).toMatchObject({
      outcome: 'out_of_step',
      desired: 'setting_up',
      actual: 'absent',
    });
    expect(w.registrar.transfers).toBe(1);
    const pending = await service();
    expect(pending?.transfer).toMatchObject({
      state: 'pending',
      detail: 'Transfer waiting for Losing Registrar Approval',
    });
    expect(JSON.stringify(pending)).not.toContain(CODE);
    expect(w.registrar.registrations).toBe(0);
    // The card's view: where the transfer stands, in the registrar's words.
    expect(serviceOfRecord(pending!, w.now()).transfer).toEqual({
      state: 'pending',
      detail: 'Transfer waiting for Losing Registrar Approval',
    });

    // Still waiting: asked again, nothing asked twice.
    await converge('evt-2');
    expect(w.registrar.transfers).toBe(1);
    expect((await service())?.provisioning?.state).toBe('pending');

    later(5 * MINUTE);
    const done = await converge('evt-3');
    expect(done).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect((await service())?.transfer?.state).toBe('completed');
    expect((await service())?.provisioning).toMatchObject({ state: 'ready', nameservers: NS });
    expect(w.registrar.all()).toEqual([expect.objectContaining({ name: NAME, nameservers: NS })]);
    expect(w.refunded).toEqual([]);
  });

  it('10 concurrent deliveries ask the registrar once', async () => {
    await paidTransfer(CODE);
    await Promise.allSettled(Array.from({ length: 10 }, (_, i) => converge(`evt-${i}`)));
    await converge('evt-after');
    expect(w.registrar.transfers).toBe(1);
    expect((await service())?.transfer?.state).toBe('pending');
  });

  it('a wrong code: failed with the registrar’s sentence, the code gone, refunded once', async () => {
    await paidTransfer('not-the-code');
    await converge();
    later(5 * MINUTE);
    await converge('evt-2');
    await converge('evt-3');

    const failed = await service();
    expect(failed?.transfer).toMatchObject({ state: 'failed' });
    expect(failed?.provisioning).toMatchObject({
      state: 'failed',
      failureReason: TRANSFER_FAILED_REASON(
        NAME,
        'Transfer failed: the authorization code given is not valid for this domain',
      ),
    });
    expect(JSON.stringify(failed)).not.toContain('not-the-code');
    expect(w.refunded).toHaveLength(1);
    expect(w.registrar.all()).toEqual([]);
  });

  it('a name that cannot be transferred (free: register it instead) fails at once and is refunded', async () => {
    // Nobody holds it (or it was let go meanwhile): the registrar refuses to transfer a free name.
    await paidTransfer(CODE, 'ashafree.com');
    await converge();
    expect((await service())?.provisioning?.state).toBe('failed');
    expect((await service())?.provisioning?.failureReason).toMatch(
      /could not be transferred to us: Domain name ashafree\.com is currently available/,
    );
    expect(w.refunded).toHaveLength(1);
  });

  it('paid after its unpaid order lost the code: failed saying why, refunded once, the registrar not asked', async () => {
    await paidTransfer(undefined);
    await converge();
    expect((await service())?.provisioning).toMatchObject({
      state: 'failed',
      failureReason: TRANSFER_FAILED_REASON(NAME, TRANSFER_CODE_FORGOTTEN),
    });
    expect(w.registrar.transfers).toBe(0);
    expect(w.registrar.registrations).toBe(0);
    expect(w.refunded).toHaveLength(1);
  });

  it('a crash after asking the registrar: the next converge adopts the transfer, never asks twice', async () => {
    await paidTransfer(CODE);
    const putTransfer = w.services.putTransfer.bind(w.services);
    let crashed = false;
    w.services.putTransfer = async (...args) => {
      if (!crashed && args[1].state === 'pending') {
        crashed = true;
        throw new Error('crashed before recording');
      }
      return putTransfer(...args);
    };
    await converge();
    expect(w.registrar.transfers).toBe(1);
    expect((await service())?.transfer?.state).toBe('requested');

    later(3 * MINUTE); // the crashed attempt's claim has run out
    await converge('evt-2');
    expect(w.registrar.transfers).toBe(1);
    expect((await service())?.transfer?.state).toBe('pending');
  });

  describe('converge looks again on its own while a transfer is young (the bus’s retries)', () => {
    // The local bus's delivery times at the tests' 200 ms retry base: each wait twice the last.
    const BUS_ATTEMPTS_MS = [0, 200, 600, 1_400, 3_000, 6_200, 12_600, 25_400];

    const FOLLOW_UP_MS = TRANSFER_FOLLOW_UP_SECONDS.local * 1000;

    /** Delivers converge as the bus does (rethrow), at each attempt, until one does not throw. */
    async function deliverLikeTheBus(followUpMs = FOLLOW_UP_MS) {
      w.deps.registrar!.transferFollowUpMs = followUpMs;
      const asked: number[] = [];
      const transferStatus = w.registrar.transferStatus.bind(w.registrar);
      w.registrar.transferStatus = async (name) => {
        asked.push(w.now().getTime() - START.getTime());
        return transferStatus(name);
      };
      const thrown: unknown[] = [];
      for (const at of BUS_ATTEMPTS_MS) {
        w.setNow(new Date(START.getTime() + at));
        try {
          const result = await convergeService(w.deps, ref, { deliveryId: 'evt-1', rethrow: true });
          return { result, thrown, asked, at };
        } catch (error) {
          thrown.push(error);
        }
      }
      throw new Error('dead-lettered: every attempt threw');
    }

    it('a transfer the registry completes in 3 s reads Transferred within seconds, not at the next reconciler run', async () => {
      w.registrar.transferDelayMs = 3_000;
      await paidTransfer(CODE);
      const { result, thrown, at } = await deliverLikeTheBus();
      expect(result).toMatchObject({ outcome: 'in_step', actual: 'live' });
      expect(at).toBeLessThanOrEqual(6_200);
      expect(thrown.length).toBeGreaterThan(0);
      expect(thrown.every((error) => error instanceof TransferPendingError)).toBe(true);
      expect((await service())?.transfer?.state).toBe('completed');
      expect(w.registrar.transfers).toBe(1);
    });

    it('asks with growing waits, and a transfer still pending stops asking the bus (never dead-lettered)', async () => {
      w.registrar.transferDelayMs = 5 * DAY; // a real registry's few days
      await paidTransfer(CODE);
      const { result, asked, at } = await deliverLikeTheBus();
      // The last attempt, past the local follow-up window, records it out of step and returns.
      expect(at).toBe(25_400);
      expect(at).toBeGreaterThan(FOLLOW_UP_MS);
      expect(result).toMatchObject({ outcome: 'out_of_step', desired: 'setting_up' });
      expect((await service())?.transfer).toMatchObject({
        state: 'pending',
        since: START.toISOString(),
      });
      // Asked when it began (adoption check), then each wait as long as it had been pending.
      expect(asked).toEqual([0, 1_400, 3_000, 6_200, 12_600, 25_400]);
      expect(w.registrar.transfers).toBe(1);
    });

    it('however often converge passes, a pending transfer is asked about with doubling waits (a minute at most)', async () => {
      w.registrar.transferDelayMs = 5 * DAY;
      await paidTransfer(CODE);
      const asked: number[] = [];
      const transferStatus = w.registrar.transferStatus.bind(w.registrar);
      w.registrar.transferStatus = async (name) => {
        asked.push(w.now().getTime() - START.getTime());
        return transferStatus(name);
      };
      // Events every half second for 10 s, then every 10 s for 5 minutes.
      const times = [
        ...Array.from({ length: 21 }, (_, i) => i * 500),
        ...Array.from({ length: 30 }, (_, i) => 20_000 + i * 10_000),
      ];
      for (const at of times) {
        w.setNow(new Date(START.getTime() + at));
        await converge(`evt-${at}`);
      }
      expect(asked.slice(0, 5)).toEqual([0, 1_000, 2_000, 4_000, 8_000]);
      const gaps = asked.slice(1).map((at, i) => at - asked[i]!);
      expect(Math.max(...gaps)).toBe(60_000);
      expect(asked.at(-1)).toBe(260_000); // 80 s, then every minute
    });

    it('with no follow-up window a bus delivery never throws for a pending transfer: the reconciler follows it', async () => {
      w.registrar.transferDelayMs = 3_000;
      await paidTransfer(CODE);
      const { result, thrown, at } = await deliverLikeTheBus(0);
      expect(thrown).toEqual([]);
      expect(at).toBe(0);
      expect(result).toMatchObject({ outcome: 'out_of_step', desired: 'setting_up' });
    });

    it('a delivery that does not retry (the reconciler, an operator) never throws for a pending transfer', async () => {
      await paidTransfer(CODE);
      await expect(converge()).resolves.toMatchObject({ outcome: 'out_of_step' });
      later(500);
      await expect(converge('evt-2')).resolves.toMatchObject({ outcome: 'out_of_step' });
    });
  });
});
