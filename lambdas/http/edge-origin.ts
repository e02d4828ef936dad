/**
 * The edge's proof (#26, docs/decisions.md E26). CloudFront adds ORIGIN_VERIFY_HEADER, a generated
 * secret, to every request it sends the API; a call to the API's own execute-api address skips the
 * edge (its WAF rate rule, its gate for tokenless calls, the viewer's address) and lacks it. Every
 * API handler checks it first (http-handler.ts) and answers 403 without it.
 *
 * Small and lazy, for the cold start: the expected value is read on the first request, once per
 * cold start (Secrets Manager in AWS, whose client is imported only then; the environment
 * locally), and kept as its SHA-256 digest. The header is compared in constant time and then
 * removed from the event, so no handler sees, stores or logs it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../system/facts';
import { fetchedOnce } from '../adapters/secrets/fetched-once';

export type OriginSettings =
  | { source: 'none' }
  | { source: 'environment'; value: string }
  | { source: 'secretsManager'; secretArn: string };

function digestOf(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Whether the request came through the edge: always, where no origin secret is configured (a
 * handler called directly, as unit tests do). A failed read of the secret is not kept: the next
 * request tries again (and this one fails, never passes).
 */
export function edgeOriginCheck(
  settings: () => OriginSettings,
  readSecret: (secretArn: string) => Promise<string>,
): (event: APIGatewayProxyEventV2) => Promise<boolean> {
  const expected = fetchedOnce(async (): Promise<Buffer | undefined> => {
    const origin = settings();
    if (origin.source === 'none') return undefined;
    return digestOf(
      origin.source === 'environment' ? origin.value : await readSecret(origin.secretArn),
    );
  });
  return async (event) => {
    const want = await expected();
    const headers = event.headers ?? {};
    const given = headers[ORIGIN_VERIFY_HEADER];
    delete headers[ORIGIN_VERIFY_HEADER];
    if (!want) return true;
    return given !== undefined && timingSafeEqual(digestOf(given), want);
  };
}
