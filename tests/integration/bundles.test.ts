/**
 * A bundle delivers every part it lists (D24), on the local stack from outside: a buyer with a
 * billing address orders a Standard Bundle with a domain to register and an SSH key, pays, and
 * converge makes its WHM account (Premium Hosting's package), registers its Premium Domain at the
 * registrar, makes its storage user (Standard Storage's 500 GB) and its VM (Basic VPS's 1 vCPU /
 * 1 GB / 25 GB with the key) on the stand-ins; the dashboard shows the bundle once with every part
 * ready; Cancel suspends the account and the storage user and stops the VM. A taken name is
 * refused before any order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  givenProfile,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';
import { sshPublicKey } from '../helpers/ssh-keys';

interface BundleService {
  id: string;
  planId: string;
  state: string;
  provisioning: { state: string };
  parts?: { kind: string; id: string; state: string; domain?: string }[];
}

let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});

afterAll(async () => {
  await stack?.dispose();
});

async function standIn<T>(path: string, key: string): Promise<T[]> {
  const res = await fetch(path);
  expect(res.status).toBe(200);
  return ((await res.json()) as Record<string, T[]>)[key] ?? [];
}

const accounts = () =>
  standIn<{ domain: string; plan: string; state: string }>(
    `${stack.whmUrl}/_whm/accounts`,
    'accounts',
  );
const domains = () =>
  standIn<{ name: string }>(`${stack.registrarUrl}/_registrar/domains`, 'domains');
const storageUsers = () =>
  standIn<{ serviceId: string; suspended: boolean; quotaBytes: number }>(
    `${stack.storageUrl}/_storage/users`,
    'users',
  );
const vms = () =>
  standIn<{
    serviceId: string;
    cores: number;
    memoryMb: number;
    diskGb: number;
    status: string;
    sshKeys: string;
  }>(`${stack.proxmoxUrl}/_proxmox/vms`, 'vms');

describe('a bundle on the local stack (D24)', () => {
  it('Standard Bundle with a domain and a key → WHM account, registered domain, storage user and VM; cancel → all suspended or stopped', async () => {
    const user = newUser('bundle');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    await givenProfile(stack, token);
    const name = `asha${Date.now().toString(36)}.in`;
    const key = sshPublicKey('ed25519', 'asha@laptop');

    const taken = await api(stack, 'POST', '/api/checkout/orders', {
      token,
      body: { planId: 'standardbundle', months: 12, domain: name, registerDomain: 'taken-asha.in' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ error: { code: 'domain_not_available' } });

    const order = await placeOrder(stack, token, {
      planId: 'standardbundle',
      months: 12,
      domain: name,
      registerDomain: name,
      vps: { os: 'debian-12', sshKeys: [key], hostname: 'asha-jobs' },
    });
    expect((await payOrder(stack, order.body.orderId)).status).toBe(200);

    const bundle = await eventually(
      async () => {
        const res = await api<{ services: BundleService[] }>(stack, 'GET', '/api/me/dashboard', {
          token,
        });
        return res.body.services.find(
          (s) =>
            s.planId === 'standardbundle' &&
            s.parts?.length === 4 &&
            s.parts.every((part) => part.state === 'ready'),
        );
      },
      'every part of the bundle ready on the dashboard',
      60_000,
    );
    expect(bundle.parts?.map((part) => part.kind)).toEqual(['hosting', 'domain', 'storage', 'vps']);
    const partId = (kind: string) => bundle.parts?.find((part) => part.kind === kind)?.id;
    const one = await api<BundleService>(stack, 'GET', `/api/me/services/${bundle.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.parts?.map((part) => part.state)).toEqual(['ready', 'ready', 'ready', 'ready']);

    expect((await accounts()).filter((a) => a.domain === name)).toEqual([
      expect.objectContaining({ plan: 'storefront_premium' }),
    ]);
    expect((await domains()).filter((d) => d.name === name)).toHaveLength(1);
    expect((await storageUsers()).filter((u) => u.serviceId === partId('storage'))).toEqual([
      expect.objectContaining({ suspended: false, quotaBytes: 500 * 1_000_000_000 }),
    ]);
    expect((await vms()).filter((vm) => vm.serviceId === partId('vps'))).toEqual([
      expect.objectContaining({
        cores: 1,
        memoryMb: 1024,
        diskGb: 25,
        status: 'running',
        sshKeys: key,
      }),
    ]);

    const cancel = await api(stack, 'POST', `/api/me/services/${bundle.id}/cancel`, {
      token,
      body: { reason: 'Testing' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(202);
    await eventually(
      async () => {
        const [account] = (await accounts()).filter((a) => a.domain === name);
        const [storage] = (await storageUsers()).filter((u) => u.serviceId === partId('storage'));
        const [vm] = (await vms()).filter((v) => v.serviceId === partId('vps'));
        const suspended = account?.state === 'suspended';
        return suspended && storage?.suspended && vm?.status === 'stopped' ? true : undefined;
      },
      'the cancelled bundle suspended and stopped everywhere',
      60_000,
    );
  });
});
