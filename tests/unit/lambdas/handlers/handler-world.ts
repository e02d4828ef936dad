/**
 * One in-memory backend shared by the handler specs: each spec file replaces the handlers' wiring
 * modules (handlers/deps/*) with these fakes through vi.mock, then drives the real handler with a
 * real-shaped event from events/.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { loadEvent } from '../../../../events/load-event';
import { logger } from '../../../../lambdas/config/logger';
import { InMemoryMessagesStore, InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { fakeWorld } from '../../../helpers/fakes/world';

// Specs read the fakes, not the log stream.
logger.setLogLevel('SILENT');

export const world = fakeWorld();
export const plansStore = new InMemoryPlansStore();
export const messages = new InMemoryMessagesStore();

export function resetWorld(): void {
  world.orders.items.clear();
  world.purchases.items.clear();
  world.services.items.clear();
  world.users.items.clear();
  world.users.applyCalls = 0;
  world.events.published.length = 0;
  world.processedEvents.ids.clear();
  world.claims.items.clear();
  world.mailer.sent.length = 0;
  world.mailer.failuresLeft = 0;
  world.gateway.createdOrders.length = 0;
  world.gateway.payments.clear();
  world.log.lines.length = 0;
  world.limits.hits.clear();
  messages.items.length = 0;
}

/** The stores module as the handlers import it. */
export const storesModule = {
  plansStore: () => plansStore,
  usersStore: () => world.users,
  ordersStore: () => world.orders,
  purchasesStore: () => world.purchases,
  servicesStore: () => world.services,
  messagesStore: () => messages,
  processedEvents: () => world.processedEvents,
  welcomeMailClaims: () => world.claims,
  refundsStore: () => world.refunds,
  rateLimiter: () => world.limits,
};

export const eventsModule = { eventPublisher: world.events };
export const mailModule = { mailer: world.mailer };

export function httpEvent(
  file: string,
  changes: { body?: string; isBase64Encoded?: boolean; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  const event = loadEvent<APIGatewayProxyEventV2>(`api-gateway/${file}`);
  if (changes.body !== undefined) event.body = changes.body;
  if (changes.isBase64Encoded !== undefined) event.isBase64Encoded = changes.isBase64Encoded;
  if (changes.headers) event.headers = { ...event.headers, ...changes.headers };
  return event;
}

export function withoutAuthorizer(event: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  const context = { ...event.requestContext } as Record<string, unknown>;
  delete context.authorizer;
  return {
    ...event,
    requestContext: context as unknown as APIGatewayProxyEventV2['requestContext'],
  };
}

export interface JsonResult {
  statusCode: number;
  headers: Record<string, string>;
  json: Record<string, unknown>;
}

export function parse(result: {
  statusCode?: number;
  headers?: Record<string, unknown>;
  body?: string;
}): JsonResult {
  return {
    statusCode: result.statusCode ?? 0,
    headers: (result.headers ?? {}) as Record<string, string>,
    json: JSON.parse(result.body ?? 'null') as Record<string, unknown>,
  };
}
