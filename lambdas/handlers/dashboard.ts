import { callerOf } from '../http/auth';
import { NotFoundRouteError } from '../http/request-errors';
import { json } from '../http/response';
import { buildDashboard } from '../use-cases/build-dashboard';
import { getMyService } from '../use-cases/bundle-parts-view';
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

/** GET /api/me/dashboard; GET /api/me/services/{serviceId}: one card, a bundle with its parts. */
export const handler = httpHandler(async (event) => {
  if (event.routeKey === 'GET /api/me/services/{serviceId}') {
    const serviceId = event.pathParameters?.serviceId;
    if (!serviceId || serviceId.length > 64) throw new NotFoundRouteError();
    return json(200, await getMyService(deps, callerOf(event).userId, serviceId));
  }
  return json(200, await buildDashboard(deps, callerOf(event)));
});
