/**
 * A bucket's CORS configuration as S3 applies it (docs: "Configuring cross-origin resource
 * sharing", "How Amazon S3 evaluates the CORS configuration on a bucket"): the first rule whose
 * AllowedOrigins match the request's `Origin`, whose AllowedMethods hold the method (for a
 * preflight, `Access-Control-Request-Method`) and whose AllowedHeaders match every header of
 * `Access-Control-Request-Headers` applies. Each pattern may hold one `*` wildcard. Pure.
 */

/** One CORSRule, as PutBucketCors takes it. */
export interface CorsRule {
  allowedOrigins: readonly string[];
  allowedMethods: readonly ('GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD')[];
  allowedHeaders?: readonly string[];
  exposeHeaders?: readonly string[];
  maxAgeSeconds?: number;
}

function matches(pattern: string, value: string, caseInsensitive = false): boolean {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '.*');
  return new RegExp(`^${escaped}$`, caseInsensitive ? 'i' : '').test(value);
}

/** The rule that applies to this request, if any. */
export function matchCorsRule(
  rules: readonly CorsRule[],
  request: { origin: string; method: string; requestHeaders: readonly string[] },
): CorsRule | undefined {
  return rules.find(
    (rule) =>
      rule.allowedOrigins.some((pattern) => matches(pattern, request.origin)) &&
      (rule.allowedMethods as readonly string[]).includes(request.method) &&
      request.requestHeaders.every((header) =>
        (rule.allowedHeaders ?? []).some((pattern) => matches(pattern, header, true)),
      ),
  );
}

/** The headers S3 answers with when a rule applies (to a preflight and to the request itself). */
export function corsHeaders(
  rule: CorsRule,
  origin: string,
  preflight?: { requestHeaders: readonly string[] },
): Record<string, string> {
  const anyOrigin = rule.allowedOrigins.includes('*');
  return {
    'access-control-allow-origin': anyOrigin ? '*' : origin,
    'access-control-allow-methods': rule.allowedMethods.join(', '),
    ...(anyOrigin ? {} : { 'access-control-allow-credentials': 'true' }),
    ...(preflight && preflight.requestHeaders.length
      ? { 'access-control-allow-headers': preflight.requestHeaders.join(', ') }
      : {}),
    ...(rule.exposeHeaders?.length
      ? { 'access-control-expose-headers': rule.exposeHeaders.join(', ') }
      : {}),
    ...(preflight && rule.maxAgeSeconds !== undefined
      ? { 'access-control-max-age': String(rule.maxAgeSeconds) }
      : {}),
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
}

/** `Access-Control-Request-Headers`, as a list of lower-case names. */
export function requestedHeaders(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}
