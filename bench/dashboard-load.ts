/**
 * GET /api/me/dashboard for a buyer with many services and payments: one real purchase through
 * the local stack (so every item has the shape the adapters write), then its service cloned to 50
 * services and its purchase and order to 200 each, written straight into dynalite by BatchWrite.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { HOME_REGION, localTableName } from '../lambdas/system/facts';
import type { LocalStack } from '../tests/helpers/local-stack';
import { api, eventually, givenProfile, payOrder } from '../tests/helpers/storefront-client';
import { sshPublicKey } from '../tests/helpers/ssh-keys';
import type { Service } from '../lambdas/domain/services';
import { loadTest, type LoadFigure } from './api-load';
import { benchSession, type BenchSession } from './session';

export const DASHBOARD_SERVICES = 50;
export const DASHBOARD_PAYMENTS = 200;

type Item = Record<string, unknown>;

async function writeAll(client: DynamoDBDocumentClient, table: string, items: Item[]) {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const out = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}

async function query(
  client: DynamoDBDocumentClient,
  input: ConstructorParameters<typeof QueryCommand>[0],
) {
  return (await client.send(new QueryCommand(input))).Items ?? [];
}

export interface SeededDashboard {
  idToken: string;
  services: number;
  payments: number;
}

/** The buyer with 50 services and 200 payments, and what their dashboard shows. */
export async function seedDashboard(stack: LocalStack): Promise<SeededDashboard> {
  const session = await benchSession(stack, 'bench-dashboard');
  const order = await api<{ orderId: string }>(stack, 'POST', '/api/checkout/orders', {
    token: session.idToken,
    body: { planId: 'basichosting', months: 12 },
  });
  if (order.status !== 201) throw new Error(`order failed: ${order.status}`);
  const paid = await payOrder(stack, order.body.orderId, 'success');
  if (paid.status !== 200) throw new Error(`pay failed: ${paid.status}`);
  await eventually(async () => {
    const dashboard = await api<{ services: unknown[] }>(stack, 'GET', '/api/me/dashboard', {
      token: session.idToken,
    });
    return dashboard.body.services.length === 1 ? true : undefined;
  }, 'the seed purchase on the dashboard');

  const raw = new DynamoDBClient({
    region: HOME_REGION,
    endpoint: `http://127.0.0.1:${stack.ports.dynamodb}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const client = DynamoDBDocumentClient.from(raw);
  try {
    const userId = session.userId;
    const byUser = {
      KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': userId },
    };
    const [service] = await query(client, { TableName: localTableName('services'), ...byUser });
    const [purchase] = await query(client, { TableName: localTableName('purchases'), ...byUser });
    const [orderItem] = await query(client, {
      TableName: localTableName('orders'),
      IndexName: 'byUser',
      ...byUser,
    });
    if (!service || !purchase || !orderItem) throw new Error('the seed purchase left no items');
    const serviceIds = Array.from({ length: DASHBOARD_SERVICES }, (_, i) =>
      i === 0 ? String(service.serviceId) : `${String(service.serviceId)}-b${i}`,
    );
    await writeAll(
      client,
      localTableName('services'),
      serviceIds.slice(1).map((serviceId) => ({ ...service, serviceId })),
    );
    const clones = Array.from({ length: DASHBOARD_PAYMENTS - 1 }, (_, n) => n + 1);
    await writeAll(
      client,
      localTableName('purchases'),
      clones.map((n) => ({
        ...purchase,
        purchaseId: `${String(purchase.purchaseId)}-b${n}`,
        paymentId: `${String(purchase.paymentId)}b${n}`,
        orderId: `${String(purchase.orderId)}b${n}`,
        ...(purchase.serviceId === undefined
          ? {}
          : { serviceId: serviceIds[n % DASHBOARD_SERVICES] }),
      })),
    );
    await writeAll(
      client,
      localTableName('orders'),
      clones.map((n) => ({ ...orderItem, orderId: `${String(orderItem.orderId)}b${n}` })),
    );
  } finally {
    client.destroy();
  }
  const check = await api<{ services: unknown[]; payments: unknown[] }>(
    stack,
    'GET',
    '/api/me/dashboard',
    {
      token: session.idToken,
    },
  );
  return {
    idToken: session.idToken,
    services: check.body.services.length,
    payments: check.body.payments.length,
  };
}

/** The seeded buyer's dashboard under load, at `connections` (32 by default). */
export function loadDashboard(
  stack: LocalStack,
  seeded: SeededDashboard,
  connections?: number,
): Promise<LoadFigure> {
  return loadTest({
    baseUrl: stack.baseUrl,
    route: 'GET /api/me/dashboard',
    method: 'GET',
    path: '/api/me/dashboard',
    headers: { authorization: `Bearer ${seeded.idToken}` },
    ...(connections === undefined ? {} : { connections }),
  });
}

/** The route of the one-connection figure, reported next to the 32-connection one. */
export const DASHBOARD_ONE_CONNECTION_ROUTE = 'GET /api/me/dashboard, 1 connection';

/**
 * One buyer's own load at 1 connection (the target's) and the 32-connection figure beside it:
 * the local stack runs dynalite, the Lambdas and the HTTP API on one Node thread, so 32 requests
 * at once queue behind each other's item reads (README, Performance).
 */
export async function measureDashboard(
  stack: LocalStack,
): Promise<LoadFigure & { services: number; payments: number; oneConnection: LoadFigure }> {
  const seeded = await seedDashboard(stack);
  const figure = await loadDashboard(stack, seeded);
  const one = await loadDashboard(stack, seeded, 1);
  return {
    ...figure,
    services: seeded.services,
    payments: seeded.payments,
    oneConnection: { ...one, route: DASHBOARD_ONE_CONNECTION_ROUTE },
  };
}

/** Every kind a buyer can hold: one real purchase each, cloned to DASHBOARD_SERVICES in all. */
export const EVERY_KIND = [
  'basichosting',
  'basicdomain',
  'basicvps',
  'basicstorage',
  'basicbundle',
];

/** Turns every provider stand-in's outage on or off (their own control hooks). */
export async function providersDown(stack: LocalStack, on: boolean): Promise<void> {
  const hooks = [
    `${stack.whmUrl}/_whm/outage`,
    `${stack.registrarUrl}/_registrar/outage`,
    `${stack.proxmoxUrl}/_proxmox/outage`,
    `${stack.storageUrl}/_storage/outage`,
  ];
  for (const hook of hooks) {
    const res = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on }),
    });
    if (!res.ok) throw new Error(`${hook} answered ${res.status}`);
  }
}

/**
 * One paid purchase of every kind for a signed-in buyer (the registrant's details first, which
 * checkout asks of every order that registers a name, D23), waited for until the dashboard lists
 * all of them. `vpsKey`: the VPS is ordered with an OS and a key, as the checkout page asks, so
 * its server is made; without, it waits for the buyer's key and nothing is made (D24).
 */
export async function buyEveryKind(
  stack: LocalStack,
  session: BenchSession,
  { vpsKey }: { vpsKey: boolean },
): Promise<void> {
  await givenProfile(stack, session.idToken);
  for (const [n, planId] of EVERY_KIND.entries()) {
    const order = await api<{ orderId: string }>(stack, 'POST', '/api/checkout/orders', {
      token: session.idToken,
      body: {
        planId,
        months: 12,
        ...(planId.endsWith('domain') ? { domain: `bench-kinds-${n}-${Date.now()}.com` } : {}),
        ...(vpsKey && planId.endsWith('vps')
          ? { vps: { os: 'debian-12', sshKeys: [sshPublicKey()] } }
          : {}),
      },
    });
    if (order.status !== 201) throw new Error(`order ${planId} failed: ${order.status}`);
    const paid = await payOrder(stack, order.body.orderId, 'success');
    if (paid.status !== 200) throw new Error(`pay failed: ${paid.status}`);
  }
  await eventually(
    async () => {
      const dashboard = await api<{ services: unknown[] }>(stack, 'GET', '/api/me/dashboard', {
        token: session.idToken,
      });
      return dashboard.body.services.length === EVERY_KIND.length ? true : undefined;
    },
    'a purchase of every kind on the dashboard',
    120_000,
  );
}

/** Nothing of it is still being made (its card would read itself again every few seconds). */
function isSetUp(service: Service): boolean {
  return (
    service.state === 'active' &&
    service.provisioning.state === 'ready' &&
    !service.planUpdating &&
    (service.parts ?? []).every(
      (part) => part.state !== 'setting_up' || (part.kind === 'domain' && !part.domain),
    )
  );
}

/**
 * The buyer whose /dashboard Lighthouse measures: signed in, with one service of every kind, each
 * waited for until nothing on the page is still being set up, so the page is what such a buyer
 * sees on a visit (not an empty dashboard, and not one reading itself again every few seconds).
 */
export async function everyKindSession(stack: LocalStack): Promise<BenchSession> {
  const session = await benchSession(stack, 'bench-lighthouse');
  await buyEveryKind(stack, session, { vpsKey: true });
  await eventually(
    async () => {
      const dashboard = await api<{ services: Service[] }>(stack, 'GET', '/api/me/dashboard', {
        token: session.idToken,
      });
      return dashboard.body.services.every(isSetUp) ? true : undefined;
    },
    'every service of the Lighthouse buyer set up',
    180_000,
  );
  return session;
}

export interface EveryKindDashboardFigure extends LoadFigure {
  services: number;
  kinds: string[];
  /** Requests answered while every provider was down: a provider call per service would fail. */
  providersDown: boolean;
}

/**
 * A buyer with 50 services of every kind (hosting, domain, VPS, storage, bundle: one real
 * purchase each, each cloned to 10) and their dashboard at one connection, with every provider
 * stand-in in outage the whole time: the dashboard reads only DynamoDB, so every answer is still
 * a 200 (a provider call per service would fail or wait on it).
 */
export async function measureEveryKindDashboard(
  stack: LocalStack,
): Promise<EveryKindDashboardFigure> {
  const session = await benchSession(stack, 'bench-every-kind');
  await buyEveryKind(stack, session, { vpsKey: false });
  const raw = new DynamoDBClient({
    region: HOME_REGION,
    endpoint: `http://127.0.0.1:${stack.ports.dynamodb}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const client = DynamoDBDocumentClient.from(raw);
  try {
    const services = await query(client, {
      TableName: localTableName('services'),
      KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': session.userId },
    });
    // Round the kinds until there are DASHBOARD_SERVICES in all.
    const clones = Array.from({ length: DASHBOARD_SERVICES - services.length }, (_, i) => {
      const service = services[i % services.length]!;
      return { ...service, serviceId: `${String(service.serviceId)}-k${i + 1}` };
    });
    await writeAll(client, localTableName('services'), clones);
  } finally {
    client.destroy();
  }
  const check = await api<{ services: unknown[] }>(stack, 'GET', '/api/me/dashboard', {
    token: session.idToken,
  });
  await providersDown(stack, true);
  try {
    const figure = await loadTest({
      baseUrl: stack.baseUrl,
      route: 'GET /api/me/dashboard, every kind, 1 connection',
      method: 'GET',
      path: '/api/me/dashboard',
      headers: { authorization: `Bearer ${session.idToken}` },
      connections: 1,
    });
    return {
      ...figure,
      services: check.body.services.length,
      kinds: EVERY_KIND,
      providersDown: true,
    };
  } finally {
    await providersDown(stack, false);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npx tsx bench/dashboard-load.ts every-kind`: that figure alone, on a stack of its own.
  const { startLocalStack } = await import('../tests/helpers/local-stack');
  const stack = await startLocalStack({ env: { LOG_LEVEL: 'ERROR', LOCAL_THROTTLE: 'off' } });
  try {
    const figure =
      process.argv[2] === 'every-kind'
        ? await measureEveryKindDashboard(stack)
        : await measureDashboard(stack);
    console.log(JSON.stringify(figure, null, 2));
  } finally {
    await stack.dispose();
  }
}
