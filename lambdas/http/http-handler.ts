import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { originConfig } from '../config/config';
import { logger } from '../config/logger';
import { readOriginSecret } from '../adapters/secrets/origin-secret';
import { edgeOriginCheck } from './edge-origin';
import { errorBody, errorResponse } from './error-response';
import { json, type HttpResult } from './response';

/**
 * Whether a request came through CloudFront (edge-origin.ts). The Secrets Manager client is
 * imported with the handler, not on the first request: in AWS every cold start's first request
 * reads the secret, so deferring the import saved nothing, and the dynamic import made esbuild wrap
 * every module the client shares with the DynamoDB client in a lazy initialiser (`__esm`), which
 * cost each API Lambda's cold import more than the import itself (docs/decisions.md E29).
 */
export const fromTheEdge = edgeOriginCheck(originConfig, readOriginSecret);

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
