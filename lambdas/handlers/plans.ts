import { cachedPlans } from '../adapters/dynamodb/plans-table';
import { logger } from '../config/logger';
import { findPlan, type Plan } from '../domain/plan';
import { jsonText } from '../http/response';
import { plansStore } from './deps/stores';
import { httpHandler } from '../http/http-handler';

const plans = cachedPlans(plansStore());
const CACHE_HEADERS = { 'cache-control': 'public, max-age=60' };

/**
 * The answers' JSON, made once per catalog that the cache hands out (a new array on each refresh)
 * rather than on every request: serialising the whole catalog was the route's largest own cost.
 */
interface Serialised {
  catalog: readonly Plan[];
  all: string;
  byId: Map<string, string>;
}
let serialised: Serialised | undefined;

function serialisedFor(catalog: readonly Plan[]): Serialised {
  if (serialised?.catalog !== catalog) {
    serialised = { catalog, all: JSON.stringify({ plans: catalog }), byId: new Map() };
  }
  return serialised;
}

/** GET /api/plans and GET /api/plans/{planId}. */
export const handler = httpHandler(async (event) => {
  const planId = event.pathParameters?.planId;
  const catalog = await plans();
  const answers = serialisedFor(catalog);
  if (planId !== undefined) {
    let text = answers.byId.get(planId);
    if (text === undefined) {
      text = JSON.stringify(findPlan(catalog, planId)); // an unknown id throws: 404 plan_not_found
      answers.byId.set(planId, text);
    }
    return jsonText(200, text, CACHE_HEADERS);
  }
  logger.debug('Plans served', { count: catalog.length });
  return jsonText(200, answers.all, CACHE_HEADERS);
});
