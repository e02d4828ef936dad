import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import { PayloadTooLargeError, ValidationError } from './request-errors';

export const MAX_BODY_BYTES = 64 * 1024;

/** The body's bytes exactly as sent (decoding base64 first), refused over 64 KB. */
export function rawBody(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): Buffer {
  const body = event.body ?? '';
  // A base64 text is 4/3 of its bytes: refuse clearly oversized bodies before decoding them.
  if (
    body.length >
    (event.isBase64Encoded ? Math.ceil((MAX_BODY_BYTES * 4) / 3) + 4 : MAX_BODY_BYTES * 4)
  ) {
    throw new PayloadTooLargeError();
  }
  const bytes = event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  if (bytes.length > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  return bytes;
}

function describeIssues(error: z.core.$ZodError): string {
  const unknown = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys : [],
  );
  if (unknown.length > 0) {
    return `This request has fields we do not accept: ${unknown.join(', ')}.`;
  }
  const fields = [
    ...new Set(error.issues.map((issue) => issue.path.map(String).join('.')).filter(Boolean)),
  ];
  return fields.length > 0
    ? `Please check these fields: ${fields.join(', ')}.`
    : 'The request is not in the expected form.';
}

/** Parses a JSON body against a strict schema: too large → 413, not JSON or not valid → 400. */
export function parseJsonBody<S extends z.ZodMiniType>(
  event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>,
  schema: S,
): z.infer<S> {
  const bytes = rawBody(event);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ValidationError('The request body must be valid JSON.');
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(describeIssues(result.error));
  return result.data;
}

/** A header, whatever its case (HTTP API lower-cases them; other callers may not). */
export function header(
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}
