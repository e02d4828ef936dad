import { callerOf } from '../http/auth';
import { json } from '../http/response';
import { buildDashboard } from '../use-cases/build-dashboard';
import { httpHandler } from '../http/http-handler';
import {
  ordersStore,
  purchasesStore,
  refundsStore,
  servicesStore,
  usersStore,
} from './deps/stores';

const deps = {
  users: usersStore(),
  purchases: purchasesStore(),
  services: servicesStore(),
  orders: ordersStore(),
  refunds: refundsStore(),
  now: () => new Date(),
};

/** GET /api/me/dashboard. */
export const handler = httpHandler(async (event) =>
  json(200, await buildDashboard(deps, callerOf(event))),
);
