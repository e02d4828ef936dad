/**
 * A VPS's provider part is its VM (D24), driven by converge (D22) on in-memory fakes: made once
 * with one address however many deliveries race, adopted after a crash right after its clone,
 * out of step with a sentence when the pool is empty, the provider down or the template missing
 * (and no mail), waiting for the buyer's key without being out of step, stopped when suspended or
 * ended, started when live again, destroyed with its address released when an operator removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startProxmoxStandIn,
  STAND_IN_TEMPLATES,
  type ProxmoxStandIn,
} from '../../../../infra/local/proxmox/server';
import { ProxmoxApi } from '../../../../lambdas/adapters/proxmox/proxmox-api';
import { ProxmoxCompute } from '../../../../lambdas/adapters/proxmox/proxmox-compute';
import { parseIpv4Ranges } from '../../../../lambdas/domain/ipv4-pool';
import type { Months } from '../../../../lambdas/domain/pricing';
import type { VpsOs, VpsRecord } from '../../../../lambdas/domain/vps';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import type { Compute } from '../../../../lambdas/ports/compute';
import { InMemoryAddressPool } from '../../../helpers/fakes/address-pool';
import { InMemoryCompute } from '../../../helpers/fakes/compute';
import {
  CONVERGE_START as START,
  convergeWorld,
  DAY,
  MINUTE,
} from '../../../helpers/converge-world';
import { BUYER } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';

const SERVICE_ID = 'svc_basicvps1';
const KEY = sshPublicKey('ed25519');

function world(
  poolText = '203.0.113.10-203.0.113.12/24@203.0.113.1',
  provider: Compute = new InMemoryCompute(),
) {
  const compute = provider as InMemoryCompute;
  const ranges = parseIpv4Ranges(poolText);
  const pool = new InMemoryAddressPool(() => ranges);
  const base = convergeWorld((world) => ({ compute: { compute, pool, services: world.services } }));
  return Object.assign(base, { compute, pool });
}

let w: ReturnType<typeof world>;

async function buyVps(
  serviceId = SERVICE_ID,
  vps: VpsRecord = { os: 'ubuntu-24.04', hostname: 'asha-vps', sshKeys: [KEY] },
) {
  const at = w.now().toISOString();
  await w.services.extendService(
    {
      userId: BUYER.userId,
      serviceId,
      planId: 'basicvps',
      planName: 'Basic VPS',
      category: 'vps',
    },
    {
      purchaseId: `pur_pay_${serviceId}`,
      paymentId: `pay_${serviceId}`,
      purchaseDate: at,
      startDate: at,
      renewalDate: new Date(w.now().getTime() + 30 * DAY).toISOString(),
      months: 1 as Months,
      amountPaise: 70_682,
    },
    0,
    at,
  );
  await w.services.updateVps({ userId: BUYER.userId, serviceId }, vps);
}

beforeEach(async () => {
  w = world();
  await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
});

const ref = (serviceId = SERVICE_ID) => ({ userId: BUYER.userId, serviceId });
const converge = (deliveryId = 'evt-1', serviceId = SERVICE_ID) =>
  convergeService(w.deps, ref(serviceId), { deliveryId });
const service = (serviceId = SERVICE_ID) => w.services.getService(BUYER.userId, serviceId);
const readyMails = () => w.mailer.sent.filter((mail) => /is ready/.test(mail.subject));

async function fact(kind: 'hold' | 'unhold' | 'end' | 'remove') {
  const current = await service();
  expect(
    await w.services.changeFacts(ref(), { kind }, current!.version, w.now().toISOString()),
  ).toBe(true);
}

describe('a VPS made through converge (D24)', () => {
  it('makes a running VM from the plan and the buyer’s choices, records it, and mails how to log in (no password)', async () => {
    await buyVps();

    const result = await converge();

    expect(result).toMatchObject({ outcome: 'in_step', desired: 'active', actual: 'live' });
    expect(w.compute.all()).toEqual([
      expect.objectContaining({
        serviceId: SERVICE_ID,
        hostname: 'asha-vps',
        os: 'ubuntu-24.04',
        cores: 1,
        memoryMb: 1024,
        diskGb: 25,
        user: 'ubuntu',
        sshKeys: [KEY],
        ip: '203.0.113.10',
        power: 'running',
      }),
    ]);
    const after = await service();
    expect(after?.provisioning).toMatchObject({
      state: 'ready',
      server: '203.0.113.10',
      username: 'ubuntu',
    });
    expect(after?.vps).toMatchObject({ ip: '203.0.113.10', power: 'running', user: 'ubuntu' });
    expect(readyMails()).toHaveLength(1);
    const mail = readyMails()[0]!;
    expect(mail.text).toContain('ssh ubuntu@203.0.113.10');
    expect(mail.text).not.toMatch(/password:/i);
    await converge('evt-again');
    expect(w.compute.clones).toBe(1);
    expect(readyMails()).toHaveLength(1);
  });

  it('10 concurrent deliveries make one VM with one address', async () => {
    await buyVps();
    await Promise.allSettled(Array.from({ length: 10 }, (_, i) => converge(`evt-${i}`)));
    await converge('evt-after');

    expect(w.compute.clones).toBe(1);
    expect(w.compute.all()).toHaveLength(1);
    expect(await w.pool.leaseOf(SERVICE_ID)).toMatchObject({ address: '203.0.113.10' });
    // The next service gets the next address: the first one was taken once.
    expect((await w.pool.allocate('svc_next')).address).toBe('203.0.113.11');
    expect(readyMails()).toHaveLength(1);
  });

  it('a crash right after the clone: the next converge adopts that VM and its address, never clones again', async () => {
    await buyVps();
    w.compute.afterClone = () => {
      throw new Error('process killed');
    };
    const crashed = await converge('evt-crashed');
    expect(crashed).toMatchObject({ outcome: 'out_of_step', actual: 'absent' });
    expect(readyMails()).toHaveLength(0);
    w.compute.afterClone = () => undefined;

    const result = await converge('evt-retry');

    expect(result).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect(w.compute.clones).toBe(1);
    expect(w.compute.all()).toEqual([
      expect.objectContaining({ ip: '203.0.113.10', power: 'running', sshKeys: [KEY] }),
    ]);
    expect(readyMails()).toHaveLength(1);
  });

  it('an empty pool: out of step with a sentence for the operator, no VM, no mail; an added range repairs it', async () => {
    w = world('203.0.113.10-203.0.113.10/24@203.0.113.1');
    await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
    await w.pool.allocate('svc_someone_else');
    await buyVps();

    const result = await converge('evt-empty');

    expect(result).toMatchObject({
      outcome: 'out_of_step',
      desired: 'setting_up',
      actual: 'absent',
      error: expect.stringContaining('The IPv4 pool has no free address'),
    });
    expect((await service())?.life?.lastError).toContain('IPv4 pool has no free address');
    expect(w.compute.clones).toBe(0);
    expect(w.mailer.sent).toHaveLength(0);

    await w.pool.release('svc_someone_else');
    w.setNow(new Date(START.getTime() + 15 * MINUTE));
    expect(await converge('evt-reconciler')).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect((await service())?.life?.outOfStepSince).toBeUndefined();
  });

  it('the provider down or the template missing: out of step with why, no mail', async () => {
    await buyVps();
    w.compute.down = true;
    expect(await converge('evt-down')).toMatchObject({
      outcome: 'out_of_step',
      error: expect.stringContaining('server platform did not answer'),
    });
    w.compute.down = false;
    w.compute.templates.delete('ubuntu-24.04');
    expect(await converge('evt-template')).toMatchObject({
      outcome: 'out_of_step',
      error: expect.stringContaining('There is no template for ubuntu-24.04'),
    });
    expect(w.compute.clones).toBe(0);
    expect(w.mailer.sent).toHaveLength(0);
  });

  it('waits for the buyer’s key without being out of step; adding it makes the VM', async () => {
    await buyVps(SERVICE_ID, { os: 'debian-12', hostname: 'asha-vps', sshKeys: [] });

    const waiting = await converge('evt-no-key');

    expect(waiting).toMatchObject({ outcome: 'in_step', desired: 'setting_up', actual: 'absent' });
    expect((await service())?.provisioning).toBeUndefined();
    expect(w.compute.clones).toBe(0);

    await w.services.updateVps(ref(), { sshKeys: [KEY] });
    expect(await converge('evt-key-added')).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect(w.compute.all()[0]).toMatchObject({ os: 'debian-12', user: 'debian', sshKeys: [KEY] });
  });
});

describe('a VPS through its life (D22)', () => {
  beforeEach(async () => {
    await buyVps();
    await converge('evt-bought');
  });

  it('an operator hold stops the VM (data kept); lifting it starts it again', async () => {
    await fact('hold');
    expect(await converge('evt-hold')).toMatchObject({ desired: 'suspended', actual: 'suspended' });
    expect(w.compute.all()[0]).toMatchObject({ power: 'stopped' });
    expect((await service())?.vps?.power).toBe('stopped');

    await fact('unhold');
    expect(await converge('evt-unhold')).toMatchObject({ desired: 'active', actual: 'live' });
    expect(w.compute.all()[0]).toMatchObject({ power: 'running', ip: '203.0.113.10' });
    expect(w.compute.clones).toBe(1);
  });

  it('ended: stopped at once; removed by an operator: the VM is destroyed and its address released', async () => {
    await fact('end');
    expect(await converge('evt-end')).toMatchObject({ desired: 'ended', actual: 'suspended' });
    expect(w.compute.all()[0]?.power).toBe('stopped');
    expect(await w.pool.leaseOf(SERVICE_ID)).toBeDefined();

    await fact('remove');
    expect(await converge('evt-remove')).toMatchObject({ desired: 'removed', actual: 'removed' });
    expect(w.compute.all()).toEqual([]);
    expect(await w.pool.leaseOf(SERVICE_ID)).toBeUndefined();
    expect((await w.pool.allocate('svc_next')).address).toBe('203.0.113.10');
  });
});

describe('a VPS whose plan grew (D26)', () => {
  it('is resized once to the new plan: same VM and address, more cores, memory and disk', async () => {
    await buyVps();
    await converge('evt-made');
    const made = w.compute.all()[0]!;
    const stored = (await service())!;
    // The paid upgrade as fulfilment writes it: the service's plan is the larger one now.
    w.services.items.set(`${BUYER.userId}#${SERVICE_ID}`, {
      ...stored,
      planId: 'premiumvps',
      planName: 'Premium VPS',
    });

    const results = await Promise.all([converge('evt-plan-1'), converge('evt-plan-2')]);
    await converge('evt-plan-3');

    expect(results.some((r) => 'actions' in r && r.actions.includes('vm-resize'))).toBe(true);
    const [vm] = w.compute.all();
    expect(vm).toMatchObject({
      vmid: made.vmid,
      ip: made.ip,
      cores: 2,
      memoryMb: 4096,
      diskGb: 80,
    });
    expect(w.compute.clones).toBe(1);
    const after = await service();
    expect(after?.provisioning).toMatchObject({ state: 'ready', package: 'premiumvps' });
    expect(after?.life).toMatchObject({ desired: 'active', actual: 'live' });
    expect(after?.life?.outOfStepSince).toBeUndefined();
  });
});

describe('a clone that outlives a pass (a real full clone takes minutes)', () => {
  it('spans several converge passes: each records it out of step with a sentence and mails nothing; once it ends, one VM runs and the buyer is mailed once', async () => {
    await buyVps();
    w.compute.holdTasks = true;

    const passes = [await converge('evt-1'), await converge('evt-2'), await converge('evt-3')];

    for (const pass of passes) {
      expect(pass).toMatchObject({ outcome: 'out_of_step', actual: 'absent' });
      expect(pass.outcome !== 'not_found' && pass.error).toMatch(/still being made/);
    }
    // The task was started once and read on each pass, never waited out.
    expect(w.compute.clones).toBe(1);
    expect(w.compute.taskReads).toBe(3);
    expect((await service())?.vps?.task).toMatchObject({ upid: expect.stringMatching(/^UPID:/) });
    expect(readyMails()).toHaveLength(0);

    w.compute.finishTasks();
    const done = await converge('evt-4');

    expect(done).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect(w.compute.clones).toBe(1);
    expect(w.compute.all()).toEqual([
      expect.objectContaining({ ip: '203.0.113.10', power: 'running', cores: 1, diskGb: 25 }),
    ]);
    expect((await service())?.vps?.task).toBeUndefined();
    expect(readyMails()).toHaveLength(1);
  });

  it('a crash after the clone was started and before its task was recorded: the running clone is adopted, never a second', async () => {
    await buyVps();
    w.compute.holdTasks = true;
    w.compute.afterClone = () => {
      throw new Error('process killed');
    };
    await converge('evt-crashed');
    w.compute.afterClone = () => undefined;
    expect((await service())?.vps?.task).toBeUndefined();

    const meanwhile = await converge('evt-2');
    expect(meanwhile.outcome !== 'not_found' && meanwhile.error).toMatch(/still being made/);
    w.compute.finishTasks();

    expect(await converge('evt-3')).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect(w.compute.clones).toBe(1);
    expect(w.compute.all()).toHaveLength(1);
  });

  it('a clone whose task failed: out of step with the provider’s sentence and no mail; the next pass clones again', async () => {
    await buyVps();
    w.compute.failNextClone('storage local-lvm is full');

    const failed = await converge('evt-1');

    expect(failed).toMatchObject({ outcome: 'out_of_step', actual: 'absent' });
    expect(failed.outcome !== 'not_found' && failed.error).toContain('storage local-lvm is full');
    expect((await service())?.life?.lastError).toContain('storage local-lvm is full');
    expect((await service())?.vps?.task).toBeUndefined();
    expect(w.compute.all()).toEqual([]);
    expect(readyMails()).toHaveLength(0);

    expect(await converge('evt-2')).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect(w.compute.all()).toHaveLength(1);
    expect(readyMails()).toHaveLength(1);
  });
});

describe('a reinstall the buyer asked for (D24)', () => {
  const AT = '2026-11-27T05:00:00.000Z';

  async function madeVps() {
    await buyVps();
    await converge('evt-made');
    const made = w.compute.all()[0]!;
    expect(await w.services.requestReinstall(ref(), { os: 'rockylinux-9', requestedAt: AT })).toBe(
      true,
    );
    return made;
  }

  it('is done by converge: the same VMID and address, the new OS and its user, the keys, running; the wish removed', async () => {
    const made = await madeVps();

    const result = await converge('evt-reinstall');

    expect(result).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect(result.outcome !== 'not_found' && result.actions).toContain('vm-reinstall');
    expect(w.compute.all()).toEqual([
      expect.objectContaining({
        vmid: made.vmid,
        ip: '203.0.113.10',
        os: 'rockylinux-9',
        user: 'rocky',
        sshKeys: [KEY],
        diskGb: 25,
        power: 'running',
      }),
    ]);
    const after = await service();
    expect(after?.vps).toMatchObject({ os: 'rockylinux-9', user: 'rocky', ip: '203.0.113.10' });
    expect(after?.vps?.reinstall).toBeUndefined();
    expect(after?.vps?.task).toBeUndefined();
    expect(after?.provisioning).toMatchObject({ state: 'ready', username: 'rocky' });
    expect(w.compute.clones).toBe(2);
  });

  it('redelivered or racing, it reinstalls once', async () => {
    await madeVps();

    await Promise.allSettled(Array.from({ length: 5 }, (_, i) => converge(`evt-${i}`)));
    await converge('evt-again');
    await converge('evt-again-2');

    expect(w.compute.clones).toBe(2);
    expect(w.compute.all()).toHaveLength(1);
    expect((await service())?.vps?.reinstall).toBeUndefined();
  });

  it('a long clone: "reinstalling" out of step across passes, then running with the new OS; a crash before its task was recorded adopts that clone', async () => {
    const made = await madeVps();
    w.compute.holdTasks = true;
    w.compute.afterClone = () => {
      throw new Error('process killed');
    };
    await converge('evt-crashed');
    w.compute.afterClone = () => undefined;

    const meanwhile = await converge('evt-2');

    expect(meanwhile).toMatchObject({ outcome: 'out_of_step', desired: 'active', actual: 'live' });
    expect(meanwhile.outcome !== 'not_found' && meanwhile.error).toMatch(/still being reinstalled/);
    expect((await service())?.vps?.reinstall).toBeDefined();
    expect(w.compute.all()).toEqual([
      expect.objectContaining({ vmid: made.vmid, os: 'rockylinux-9', busy: true }),
    ]);
    w.compute.finishTasks();

    expect(await converge('evt-3')).toMatchObject({ outcome: 'in_step', actual: 'live' });
    expect(w.compute.clones).toBe(2);
    expect(w.compute.all()).toEqual([
      expect.objectContaining({ vmid: made.vmid, ip: made.ip, os: 'rockylinux-9' }),
    ]);
  });

  it('a failed clone: out of step with the sentence for the operator, the wish kept (no false success); the next pass finishes it', async () => {
    const made = await madeVps();
    w.compute.failNextClone('template 9003 is locked');

    const failed = await converge('evt-1');

    expect(failed).toMatchObject({ outcome: 'out_of_step', actual: 'live' });
    expect(failed.outcome !== 'not_found' && failed.error).toContain('template 9003 is locked');
    const after = await service();
    expect(after?.vps?.reinstall).toEqual({ os: 'rockylinux-9', requestedAt: AT });
    expect(after?.vps?.os).toBe('ubuntu-24.04');

    expect(await converge('evt-2')).toMatchObject({ outcome: 'in_step' });
    expect(w.compute.all()).toEqual([
      expect.objectContaining({ vmid: made.vmid, ip: made.ip, os: 'rockylinux-9' }),
    ]);
  });
});

describe('a long clone on the Proxmox stand-in, through the real adapter', () => {
  const LONG_CLONE_MS = 10 * 60_000;
  let standIn: ProxmoxStandIn;
  let dataDir: string;
  let ahead = 0;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'converge-proxmox-'));
    ahead = 0;
    standIn = await startProxmoxStandIn({
      port: 0,
      dataDir,
      tokenId: 'storefront@pve!converge',
      secret: 'local_proxmox_secret',
      taskMs: 20,
      // A full clone of ten minutes on the stand-in's clock, which the test moves on.
      cloneMs: LONG_CLONE_MS,
      now: () => Date.now() + ahead,
    });
    const adapter = new ProxmoxCompute(
      new ProxmoxApi({
        credentials: async () => ({
          baseUrl: standIn.url,
          tokenId: 'storefront@pve!converge',
          secret: 'local_proxmox_secret',
          node: 'pve',
        }),
        pollMs: 10,
      }),
      async () => STAND_IN_TEMPLATES as Partial<Record<VpsOs, number>>,
      { pollMs: 10 },
    );
    w = world(undefined, adapter);
    await w.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
  });
  afterEach(async () => {
    await standIn.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const standInVms = async () =>
    ((await (await fetch(`${standIn.url}/_proxmox/vms`)).json()) as { vms: unknown[] }).vms;

  it('spans converge passes that never wait for it, then makes one running VM', async () => {
    await buyVps();

    for (const id of ['evt-1', 'evt-2', 'evt-3']) {
      const pass = await converge(id);
      expect(pass).toMatchObject({ outcome: 'out_of_step', actual: 'absent' });
      expect(pass.outcome !== 'not_found' && pass.error).toMatch(/still being made/);
    }
    const task = (await service())?.vps?.task;
    expect(task?.upid).toMatch(/^UPID:pve:.*:qmclone:/);
    expect(await standInVms()).toHaveLength(1);

    ahead += LONG_CLONE_MS;
    expect(await converge('evt-4')).toMatchObject({ outcome: 'in_step', actual: 'live' });

    expect(await standInVms()).toEqual([
      expect.objectContaining({
        vmid: task?.vmid,
        serviceId: SERVICE_ID,
        cores: 1,
        memoryMb: 1024,
        diskGb: 25,
        ip: '203.0.113.10',
        status: 'running',
        sshKeys: KEY,
      }),
    ]);
    expect(readyMails()).toHaveLength(1);
  });

  it('a reinstall spans passes too and keeps the VMID and address', async () => {
    await buyVps();
    await converge('evt-1');
    ahead += LONG_CLONE_MS;
    await converge('evt-2');
    const [made] = (await standInVms()) as { vmid: number; ip: string }[];
    await w.services.requestReinstall(ref(), {
      os: 'debian-12',
      requestedAt: '2026-11-27T05:00:00.000Z',
    });

    const pass = await converge('evt-3');
    expect(pass.outcome !== 'not_found' && pass.error).toMatch(/still being reinstalled/);
    ahead += LONG_CLONE_MS;
    expect(await converge('evt-4')).toMatchObject({ outcome: 'in_step', actual: 'live' });

    expect(await standInVms()).toEqual([
      expect.objectContaining({
        vmid: made?.vmid,
        ip: made?.ip,
        os: 'debian-12',
        status: 'running',
        sshKeys: KEY,
      }),
    ]);
    expect((await service())?.vps).toMatchObject({ os: 'debian-12', user: 'debian' });
  });
});
