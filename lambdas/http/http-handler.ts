import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { originConfig } from '../config/config';
import { logger } from '../config/logger';
import { edgeOriginCheck } from './edge-origin';
import { errorBody, errorResponse } from './error-response';
import { json, type HttpResult } from './response';

/**
 * Whether a request came through CloudFront (edge-origin.ts). The Secrets Manager client is
 * imported on the first request that needs it, so a handler's cold import stays as it was.
 */
export const fromTheEdge = edgeOriginCheck(originConfig, async (secretArn) => {
  const { readOriginSecret } = await import('../adapters/secrets/origin-secret');
  return readOriginSecret(secretArn);
});

/** What a call that skipped the edge (the API's own execute-api address) gets. */
export const DIRECT_CALL_REFUSED = errorBody(
  'forbidden',
  "Please use the storefront's own address: this one does not take calls.",
);

/**
 * Wraps an HTTP handler: the edge's proof checked first (a call without it is answered 403 and
 * does nothing), request-scoped log keys, and every error through the one mapping.
 */
export function httpHandler(
  handle: (event: APIGatewayProxyEventV2) => Promise<HttpResult>,
): (event: APIGatewayProxyEventV2, context?: Context) => Promise<HttpResult> {
  return async (event, context) => {
    logger.appendKeys({
      requestId: event.requestContext?.requestId,
      route: event.routeKey,
      awsRequestId: context?.awsRequestId,
    });
    try {
      if (!(await fromTheEdge(event))) return json(403, DIRECT_CALL_REFUSED);
      return await handle(event);
    } catch (error) {
      return errorResponse(error, logger);
    } finally {
      logger.resetKeys();
    }
  };
}
