import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { logger } from '../config/logger';
import { errorResponse } from './error-response';
import type { HttpResult } from './response';

/** Wraps an HTTP handler: request-scoped log keys, and every error through the one mapping. */
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
      return await handle(event);
    } catch (error) {
      return errorResponse(error, logger);
    } finally {
      logger.resetKeys();
    }
  };
}
