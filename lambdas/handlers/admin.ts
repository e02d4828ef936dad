import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { logger } from '../config/logger';
import {
  RESOLVE_ACTIONS,
  type AdminCustomersResponse,
  type AdminOrdersResponse,
  type DeadLettersResponse,
  type OperatorRef,
  type ResolveReviewResponse,
} from '../domain/admin';
import { ORDER_STATUSES } from '../domain/order';
import { operatorOf } from '../http/auth';
import { parseJsonBody } from '../http/request';
import { NotFoundRouteError, ValidationError } from '../http/request-errors';
import { json } from '../http/response';
import { listStuck, redrive, type DeadLettersDeps } from '../use-cases/admin/dead-letters';
import { findCustomers, type FindCustomersDeps } from '../use-cases/admin/find-customers';
import { listOrders, type ListOrdersDeps } from '../use-cases/admin/list-orders';
import { resolveReview, type ResolveReviewDeps } from '../use-cases/admin/resolve-review';
import { summariseToday, type TodayDeps } from '../use-cases/admin/today';
import { eventPublisher } from './deps/events';
import { httpHandler } from './deps/http';
import { paymentGateway } from './deps/payments';
import {
  auditLog,
  messagesStore,
  ordersStore,
  purchasesStore,
  servicesStore,
  usersStore,
  welcomeMailClaims,
} from './deps/stores';

export type AdminDeps = ListOrdersDeps &
  ResolveReviewDeps &
  FindCustomersDeps &
  DeadLettersDeps &
  TodayDeps;

const note = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A note is required: say why, for the next person who reads the order.'),
    z.maxLength(1000),
  );
const resolveBody = z.strictObject({ action: z.enum(RESOLVE_ACTIONS), note });
const redriveBody = z.strictObject({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
});
const orderStatus = z.enum(ORDER_STATUSES);
const orderId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

function query(event: APIGatewayProxyEventV2, name: string): string | undefined {
  return event.queryStringParameters?.[name];
}

const operatorRef = (event: APIGatewayProxyEventV2): OperatorRef => {
  const operator = operatorOf(event);
  return { userId: operator.userId, email: operator.email };
};

/**
 * The operator's console, /api/admin/*. Every route asks operatorOf() first: the JWT authorizer
 * proves who the caller is, the token's group says whether they may be here (403 otherwise).
 */
export function makeHandler(deps: AdminDeps) {
  return httpHandler(async (event) => {
    const operator = operatorRef(event);
    switch (event.routeKey) {
      case 'GET /api/admin/orders': {
        const status = orderStatus.safeParse(query(event, 'status') ?? 'review');
        if (!status.success) {
          throw new ValidationError(`status must be one of: ${ORDER_STATUSES.join(', ')}.`);
        }
        const answer: AdminOrdersResponse = { orders: await listOrders(deps, status.data) };
        return json(200, answer);
      }
      case 'POST /api/admin/orders/{orderId}/resolve': {
        const id = orderId.safeParse(event.pathParameters?.orderId);
        if (!id.success) throw new ValidationError('The order id is missing.');
        const body = parseJsonBody(event, resolveBody);
        const answer: ResolveReviewResponse = {
          order: await resolveReview(deps, operator, id.data, body),
        };
        return json(200, answer);
      }
      case 'GET /api/admin/customers': {
        const answer: AdminCustomersResponse = {
          customers: await findCustomers(deps, query(event, 'email') ?? ''),
        };
        return json(200, answer);
      }
      case 'GET /api/admin/dead-letters': {
        const answer: DeadLettersResponse = { items: await listStuck(deps) };
        return json(200, answer);
      }
      case 'POST /api/admin/dead-letters/redrive': {
        const body = parseJsonBody(event, redriveBody);
        return json(200, await redrive(deps, operator, body.id, body.note ?? ''));
      }
      case 'GET /api/admin/today':
        return json(200, await summariseToday(deps));
      default:
        throw new NotFoundRouteError();
    }
  });
}

export const handler = makeHandler({
  orders: ordersStore(),
  purchases: purchasesStore(),
  services: servicesStore(),
  users: usersStore(),
  messages: messagesStore(),
  claims: welcomeMailClaims(),
  audit: auditLog(),
  gateway: paymentGateway,
  events: eventPublisher,
  log: logger,
  now: () => new Date(),
  newId: randomUUID,
});
