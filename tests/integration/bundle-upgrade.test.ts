/**
 * A bundle upgraded to a larger bundle moves every part (D26 with D24), on the local stack from
 * outside: a Standard Bundle with a domain and a key is delivered; its upgrade to the Premium
 * Bundle is quoted with the parts that change and paid; the stand-ins then show Enterprise
 * Hosting's WHM package, Premium Storage's 1 TB quota and Premium VPS's 2 vCPU / 4 GB / 80 GB VM,
 * and the card every part on its new plan. A full refund of the upgrade payment at Razorpay puts
 * the package, the quota and the VM's cores and memory back; the VM's disk stays 80 GB.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../lambdas/domain/api';
import type { Quote } from '../../lambdas/domain/pricing';
import { LOCAL_SECRETS, type LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
  givenProfile,
} from '../helpers/storefront-client';
import { sshPublicKey } from '../helpers/ssh-keys';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
}, 60_000);
const basicAuth = `Basic ${Buffer.from(`${LOCAL_SECRETS.keyId}:${LOCAL_SECRETS.keySecret}`).toString('base64')}`;
const GB = 1_000_000_000;

async function standIn<T>(path: string, key: string): Promise<T[]> {
  const res = await fetch(path);
  expect(res.status).toBe(200);
  return ((await res.json()) as Record<string, T[]>)[key] ?? [];
}

const sizes = async (name: string, storageId: string, vpsId: string) => {
  const [accounts, users, vms] = await Promise.all([
    standIn<{ domain: string; plan: string }>(`${stack.whmUrl}/_whm/accounts`, 'accounts'),
    standIn<{ serviceId: string; quotaBytes: number }>(
      `${stack.storageUrl}/_storage/users`,
      'users',
    ),
    standIn<{ serviceId: string; cores: number; memoryMb: number; diskGb: number; status: string }>(
      `${stack.proxmoxUrl}/_proxmox/vms`,
      'vms',
    ),
  ]);
  const vm = vms.filter((v) => v.serviceId === vpsId);
  return {
    packages: accounts.filter((a) => a.domain === name).map((a) => a.plan),
    quotas: users.filter((u) => u.serviceId === storageId).map((u) => u.quotaBytes / GB),
    vms: vm.map((v) => ({
      cores: v.cores,
      memoryMb: v.memoryMb,
      diskGb: v.diskGb,
      status: v.status,
    })),
  };
};

const card = async (token: string, id: string) =>
  (await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token })).body.services.find(
    (s) => s.id === id,
  );

describe('a bundle upgrade on the local stack (D26, D24)', () => {
  it('Standard → Premium Bundle: every part moves on the stand-ins; refunded, each goes back but the disk', async () => {
    const user = newUser('bundleup');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    await givenProfile(stack, token);
    const name = `ashaup${Date.now().toString(36)}.in`;
    const bought = await placeOrder(stack, token, {
      planId: 'standardbundle',
      months: 12,
      domain: name,
      registerDomain: name,
      vps: {
        os: 'debian-12',
        sshKeys: [sshPublicKey('ed25519', 'asha@laptop')],
        hostname: 'asha-jobs',
      },
    });
    expect((await payOrder(stack, bought.body.orderId)).status).toBe(200);
    const bundle = await eventually(
      async () => {
        const found = (
          await api<DashboardResponse>(stack, 'GET', '/api/me/dashboard', { token })
        ).body.services.find((s) => s.planId === 'standardbundle');
        return found?.parts?.length === 4 && found.parts.every((p) => p.state === 'ready')
          ? found
          : undefined;
      },
      'every part of the Standard Bundle ready',
      90_000,
    );
    const partId = (kind: string) => bundle.parts?.find((p) => p.kind === kind)?.id as string;
    const now = () => sizes(name, partId('storage'), partId('vps'));
    expect(await now()).toEqual({
      packages: ['storefront_premium'],
      quotas: [500],
      vms: [{ cores: 1, memoryMb: 1024, diskGb: 25, status: 'running' }],
    });

    const quoted = await api<Quote>(stack, 'POST', '/api/checkout/change-quote', {
      token,
      body: { planId: 'premiumbundle', changeFrom: bundle.id },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(
      quoted.body.change?.parts?.map((p) => `${p.kind}: ${p.fromPlanName} → ${p.toPlanName}`),
    ).toEqual([
      'hosting: Premium Hosting → Enterprise Hosting',
      'domain: Premium Domain → Enterprise Domain',
      'storage: Standard Storage → Premium Storage',
      'vps: Basic VPS → Premium VPS',
    ]);
    const order = await placeOrder(stack, token, {
      planId: 'premiumbundle',
      changeFrom: bundle.id,
      remainingDays: quoted.body.change?.remainingDays,
    });
    const paid = await payOrder(stack, order.body.orderId);
    expect(paid.status).toBe(200);

    const moved = {
      packages: ['storefront_enterprise'],
      quotas: [1024],
      vms: [{ cores: 2, memoryMb: 4096, diskGb: 80, status: 'running' }],
    };
    await eventually(
      async () => (JSON.stringify(await now()) === JSON.stringify(moved) ? true : undefined),
      'every part on the Premium Bundle’s plans at the stand-ins',
      90_000,
    );
    const upgraded = await eventually(async () => {
      const found = await card(token, bundle.id);
      return found?.planUpdating !== true ? found : undefined;
    }, 'the card no longer updating');
    expect(upgraded.parts?.map((p) => [p.name, p.planUpdating ?? false])).toEqual([
      ['Enterprise Hosting', false],
      ['Enterprise Domain', false],
      ['Premium Storage', false],
      ['Premium VPS', false],
    ]);
    expect(upgraded.renewalDate).toBe(bundle.renewalDate);
    // Enterprise Domain's DNSSEC, turned on by the buyer: the refund takes it away again (#29).
    const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) };
    const signed = await api(stack, 'POST', `/api/me/domains/${name}/ds-records`, {
      token,
      body: ds,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);

    // A full refund of the upgrade payment, made at Razorpay: each part goes back but the disk.
    const refund = await fetch(
      `${stack.simulatorUrl}/v1/payments/${paid.body.razorpay_payment_id}/refund`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuth },
        body: JSON.stringify({ amount: order.body.amountPaise }),
      },
    );
    expect(refund.status).toBe(200);
    const back = {
      packages: ['storefront_premium'],
      quotas: [500],
      vms: [{ cores: 1, memoryMb: 1024, diskGb: 80, status: 'running' }],
    };
    await eventually(
      async () => (JSON.stringify(await now()) === JSON.stringify(back) ? true : undefined),
      'every part back on the Standard Bundle’s plans, the disk kept',
      90_000,
    );
    await eventually(async () => {
      const res = await fetch(`${stack.registrarUrl}/_registrar/domains`);
      const { domains } = (await res.json()) as {
        domains: { name: string; dsRecords: unknown[] }[];
      };
      return domains.find((d) => d.name === name)?.dsRecords.length === 0 ? true : undefined;
    }, 'the DS record withdrawn at the registrar stand-in once Premium Domain is back');
    const after = await card(token, bundle.id);
    expect(after).toMatchObject({ planId: 'standardbundle', state: 'active' });
    expect(after?.parts?.map((p) => p.name)).toEqual([
      'Premium Hosting',
      'Premium Domain',
      'Standard Storage',
      'Basic VPS',
    ]);
  }, 300_000);
});
