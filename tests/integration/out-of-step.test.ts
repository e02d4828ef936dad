/**
 * A service's life in the operator's console on the local stack (D22), from outside: WHM is down
 * while a buyer pays for hosting, so after the bus's retries the service is out of step; an
 * operator finds it under Out of step with WHM's error, and once WHM is back "Converge now" makes
 * its one account, the service is ready and leaves the list. A cancelled VPS is not in the manual
 * provisioning queue, and marking it ready is refused.
 *
 * The console lists a service once it has been out of step for 15 minutes by the wall clock (the
 * admin Lambda's), so the test moves the service's out-of-step mark 16 minutes back in DynamoDB
 * rather than waiting (a test arrangement only, as tests/integration/admin.test.ts moves an
 * order's amount). The bus retries every 100 ms here, so its eight attempts end in seconds.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminProvisioningResponse,
  ConvergeServiceResponse,
  OutOfStepResponse,
} from '../../lambdas/domain/admin';
import { whmUsernameFor } from '../../lambdas/domain/provisioning';
import { localTableName } from '../../lambdas/system/facts';
import { newOperator } from '../helpers/operators';
import {
  deadLetters,
  dynamo as dynamoOf,
  pendingBusDeliveries,
  type BusDelivery,
} from '../helpers/faults/fault-stack';
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

interface DashboardService {
  id: string;
  planId: string;
  provisioning: { state: string; username?: string };
}

let stack: LocalStack;
let dynamo: DynamoDBDocumentClient;
let operatorToken: string;

beforeAll(async () => {
  stack = await startLocalStack({ env: { LOCAL_RETRY_BASE_MS: '100' } });
  dynamo = dynamoOf(stack);
  const operator = await newOperator(stack);
  operatorToken = await signIn(stack, operator);
});

afterAll(async () => {
  dynamo?.destroy();
  await stack?.dispose();
});

async function buyer(prefix: string) {
  const user = newUser(prefix);
  const { userSub } = await signUp(stack, user);
  return { user, userId: userSub, token: await signIn(stack, user) };
}

async function buy(token: string, planId: string, domain?: string): Promise<void> {
  const order = await placeOrder(stack, token, {
    planId,
    months: 12,
    ...(domain ? { domain } : {}),
  });
  expect((await payOrder(stack, order.body.orderId)).status).toBe(200);
}

async function serviceOf(token: string, planId: string, state?: string) {
  return eventually(
    async () => {
      const res = await api<{ services: DashboardService[] }>(stack, 'GET', '/api/me/dashboard', {
        token,
      });
      const found = res.body.services?.find((s) => s.planId === planId);
      return found && (state === undefined || found.provisioning.state === state)
        ? found
        : undefined;
    },
    `the ${planId} service${state ? ` ${state}` : ''}`,
    60_000,
  );
}

async function outage(on: boolean): Promise<void> {
  const res = await fetch(`${stack.whmUrl}/_whm/outage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ on }),
  });
  expect(res.status).toBe(200);
}

async function whmAccounts(): Promise<{ user: string; domain: string }[]> {
  const res = await fetch(`${stack.whmUrl}/_whm/accounts`);
  return ((await res.json()) as { accounts: { user: string; domain: string }[] }).accounts;
}

const outOfStepList = async () => {
  const res = await api<OutOfStepResponse>(stack, 'GET', '/api/admin/out-of-step', {
    token: operatorToken,
  });
  expect(res.status).toBe(200);
  return res.body.services;
};

const servicesTable = localTableName('services');

describe("a service's life in the console (D22)", () => {
  it('WHM down while a buyer pays: out of step after the retries; Converge now makes it ready once WHM is back', async () => {
    const { userId, token } = await buyer('out-of-step');
    const domain = `oos-${randomUUID().slice(0, 6)}.in`;
    await outage(true);
    let serviceId: string;
    try {
      await buy(token, 'basichosting', domain);
      serviceId = (await serviceOf(token, 'basichosting')).id;
      // Every attempt of the bus failed: each delivery of the purchase (the verify's and the
      // webhook's) is dead-lettered, none is left to retry.
      const ours = (d: BusDelivery) =>
        d.target === 'provisionService' && d.event.detail.domain === domain;
      await eventually(
        async () =>
          (deadLetters(stack).some(ours) && !pendingBusDeliveries(stack).some(ours)) || undefined,
        "the bus's last retry",
        60_000,
      );
    } finally {
      await outage(false);
    }

    const key = { userId, serviceId };
    const { Item: item } = await dynamo.send(
      new GetCommand({ TableName: servicesTable, Key: key }),
    );
    expect(item?.life).toMatchObject({
      desired: 'setting_up',
      actual: 'absent',
      outOfStepSince: expect.any(String),
      lastError: expect.stringMatching(/control panel did not answer/i),
    });
    expect(item?.lifeQueue).toBe('out-of-step');
    // Not listed before its 15 minutes are up.
    expect((await outOfStepList()).map((s) => s.serviceId)).not.toContain(serviceId);

    const since = new Date(Date.now() - 16 * 60_000).toISOString();
    await dynamo.send(
      new UpdateCommand({
        TableName: servicesTable,
        Key: key,
        UpdateExpression: 'SET life.outOfStepSince = :since, lifeQueueAt = :since',
        ExpressionAttributeValues: { ':since': since },
      }),
    );
    expect((await outOfStepList()).find((s) => s.serviceId === serviceId)).toEqual({
      serviceId,
      userId,
      planName: 'Basic Hosting',
      category: 'hosting',
      domain,
      desired: 'setting_up',
      actual: 'absent',
      since,
      lastError: expect.stringMatching(/control panel did not answer/i),
    });

    const converged = await api<ConvergeServiceResponse>(
      stack,
      'POST',
      `/api/admin/services/${serviceId}/converge`,
      { token: operatorToken, body: { userId } },
    );

    expect(converged.status).toBe(200);
    expect(converged.body.service).toEqual({ serviceId, desired: 'active', actual: 'live' });
    const ready = await serviceOf(token, 'basichosting', 'ready');
    expect(ready.provisioning.username).toBe(whmUsernameFor(serviceId, domain));
    expect((await whmAccounts()).filter((a) => a.domain === domain)).toHaveLength(1);
    expect((await outOfStepList()).map((s) => s.serviceId)).not.toContain(serviceId);
  });

  it('a VPS waiting for its key is not in the manual queue (D24); cancelled, it is never made and marking it ready answers 409', async () => {
    const { token } = await buyer('vps-cancel');
    await buy(token, 'basicvps');
    const vps = await serviceOf(token, 'basicvps');
    const manual = async () => {
      const res = await api<AdminProvisioningResponse>(
        stack,
        'GET',
        '/api/admin/provisioning?state=manual',
        { token: operatorToken },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.services.map((s) => s.serviceId);
    };
    // Bought without a key: set-up waits for the buyer, not an operator.
    expect(await manual()).not.toContain(vps.id);

    const cancel = await api(stack, 'POST', `/api/me/services/${vps.id}/cancel`, {
      token,
      body: { reason: 'Bought the wrong plan.' },
    });
    expect(cancel.status).toBe(202);

    expect(await manual()).not.toContain(vps.id);
    const vms = (await (await fetch(`${stack.proxmoxUrl}/_proxmox/vms`)).json()) as {
      vms: { serviceId: string }[];
    };
    expect(vms.vms.filter((vm) => vm.serviceId === vps.id)).toEqual([]);
    const marked = await api(stack, 'POST', `/api/admin/services/${vps.id}/provisioning`, {
      token: operatorToken,
      body: { details: { 'IP address': '203.0.113.25' } },
    });
    // Not an operator's to set up: it never waited for one.
    expect(marked.status).toBe(409);
    expect(marked.body).toMatchObject({ error: { code: 'service_not_waiting' } });
  });
});
