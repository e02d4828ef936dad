/**
 * A bundle delivers every part it lists (D24), driven by converge (D22) on in-memory fakes: the
 * Standard Bundle's hosting on the panel, its domain at the registrar, its storage user and its
 * VM, each once however many deliveries race; one provider down leaves the others delivered and
 * the bundle out of step naming the part, repaired by the next converge; a hold reaches every
 * part; a crash between a part's making and its record is adopted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseIpv4Ranges } from '../../../../lambdas/domain/ipv4-pool';
import { partServiceIdOf } from '../../../../lambdas/domain/bundle-parts';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { ensureBundleParts } from '../../../../lambdas/use-cases/converge-parts';
import { buildDashboard } from '../../../../lambdas/use-cases/build-dashboard';
import { getMyService } from '../../../../lambdas/use-cases/bundle-parts-view';
import { InMemoryAddressPool } from '../../../helpers/fakes/address-pool';
import { InMemoryCompute } from '../../../helpers/fakes/compute';
import { InMemoryObjectStorage, InMemoryStorageParts } from '../../../helpers/fakes/object-storage';
import {
  CONVERGE_START as START,
  convergeWorld,
  givenBuyer,
  givenPaidYear,
  NAMESERVERS as NS,
  REGISTRANT as CONTACT,
} from '../../../helpers/converge-world';
import { BUYER } from '../../../helpers/fakes/world';
import { sshPublicKey } from '../../../helpers/ssh-keys';

const BUNDLE_ID = 'svc_standardbundle1';
const NAME = 'ashaverma.in';
const KEY = sshPublicKey('ed25519');

function world() {
  const compute = new InMemoryCompute();
  const ranges = parseIpv4Ranges('203.0.113.10-203.0.113.12/24@203.0.113.1');
  const pool = new InMemoryAddressPool(() => ranges);
  const storage = new InMemoryObjectStorage();
  const w = convergeWorld((base) => ({
    registrar: {
      registrar: base.registrar,
      contact: async () => CONTACT,
      nameservers: async () => NS,
    },
    compute: { compute, pool, services: base.services },
    storage: { storage, parts: new InMemoryStorageParts(base.services) },
  }));
  return Object.assign(w, { compute, storage });
}

let w: ReturnType<typeof world>;

beforeEach(async () => {
  w = world();
  await givenBuyer(w);
  const { at, renewalDate } = await givenPaidYear(
    w,
    {
      serviceId: BUNDLE_ID,
      planId: 'standardbundle',
      planName: 'Standard Bundle',
      category: 'bundle',
      domain: NAME,
    },
    { paymentId: 'pay_Bundle00001', amountPaise: 8_494_584 },
  );
  await ensureBundleParts(
    w.services,
    { userId: BUYER.userId, serviceId: BUNDLE_ID, planId: 'standardbundle', renewalDate },
    at,
    { registerDomain: NAME, vps: { os: 'debian-12', hostname: 'asha-vps', sshKeys: [KEY] } },
  );
});

const ref = { userId: BUYER.userId, serviceId: BUNDLE_ID };
const converge = (deliveryId = 'evt-1') => convergeService(w.deps, ref, { deliveryId });
const part = (kind: 'domain' | 'storage' | 'vps') =>
  w.services.getService(BUYER.userId, partServiceIdOf(BUNDLE_ID, kind));

function delivered() {
  return {
    accounts: [...w.panel.accounts.values()].map((a) => a.domain),
    domains: w.registrar.all().map((d) => d.name),
    users: w.storage.all().map((u) => u.serviceId),
    vms: w.compute.all().map((vm) => ({ serviceId: vm.serviceId, power: vm.power })),
  };
}

describe('a bundle delivers every part it lists (D24)', () => {
  it('makes the hosting account, registers the domain, makes the storage user and the VM, each from its own plan', async () => {
    const result = await converge();

    expect(result).toMatchObject({ outcome: 'in_step', desired: 'active', actual: 'live' });
    expect(delivered()).toEqual({
      accounts: [NAME],
      domains: [NAME],
      users: [partServiceIdOf(BUNDLE_ID, 'storage')],
      vms: [{ serviceId: partServiceIdOf(BUNDLE_ID, 'vps'), power: 'running' }],
    });
    // Premium Hosting's package; Standard Storage's 500 GB; Basic VPS's 1 vCPU / 1 GB / 25 GB.
    expect([...w.panel.accounts.values()][0]?.package).toBe('storefront_premium');
    expect(w.storage.all()[0]?.quotaBytes).toBe(500 * 1_000_000_000);
    expect(w.compute.all()[0]).toMatchObject({
      cores: 1,
      memoryMb: 1024,
      diskGb: 25,
      os: 'debian-12',
      sshKeys: [KEY],
    });
    for (const kind of ['domain', 'storage', 'vps'] as const) {
      expect((await part(kind))?.provisioning?.state).toBe('ready');
    }
    // One ready mail per part, each naming the bundle and the part, none with a secret.
    const ready = w.mailer.sent.filter((mail) => /is ready/.test(mail.subject));
    expect(ready.map((mail) => mail.subject).sort()).toEqual([
      'Your Standard Bundle (Cloud storage: Standard Storage) is ready',
      'Your Standard Bundle (Domain: Premium Domain) is ready',
      'Your Standard Bundle (VPS: Basic VPS) is ready',
      'Your Standard Bundle is ready',
    ]);
    const vpsMail = ready.find((mail) => /VPS/.test(mail.subject));
    expect(JSON.stringify(vpsMail)).toContain('ssh debian@203.0.113.10');
    for (const mail of ready) expect(JSON.stringify(mail)).not.toMatch(/password:/i);
  });

  it('10 concurrent converges deliver each part once', async () => {
    await Promise.allSettled(Array.from({ length: 10 }, (_, i) => converge(`evt-${i}`)));
    const result = await converge('evt-after');

    expect(result).toMatchObject({ outcome: 'in_step' });
    expect(w.panel.creates).toBe(1);
    expect(w.registrar.registrations).toBe(1);
    expect(w.storage.usersCreated).toBe(1);
    expect(w.compute.clones).toBe(1);
    expect(w.mailer.sent.filter((mail) => /is ready/.test(mail.subject))).toHaveLength(4);
  });

  it('one provider down: the other parts are delivered, the bundle is out of step naming the part, and the next converge repairs it', async () => {
    w.compute.down = true;

    const result = await converge();

    expect(result).toMatchObject({ outcome: 'out_of_step', desired: 'active' });
    expect(result.outcome !== 'not_found' && result.error).toMatch(/^VPS: /);
    expect(delivered()).toMatchObject({ accounts: [NAME], domains: [NAME], vms: [] });
    expect(delivered().users).toHaveLength(1);
    const bundle = await w.services.getService(BUYER.userId, BUNDLE_ID);
    expect(bundle?.life).toMatchObject({ outOfStepSince: START.toISOString() });
    expect(bundle?.life?.lastError).toMatch(/^VPS: /);

    w.compute.down = false;
    expect(await converge('evt-2')).toMatchObject({ outcome: 'in_step' });
    expect(w.compute.clones).toBe(1);
    const after = await w.services.getService(BUYER.userId, BUNDLE_ID);
    expect(after?.life?.outOfStepSince).toBeUndefined();
  });

  it('a bus delivery finding another holding the bundle hands over, unless one of its parts failed: then it throws for the bus to retry', async () => {
    await w.records.begin(BUYER.userId, BUNDLE_ID, 'pending', START);
    await w.records.claim(BUYER.userId, BUNDLE_ID, 'evt-holder', START);
    const asBus = (deliveryId: string) =>
      convergeService(w.deps, ref, { deliveryId, rethrow: true, handOver: true });

    w.compute.down = true;
    await expect(asBus('evt-1')).rejects.toThrow();

    w.compute.down = false;
    expect(await asBus('evt-2')).toMatchObject({ outcome: 'handed_over' });
    expect(w.records.stored(BUYER.userId, BUNDLE_ID)?.claim?.by).toBe('evt-holder');
    expect(w.panel.creates).toBe(0);
  });

  it("handed the bundle's item to start from (as the renewal job hands it), each part still starts from its own view", async () => {
    await converge();
    const bundle = await w.services.getService(BUYER.userId, BUNDLE_ID);
    await w.services.changeFacts(ref, { kind: 'hold' }, bundle!.version, START.toISOString());
    const held = await w.services.getService(BUYER.userId, BUNDLE_ID);

    const result = await convergeService(w.deps, ref, {
      deliveryId: 'renewal-reminders:run-1',
      service: held,
    });

    expect(result).toMatchObject({ outcome: 'in_step', desired: 'suspended' });
    if (result.outcome === 'not_found') throw new Error('not found');
    expect(result.parts?.map((p) => [p.kind, p.inStep])).toEqual(
      expect.arrayContaining([
        ['domain', true],
        ['storage', true],
        ['vps', true],
      ]),
    );
    expect([...w.panel.accounts.values()][0]?.suspended).toBe(true);
    expect(w.storage.all()[0]?.suspended).toBe(true);
    expect(w.compute.all()[0]?.power).toBe('stopped');
  });

  it('a hold reaches every part: the account and the storage user suspended, the VM stopped; lifted, all live again', async () => {
    await converge();
    const bundle = await w.services.getService(BUYER.userId, BUNDLE_ID);
    await w.services.changeFacts(ref, { kind: 'hold' }, bundle!.version, START.toISOString());

    expect(await converge('evt-hold')).toMatchObject({ outcome: 'in_step', desired: 'suspended' });
    expect([...w.panel.accounts.values()][0]?.suspended).toBe(true);
    expect(w.storage.all()[0]?.suspended).toBe(true);
    expect(w.compute.all()[0]?.power).toBe('stopped');
    // The name stays registered to its expiry: nothing to switch off.
    expect(w.registrar.all()).toHaveLength(1);

    const held = await w.services.getService(BUYER.userId, BUNDLE_ID);
    await w.services.changeFacts(ref, { kind: 'unhold' }, held!.version, START.toISOString());
    expect(await converge('evt-unhold')).toMatchObject({ outcome: 'in_step', desired: 'active' });
    expect([...w.panel.accounts.values()][0]?.suspended).toBe(false);
    expect(w.storage.all()[0]?.suspended).toBe(false);
    expect(w.compute.all()[0]?.power).toBe('running');
  });

  it('a crash after the VM was cloned and before it was recorded: the next converge adopts it', async () => {
    w.compute.afterClone = () => {
      throw new Error('process killed');
    };
    const crashed = await converge('evt-crashed');
    expect(crashed).toMatchObject({ outcome: 'out_of_step' });
    expect(crashed.outcome !== 'not_found' && crashed.error).toMatch(/^VPS: process killed/);
    w.compute.afterClone = () => undefined;

    expect(await converge('evt-2')).toMatchObject({ outcome: 'in_step' });
    expect(w.compute.all()).toHaveLength(1);
    expect(w.compute.clones).toBe(1);
  });

  it('converging a part converges its bundle', async () => {
    const result = await convergeService(
      w.deps,
      { userId: BUYER.userId, serviceId: partServiceIdOf(BUNDLE_ID, 'vps') },
      { deliveryId: 'evt-part' },
    );
    expect(result).toMatchObject({ outcome: 'in_step', desired: 'active' });
    expect(delivered().accounts).toEqual([NAME]);
  });

  it("the dashboard shows the bundle once, with each part's own id, state and fields", async () => {
    w.compute.down = true;
    await converge();

    const { services } = await buildDashboard(w, BUYER);

    expect(services.map((s) => s.id)).toEqual([BUNDLE_ID]);
    expect(services[0]?.parts).toEqual([
      expect.objectContaining({
        kind: 'hosting',
        id: BUNDLE_ID,
        name: 'Premium Hosting',
        state: 'ready',
        domain: NAME,
      }),
      expect.objectContaining({
        kind: 'domain',
        id: partServiceIdOf(BUNDLE_ID, 'domain'),
        name: 'Premium Domain',
        state: 'ready',
        domain: NAME,
      }),
      expect.objectContaining({
        kind: 'storage',
        state: 'ready',
        storage: expect.objectContaining({ quotaBytes: 500 * 1_000_000_000 }),
      }),
      expect.objectContaining({
        kind: 'vps',
        id: partServiceIdOf(BUNDLE_ID, 'vps'),
        state: 'setting_up',
        vps: expect.objectContaining({ os: 'debian-12', hostname: 'asha-vps' }),
      }),
    ]);
  });

  it('a name taken before it was registered fails the domain part only (no refund for the part), and the bundle refunds everything, keeping nothing back for it (D6)', async () => {
    w.registrar.take(NAME);

    const result = await converge();

    expect(result).toMatchObject({ outcome: 'out_of_step', desired: 'active' });
    expect(result.outcome !== 'not_found' && result.error).toMatch(/^Domain \(ashaverma\.in\): /);
    expect((await part('domain'))?.provisioning?.state).toBe('failed');
    expect(delivered().accounts).toEqual([NAME]);
    expect(w.compute.clones).toBe(1);
    const { services } = await buildDashboard(w, BUYER);
    expect(services[0]?.parts?.find((p) => p.kind === 'domain')?.state).toBe('failed');
    expect(services[0]?.refundablePaise).toBe(8_494_584);
  });

  it('registered: the bundle’s refund keeps the domain’s ₹1,178.82 back', async () => {
    await converge();
    const { services } = await buildDashboard(w, BUYER);
    expect(services[0]?.refundablePaise).toBe(8_494_584 - 117_882);
  });

  it('GET /api/me/services/{id}: the bundle with its parts; a part, or another buyer, is not found', async () => {
    await converge();

    const one = await getMyService(w, BUYER.userId, BUNDLE_ID);
    const { services } = await buildDashboard(w, BUYER);
    expect(one).toEqual(services[0]);
    expect(one.parts?.map((p) => [p.kind, p.state])).toEqual([
      ['hosting', 'ready'],
      ['domain', 'ready'],
      ['storage', 'ready'],
      ['vps', 'ready'],
    ]);
    await expect(
      getMyService(w, BUYER.userId, partServiceIdOf(BUNDLE_ID, 'vps')),
    ).rejects.toMatchObject({ code: 'service_not_found' });
    await expect(getMyService(w, 'someone-else', BUNDLE_ID)).rejects.toMatchObject({
      code: 'service_not_found',
    });
  });

  it('ended then removed by an operator: every part follows (account terminated, VM destroyed, storage user deleted; the name stays registered to its expiry)', async () => {
    await converge();
    for (const kind of ['end', 'remove'] as const) {
      const bundle = await w.services.getService(BUYER.userId, BUNDLE_ID);
      await w.services.changeFacts(ref, { kind }, bundle!.version, START.toISOString());
    }

    expect(await converge('evt-remove')).toMatchObject({ outcome: 'in_step', desired: 'removed' });
    expect(delivered()).toMatchObject({ accounts: [], users: [], vms: [], domains: [NAME] });
  });
});
