/**
 * A VPS's card (D24) on in-memory fakes: power, reinstall (typed hostname; same VMID and address,
 * the new OS's login user), SSH keys (a waiting VPS asks converge to make it), each refused with a
 * sentence when the service is not the caller's, not live, or not made yet.
 */
import { convergeWorld } from '../../../helpers/converge-world';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseIpv4Ranges } from '../../../../lambdas/domain/ipv4-pool';
import type { Months } from '../../../../lambdas/domain/pricing';
import { InvalidSshKeyError } from '../../../../lambdas/domain/ssh-keys';
import type { VpsRecord } from '../../../../lambdas/domain/vps';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import {
  currentVps,
  powerVps,
  reinstallVps,
  ReinstallRefusedError,
  setVpsKeys,
  VpsActionRefusedError,
  type ManageVpsDeps,
} from '../../../../lambdas/use-cases/manage-vps';
import { ServiceNotFoundError } from '../../../../lambdas/use-cases/open-control-panel';
import { InMemoryAddressPool } from '../../../helpers/fakes/address-pool';
import { InMemoryCompute } from '../../../helpers/fakes/compute';
import { BUYER } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';

const START = new Date('2026-11-27T04:00:00.000Z');
const SERVICE_ID = 'svc_basicvps1';
const KEY = sshPublicKey('ed25519', 'asha@laptop');
const NEW_KEY = sshPublicKey('ecdsa-256', 'asha@phone');

function world() {
  const compute = new InMemoryCompute();
  const ranges = parseIpv4Ranges('203.0.113.10-203.0.113.12/24@203.0.113.1');
  const pool = new InMemoryAddressPool(() => ranges);
  const base = convergeWorld(
    (world) => ({ compute: { compute, pool, services: world.services } }),
    START,
  );
  const { records, deps: converge } = base;
  const deps: ManageVpsDeps = {
    services: base.services,
    records,
    compute,
    events: base.events,
    log: base.log,
    now: base.now,
  };
  return Object.assign(base, { records, compute, pool, converge, deps });
}

let w: ReturnType<typeof world>;

async function buyVps(
  vps: VpsRecord = { os: 'ubuntu-24.04', hostname: 'asha-vps', sshKeys: [KEY] },
) {
  const at = w.now().toISOString();
  await w.services.extendService(
    {
      userId: BUYER.userId,
      serviceId: SERVICE_ID,
      planId: 'basicvps',
      planName: 'Basic VPS',
      category: 'vps',
    },
    {
      purchaseId: 'pur_pay_Vps1',
      paymentId: 'pay_Vps1',
      purchaseDate: at,
      startDate: at,
      renewalDate: new Date(START.getTime() + 30 * 86_400_000).toISOString(),
      months: 1 as Months,
      amountPaise: 70_682,
    },
    0,
    at,
  );
  await w.services.updateVps({ userId: BUYER.userId, serviceId: SERVICE_ID }, vps);
}

const converge = (id = 'evt') =>
  convergeService(w.converge, { userId: BUYER.userId, serviceId: SERVICE_ID }, { deliveryId: id });

beforeEach(async () => {
  w = world();
  await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
});

describe('a running VPS from its card', () => {
  beforeEach(async () => {
    await buyVps();
    await converge();
  });

  it('stops, starts and reboots it; the card shows the power state from the record', async () => {
    const stopped = await powerVps(w.deps, BUYER.userId, SERVICE_ID, 'stop', 'req-1');
    expect(stopped.vps).toMatchObject({ ip: '203.0.113.10', power: 'stopped', os: 'ubuntu-24.04' });
    expect(w.compute.all()[0]?.power).toBe('stopped');

    const started = await powerVps(w.deps, BUYER.userId, SERVICE_ID, 'start', 'req-2');
    expect(started.vps?.power).toBe('running');
    expect((await powerVps(w.deps, BUYER.userId, SERVICE_ID, 'reboot', 'req-3')).vps?.power).toBe(
      'running',
    );
  });

  it('a reinstall after the hostname is typed is recorded and handed to converge: the card says reinstalling at once, then converge installs the new OS on the same VMID and address', async () => {
    const before = w.compute.all()[0]!;
    await expect(
      reinstallVps(w.deps, BUYER.userId, SERVICE_ID, { os: 'rockylinux-9', confirm: 'asha' }),
    ).rejects.toThrow(/Type your server's hostname, asha-vps, to confirm/);
    await expect(
      reinstallVps(w.deps, BUYER.userId, SERVICE_ID, { os: 'windows', confirm: 'asha-vps' }),
    ).rejects.toBeInstanceOf(ReinstallRefusedError);
    expect((await w.services.getService(BUYER.userId, SERVICE_ID))?.vps?.reinstall).toBeUndefined();

    const service = await reinstallVps(w.deps, BUYER.userId, SERVICE_ID, {
      os: 'rockylinux-9',
      confirm: 'Asha-VPS',
    });

    // Nothing on the provider yet: the request only records the wish.
    expect(w.compute.all()).toEqual([before]);
    expect(service.vps).toMatchObject({
      os: 'ubuntu-24.04',
      ip: '203.0.113.10',
      reinstalling: { os: 'rockylinux-9', requestedAt: START.toISOString() },
    });
    expect(w.events.events.map((e) => [e.detailType, e.detail])).toContainEqual([
      'ServiceChanged',
      expect.objectContaining({ serviceId: SERVICE_ID, fact: 'reinstall' }),
    ]);

    await converge('evt-reinstall');

    const after = await currentVps(w.deps, BUYER.userId, SERVICE_ID);
    expect(after.vps).toMatchObject({ os: 'rockylinux-9', ip: '203.0.113.10', user: 'rocky' });
    expect(after.vps?.reinstalling).toBeUndefined();
    expect(w.compute.all()).toEqual([
      expect.objectContaining({
        vmid: before.vmid,
        os: 'rockylinux-9',
        ip: '203.0.113.10',
        sshKeys: [KEY],
      }),
    ]);
  });

  it('one reinstall at a time: a second, and power or key changes meanwhile, are reinstall_in_progress', async () => {
    await reinstallVps(w.deps, BUYER.userId, SERVICE_ID, { os: 'debian-12', confirm: 'asha-vps' });

    const second = reinstallVps(w.deps, BUYER.userId, SERVICE_ID, {
      os: 'rockylinux-9',
      confirm: 'asha-vps',
    });
    await expect(second).rejects.toBeInstanceOf(VpsActionRefusedError);
    await expect(second).rejects.toMatchObject({
      code: 'reinstall_in_progress',
      message: expect.stringMatching(/being reinstalled/),
    });
    await expect(powerVps(w.deps, BUYER.userId, SERVICE_ID, 'stop', 'p')).rejects.toMatchObject({
      code: 'reinstall_in_progress',
    });
    await expect(
      setVpsKeys(w.deps, BUYER.userId, SERVICE_ID, [NEW_KEY], 'k'),
    ).rejects.toMatchObject({ code: 'reinstall_in_progress' });
    expect((await w.services.getService(BUYER.userId, SERVICE_ID))?.vps?.reinstall?.os).toBe(
      'debian-12',
    );

    await converge('evt-reinstall');
    // Done: the next may be asked for.
    const again = await reinstallVps(w.deps, BUYER.userId, SERVICE_ID, {
      os: 'rockylinux-9',
      confirm: 'asha-vps',
    });
    expect(again.vps).toMatchObject({ os: 'debian-12', reinstalling: { os: 'rockylinux-9' } });
  });

  it('replaces the keys; never none; a bad key is invalid_ssh_key', async () => {
    const service = await setVpsKeys(w.deps, BUYER.userId, SERVICE_ID, [NEW_KEY, KEY], 'k1');
    expect(service.vps?.sshKeys).toEqual([NEW_KEY, KEY]);
    expect(w.compute.all()[0]?.sshKeys).toEqual([NEW_KEY, KEY]);
    await expect(setVpsKeys(w.deps, BUYER.userId, SERVICE_ID, [], 'k2')).rejects.toThrow(
      /Add at least one SSH public key/,
    );
    await expect(
      setVpsKeys(w.deps, BUYER.userId, SERVICE_ID, [sshPublicKey('rsa-1024')], 'k3'),
    ).rejects.toBeInstanceOf(InvalidSshKeyError);
  });

  it('another buyer’s service is not found; a held service cannot be started', async () => {
    await expect(powerVps(w.deps, 'someone-else', SERVICE_ID, 'start', 'x')).rejects.toBeInstanceOf(
      ServiceNotFoundError,
    );
    const current = await w.services.getService(BUYER.userId, SERVICE_ID);
    await w.services.changeFacts(
      { userId: BUYER.userId, serviceId: SERVICE_ID },
      { kind: 'hold' },
      current!.version,
      w.now().toISOString(),
    );
    await converge('evt-hold');
    const refusal = powerVps(w.deps, BUYER.userId, SERVICE_ID, 'start', 'y');
    await expect(refusal).rejects.toBeInstanceOf(VpsActionRefusedError);
    await expect(refusal).rejects.toMatchObject({ code: 'service_suspended' });
    expect(w.compute.all()[0]?.power).toBe('stopped');
  });

  it('the card’s power state: the record’s while fresh, the server’s once over 30 s old', async () => {
    const [vm] = w.compute.all();
    await w.compute.power(vm!.vmid, 'stop'); // shut down from inside the server
    expect((await currentVps(w.deps, BUYER.userId, SERVICE_ID)).vps?.power).toBe('running');

    w.setNow(new Date(START.getTime() + 31_000));
    expect((await currentVps(w.deps, BUYER.userId, SERVICE_ID)).vps?.power).toBe('stopped');
    w.compute.down = true;
    w.setNow(new Date(START.getTime() + 62_000));
    expect((await currentVps(w.deps, BUYER.userId, SERVICE_ID)).vps?.power).toBe('stopped');
  });

  it('an action while converge holds the claim is service_busy', async () => {
    const claim = await w.records.claim(BUYER.userId, SERVICE_ID, 'converge-evt', w.now());
    expect(claim.state).toBe('claimed');
    await expect(powerVps(w.deps, BUYER.userId, SERVICE_ID, 'stop', 'z')).rejects.toMatchObject({
      code: 'service_busy',
    });
    expect(w.compute.all()[0]?.power).toBe('running');
  });
});

describe('a VPS waiting for its key', () => {
  it('adding one keeps it and asks converge to make the server', async () => {
    await buyVps({ os: 'debian-12', hostname: 'asha-vps', sshKeys: [] });
    await converge('evt-wait');
    await expect(powerVps(w.deps, BUYER.userId, SERVICE_ID, 'start', 'p')).rejects.toMatchObject({
      code: 'service_not_ready',
    });

    const service = await setVpsKeys(w.deps, BUYER.userId, SERVICE_ID, [KEY], 'k');

    expect(service.vps).toMatchObject({ sshKeys: [KEY], waitsForKey: false });
    expect(w.events.events.map((e) => [e.detailType, e.detail])).toContainEqual([
      'ServiceChanged',
      expect.objectContaining({ serviceId: SERVICE_ID, fact: 'ssh-keys' }),
    ]);
    await converge('evt-keys');
    expect(w.compute.all()[0]).toMatchObject({ os: 'debian-12', sshKeys: [KEY], power: 'running' });
  });
});
