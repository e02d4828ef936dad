/**
 * GET /api/me/dashboard for a buyer with many services and payments: one real purchase through
 * the local stack (so every item has the shape the adapters write), then its service cloned to 50
 * services and its purchase and order to 200 each, written straight into dynalite by BatchWrite.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { HOME_REGION, localTableName } from '../lambdas/system/facts';
import type { LocalStack } from '../tests/helpers/local-stack';
import { api, eventually, payOrder } from '../tests/helpers/storefront-client';
import { loadTest, type LoadFigure } from './api-load';
import { benchSession } from './session';

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
