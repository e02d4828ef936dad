/**
 * A clone longer than the bus's retries (E31), on a stack of its own: the Proxmox stand-in takes
 * 25 s to clone and a converge pass waits on it for a second, so a converge that threw for the bus
 * to retry would run out of retries (8 attempts of a second each, the delays doubling from this
 * stack's 20 ms retry base: about 13 s, twice that on a loaded machine) and land in the bus's dead
 * letters, waiting for the reconciler. Converge's follow-up comes 30 s on (TASK_FOLLOW_UP_MS). Converge asks for its own next pass
 * instead: the local scheduler puts a ServiceChanged on the bus when it is due, and the VPS ends
 * running and Active with nothing dead-lettered and no reconciler run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../helpers/local-stack';
import {
  api,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';
import { sshPublicKey } from '../helpers/ssh-keys';

const CLONE_MS = 25_000;

interface VpsService {
  id: string;
  planId: string;
  state: string;
  provisioning: { state: string };
  vps?: { power?: string };
}

let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({
    env: {
      PROXMOX_CLONE_MS: String(CLONE_MS),
      // The bus gives up sooner than the clone ends (the shared stacks' base is 200 ms).
      LOCAL_RETRY_BASE_MS: '20',
      CLONE_WAIT_PER_PASS_SECONDS: '1',
      // The follow-up's log line is info.
      LOG_LEVEL: 'INFO',
    },
  });
});

afterAll(async () => {
  await stack?.dispose();
});

describe('a VPS whose clone outlasts the bus’s retries (E31)', () => {
  it('ends running and Active through converge’s own follow-ups, with nothing dead-lettered', async () => {
    const user = newUser('followup');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const order = await placeOrder(stack, token, {
      planId: 'basicvps',
      months: 1,
      vps: { os: 'ubuntu-24.04', sshKeys: [sshPublicKey('ed25519')], hostname: 'asha-slow' },
    });
    expect((await payOrder(stack, order.body.orderId)).status).toBe(200);

    const running = await eventually(
      async () => {
        const res = await api<{ services: VpsService[] }>(stack, 'GET', '/api/me/dashboard', {
          token,
        });
        return res.body.services.find(
          (s) => s.planId === 'basicvps' && s.state === 'active' && s.vps?.power === 'running',
        );
      },
      'the VPS running after its long clone',
      150_000,
    );

    expect(running.provisioning.state).toBe('ready');
    // Nothing ran out of retries: the bus's dead letters are empty.
    expect(readdirSync(join(stack.dataDir, 'eventbus', 'dlq'))).toEqual([]);
    // Converge asked for its next pass rather than failing its delivery.
    expect(stack.output()).toContain('Converge asked for its next pass');
  }, 200_000);
});
