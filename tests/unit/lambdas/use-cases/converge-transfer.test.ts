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
import { serviceOfRecord } from '../../../../lambdas/use-cases/to-service';
import {
  convergeWorld,
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

async function paidTransfer(authCode: string, domain = NAME) {
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
  await w.services.putTransfer(ref, { state: 'requested', authCode, at });
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
});
