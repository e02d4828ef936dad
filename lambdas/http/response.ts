import type { APIGatewayProxyResultV2 } from 'aws-lambda';

export type HttpResult = Exclude<APIGatewayProxyResultV2, string>;

export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResult {
  return jsonText(statusCode, JSON.stringify(body), headers);
}

/** As json(), for a body serialised once and answered many times (a cached catalog). */
export function jsonText(
  statusCode: number,
  text: string,
  headers: Record<string, string> = {},
): HttpResult {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
    body: text,
  };
}

/**
 * A binary answer (a PDF): API Gateway decodes a base64 body marked isBase64Encoded before it
 * sends it on, so the browser gets the bytes.
 */
export function binary(
  statusCode: number,
  bytes: Uint8Array,
  headers: Record<string, string>,
): HttpResult {
  return {
    statusCode,
    headers: { 'cache-control': 'private, no-store', ...headers },
    body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    isBase64Encoded: true,
  };
}
