import { cachedPlans } from '../adapters/dynamodb/plans-table';
import { logger } from '../config/logger';
import { findPlan } from '../domain/plan';
import { json } from '../http/response';
import { plansStore } from './deps/stores';
import { httpHandler } from '../http/http-handler';

const plans = cachedPlans(plansStore());
const CACHE_HEADERS = { 'cache-control': 'public, max-age=60' };

/** GET /api/plans and GET /api/plans/{planId}. */
export const handler = httpHandler(async (event) => {
  const planId = event.pathParameters?.planId;
  if (planId !== undefined) {
    return json(200, findPlan(await plans(), planId), CACHE_HEADERS);
  }
  const all = await plans();
  logger.debug('Plans served', { count: all.length });
  return json(200, { plans: all }, CACHE_HEADERS);
});
