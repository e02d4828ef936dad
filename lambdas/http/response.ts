import type { APIGatewayProxyResultV2 } from 'aws-lambda';

export type HttpResult = Exclude<APIGatewayProxyResultV2, string>;

export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
    body: JSON.stringify(body),
  };
}
