/**
 * One contract for the Compute port, run against the in-memory provider the use-case specs use
 * (InMemoryCompute) and against the real adapter (ProxmoxCompute over Proxmox VE's API) on the
 * local Proxmox stand-in, so the fake's rules for provisioning once (adopting the service's VM),
 * power, keys, reinstalling with the same VMID and address, deleting, a missing template, a disk
 * that never shrinks and outages cannot drift from what the adapter makes of Proxmox's answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProxmoxStandIn, STAND_IN_TEMPLATES } from '../../../infra/local/proxmox/server';
import { ProxmoxApi } from '../../../lambdas/adapters/proxmox/proxmox-api';
import { ProxmoxCompute } from '../../../lambdas/adapters/proxmox/proxmox-compute';
import {
  ComputeAccessDeniedError,
  ComputeUnavailableError,
  TemplateMissingError,
  type Compute,
  type TaskState,
  type VmSpec,
  type VpsOs,
} from '../../../lambdas/ports/compute';
import { InMemoryCompute } from '../../helpers/fakes/compute';
import { sshPublicKey } from '../../helpers/ssh-keys';

interface Subject {
  readonly compute: Compute;
  outage(on: boolean): Promise<void>;
  /** The OS's template is gone from the provider. */
  dropTemplate(os: VpsOs): void;
  /** From now on the provider refuses our token. */
  refuseToken(): void;
  /** Clones started from now on run until endClones() (a long full clone). */
  slowClones(): void;
  /** Every running clone's time has come. */
  endClones(): void;
  /** The next clone's task fails with this sentence. */
  failNextClone(reason: string): void;
  /** The stand-in's `GET /_proxmox/vms` (undefined for the fake). */
  listed?: () => Promise<unknown>;
  stop(): Promise<void>;
}

function fakeSubject(): Subject {
  const compute = new InMemoryCompute();
  return {
    compute,
    async outage(on) {
      compute.down = on;
    },
    dropTemplate(os) {
      compute.templates.delete(os);
    },
    refuseToken() {
      // The fake has no token: the adapter's mapping of a refused token is checked on the stand-in.
    },
    slowClones() {
      compute.holdTasks = true;
    },
    endClones() {
      compute.finishTasks();
    },
    failNextClone(reason) {
      compute.failNextClone(reason);
    },
    async stop() {},
  };
}

const TOKEN_ID = 'storefront@pve!converge';
const SECRET = 'local_proxmox_secret';

async function standInSubject(): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'proxmox-contract-'));
  // The stand-in's clock: real time, moved on by endClones() past a long clone's end.
  let ahead = 0;
  const standIn = await startProxmoxStandIn({
    port: 0,
    dataDir,
    tokenId: TOKEN_ID,
    secret: SECRET,
    taskMs: 20,
    now: () => Date.now() + ahead,
  });
  let templates: Partial<Record<VpsOs, number>> = { ...STAND_IN_TEMPLATES };
  const adapter = (secret: string) =>
    new ProxmoxCompute(
      new ProxmoxApi({
        credentials: async () => ({ baseUrl: standIn.url, tokenId: TOKEN_ID, secret, node: 'pve' }),
        pollMs: 10,
      }),
      async () => templates,
      { pollMs: 10 },
    );
  let compute = adapter(SECRET);
  return {
    get compute() {
      return compute;
    },
    async outage(on) {
      const response = await fetch(`${standIn.url}/_proxmox/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ on }),
      });
      expect(response.status).toBe(200);
    },
    dropTemplate(os) {
      // A template id that names no VM on the node: as if the template was deleted.
      templates = { ...templates, [os]: 8999 };
    },
    refuseToken() {
      compute = adapter('a-secret-proxmox-never-issued');
    },
    slowClones() {
      standIn.setCloneMs(LONG_CLONE_MS);
    },
    endClones() {
      ahead += LONG_CLONE_MS;
    },
    failNextClone(reason) {
      standIn.failNextClone(reason);
    },
    listed: async () => (await fetch(`${standIn.url}/_proxmox/vms`)).json(),
    async stop() {
      await standIn.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A full clone of a large template: ten minutes of the stand-in's clock. */
const LONG_CLONE_MS = 10 * 60_000;

const KEY = sshPublicKey('ed25519', 'asha@laptop');
const OTHER_KEY = sshPublicKey('ecdsa-256', 'asha@phone');

function spec(overrides: Partial<VmSpec> = {}): VmSpec {
  return {
    serviceId: 'svc_basicvps_1',
    hostname: 'asha-vps',
    os: 'ubuntu-24.04',
    cores: 1,
    memoryMb: 1024,
    diskGb: 25,
    user: 'ubuntu',
    sshKeys: [KEY],
    ipv4: { address: '203.0.113.10', prefixLength: 24, gateway: '203.0.113.1' },
    ...overrides,
  };
}

/** The task's state once it has ended (the stand-in's short tasks end within milliseconds). */
async function settled(compute: Compute, task: string): Promise<TaskState> {
  for (let read = 0; read < 200; read += 1) {
    const status = await compute.taskStatus(task);
    if (status.state !== 'running') return status;
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 10));
  }
  throw new Error(`task ${task} still running`);
}

describe.each([
  ['in memory', async () => fakeSubject()],
  ['ProxmoxCompute on the Proxmox stand-in', standInSubject],
])('Compute (%s)', (_name, makeSubject) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await makeSubject();
  });
  afterEach(async () => {
    await subject.stop();
  });

  it('provisions a running VM with the spec: cores, memory, disk, user, keys and address', async () => {
    const vm = await subject.compute.provision(spec({ sshKeys: [KEY, OTHER_KEY] }));

    expect(vm).toMatchObject({
      serviceId: 'svc_basicvps_1',
      hostname: 'asha-vps',
      os: 'ubuntu-24.04',
      cores: 1,
      memoryMb: 1024,
      diskGb: 25,
      user: 'ubuntu',
      sshKeys: [KEY, OTHER_KEY],
      ip: '203.0.113.10',
      power: 'running',
    });
    expect(await subject.compute.get(vm.vmid)).toEqual(vm);
    expect(await subject.compute.find('svc_basicvps_1')).toEqual(vm);
    expect(await subject.compute.find('svc_someone_else')).toBeUndefined();
  });

  it('provisioning again adopts the same VM instead of making a second', async () => {
    const first = await subject.compute.provision(spec());
    await subject.compute.power(first.vmid, 'stop');

    const second = await subject.compute.provision(spec({ cores: 2, memoryMb: 4096, diskGb: 80 }));

    expect(second.vmid).toBe(first.vmid);
    expect(second).toMatchObject({ cores: 2, memoryMb: 4096, diskGb: 80, power: 'running' });
  });

  it('never shrinks a disk', async () => {
    const vm = await subject.compute.provision(spec({ diskGb: 80 }));
    const again = await subject.compute.provision(spec({ diskGb: 25 }));
    expect(again).toMatchObject({ vmid: vm.vmid, diskGb: 80 });
  });

  it('stops, starts and reboots; starting a running VM or stopping a stopped one changes nothing', async () => {
    const { vmid } = await subject.compute.provision(spec());

    expect((await subject.compute.power(vmid, 'stop')).power).toBe('stopped');
    expect((await subject.compute.power(vmid, 'stop')).power).toBe('stopped');
    expect((await subject.compute.power(vmid, 'start')).power).toBe('running');
    expect((await subject.compute.power(vmid, 'start')).power).toBe('running');
    expect((await subject.compute.power(vmid, 'reboot')).power).toBe('running');
    expect((await subject.compute.power(vmid, 'shutdown')).power).toBe('stopped');
    expect((await subject.compute.get(vmid))?.power).toBe('stopped');
  });

  it('replaces the SSH keys', async () => {
    const { vmid } = await subject.compute.provision(spec());
    const vm = await subject.compute.setSshKeys(vmid, [OTHER_KEY]);
    expect(vm.sshKeys).toEqual([OTHER_KEY]);
  });

  it('reinstalls another OS keeping the VMID and the address', async () => {
    const vm = await subject.compute.provision(spec());

    const again = await subject.compute.reinstall(
      vm.vmid,
      spec({ os: 'debian-12', user: 'debian' }),
    );

    expect(again).toMatchObject({
      vmid: vm.vmid,
      ip: '203.0.113.10',
      os: 'debian-12',
      user: 'debian',
      sshKeys: [KEY],
      diskGb: 25,
      power: 'running',
    });
    expect(await subject.compute.find('svc_basicvps_1')).toEqual(again);
  });

  it('starts a clone without waiting for it: the VM is busy while it runs, then provision configures and starts that one', async () => {
    subject.slowClones();

    const started = await subject.compute.startClone(spec());

    expect(await subject.compute.taskStatus(started.task)).toEqual({ state: 'running' });
    expect(await subject.compute.find('svc_basicvps_1')).toMatchObject({
      vmid: started.vmid,
      busy: true,
    });
    subject.endClones();
    expect(await subject.compute.taskStatus(started.task)).toEqual({ state: 'done' });
    expect((await subject.compute.get(started.vmid))?.busy).toBeFalsy();
    const vm = await subject.compute.provision(spec());
    expect(vm).toMatchObject({
      vmid: started.vmid,
      cores: 1,
      memoryMb: 1024,
      diskGb: 25,
      user: 'ubuntu',
      sshKeys: [KEY],
      ip: '203.0.113.10',
      power: 'running',
    });
  });

  it('clones to the VMID it is given, marked with the spec’s build (a reinstall keeps its VMID)', async () => {
    const vm = await subject.compute.provision(spec());
    await subject.compute.destroy(vm.vmid);

    const started = await subject.compute.startClone(
      spec({ os: 'debian-12', user: 'debian', build: '2026-11-27T04:00:00.000Z' }),
      vm.vmid,
    );

    expect(started.vmid).toBe(vm.vmid);
    expect(await settled(subject.compute, started.task)).toEqual({ state: 'done' });
    expect(await subject.compute.get(vm.vmid)).toMatchObject({
      serviceId: 'svc_basicvps_1',
      os: 'debian-12',
      build: '2026-11-27T04:00:00.000Z',
    });
  });

  it('a clone whose task fails says why and leaves no VM', async () => {
    subject.failNextClone('storage local-lvm is full');

    const started = await subject.compute.startClone(spec());

    const status = await settled(subject.compute, started.task);
    expect(status).toMatchObject({ state: 'failed' });
    expect(status.state === 'failed' && status.reason).toContain('storage local-lvm is full');
    expect(await subject.compute.find('svc_basicvps_1')).toBeUndefined();
  });

  it('starting a clone of an OS without a template is TemplateMissingError', async () => {
    subject.dropTemplate('almalinux-9');
    await expect(subject.compute.startClone(spec({ os: 'almalinux-9' }))).rejects.toBeInstanceOf(
      TemplateMissingError,
    );
    expect(await subject.compute.find('svc_basicvps_1')).toBeUndefined();
  });

  it('destroys the VM; destroying it again is nothing', async () => {
    const { vmid } = await subject.compute.provision(spec());

    await subject.compute.destroy(vmid);
    await subject.compute.destroy(vmid);

    expect(await subject.compute.get(vmid)).toBeUndefined();
    expect(await subject.compute.find('svc_basicvps_1')).toBeUndefined();
  });

  it('an OS without a template is TemplateMissingError, and nothing is made', async () => {
    subject.dropTemplate('rockylinux-9');
    await expect(subject.compute.provision(spec({ os: 'rockylinux-9' }))).rejects.toBeInstanceOf(
      TemplateMissingError,
    );
    expect(await subject.compute.find('svc_basicvps_1')).toBeUndefined();
  });

  it('an outage is ComputeUnavailableError; afterwards provisioning works', async () => {
    await subject.outage(true);
    await expect(subject.compute.provision(spec())).rejects.toBeInstanceOf(ComputeUnavailableError);
    await subject.outage(false);
    expect((await subject.compute.provision(spec())).power).toBe('running');
  });

  it('a refused token is ComputeAccessDeniedError (the stand-in checks it)', async () => {
    subject.refuseToken();
    if (subject.compute instanceof InMemoryCompute) return;
    await expect(subject.compute.find('svc_basicvps_1')).rejects.toBeInstanceOf(
      ComputeAccessDeniedError,
    );
  });
});

describe('the Proxmox stand-in', () => {
  it('lists its VMs with the keys decoded, one a line, for the tests', async () => {
    const subject = await standInSubject();
    try {
      const vm = await subject.compute.provision(spec({ sshKeys: [KEY, OTHER_KEY] }));
      expect(await subject.listed?.()).toEqual({
        vms: [
          {
            vmid: vm.vmid,
            name: 'asha-vps',
            serviceId: 'svc_basicvps_1',
            os: 'ubuntu-24.04',
            cores: 1,
            memoryMb: 1024,
            diskGb: 25,
            ip: '203.0.113.10',
            status: 'running',
            sshKeys: `${KEY}\n${OTHER_KEY}`,
          },
        ],
      });
    } finally {
      await subject.stop();
    }
  });
});
