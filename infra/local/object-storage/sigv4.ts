/**
 * AWS Signature Version 4, checked the way S3 and RGW check it: the request's canonical form is
 * signed again with the secret of the access key it names, through the same signer the SDK uses
 * (@smithy/signature-v4), and the two signatures must match. Header auth only (no presigned URLs).
 * Local only.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';

export type SigV4Check =
  | { ok: true; accessKeyId: string }
  | {
      ok: false;
      status: number;
      code:
        | 'AccessDenied'
        | 'InvalidAccessKeyId'
        | 'SignatureDoesNotMatch'
        | 'RequestTimeTooSkewed'
        | 'XAmzContentSHA256Mismatch';
    };

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const SKEW_MS = 15 * 60_000;

export async function checkSigV4(
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer },
  secretOf: (accessKeyId: string) => string | undefined,
  now = Date.now(),
): Promise<SigV4Check> {
  const authorization = header(request.headers, 'authorization');
  const match = AUTH.exec(authorization ?? '');
  if (!match) return { ok: false, status: 403, code: 'AccessDenied' };
  const [, accessKeyId, , region, service, signedList, signature] = match as unknown as string[];
  const secret = secretOf(accessKeyId as string);
  if (secret === undefined) return { ok: false, status: 403, code: 'InvalidAccessKeyId' };
  const amzDate = header(request.headers, 'x-amz-date') ?? '';
  const signingDate = parseAmzDate(amzDate);
  if (!signingDate) return { ok: false, status: 403, code: 'AccessDenied' };
  if (Math.abs(signingDate.getTime() - now) > SKEW_MS) {
    return { ok: false, status: 403, code: 'RequestTimeTooSkewed' };
  }
  const contentSha = header(request.headers, 'x-amz-content-sha256');
  if (contentSha && /^[0-9a-f]{64}$/.test(contentSha)) {
    const actual = createHash('sha256').update(request.body).digest('hex');
    if (actual !== contentSha) return { ok: false, status: 400, code: 'XAmzContentSHA256Mismatch' };
  }

  const [path = '/', rawQuery = ''] = splitOnce(request.url, '?');
  const query = queryOf(new URLSearchParams(rawQuery));
  const names = (signedList as string).split(';');
  const headers = signedHeadersOf(request, names);
  const signer = new SignatureV4({
    service: service as string,
    region: region as string,
    credentials: { accessKeyId: accessKeyId as string, secretAccessKey: secret },
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: headers.host ?? '',
      path,
      query,
      headers,
      body: contentSha ? undefined : request.body,
    },
    { signingDate, signableHeaders: new Set(names) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization ?? ''))?.[1];
  const given = Buffer.from(signature as string);
  if (!expected || !timingSafeEqual(Buffer.from(expected), given)) {
    return { ok: false, status: 403, code: 'SignatureDoesNotMatch' };
  }
  return { ok: true, accessKeyId: accessKeyId as string };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

function parseAmzDate(text: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return undefined;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
}

/**
 * The payload of an `aws-chunked` body (the SDK's and the CLI's streaming uploads):
 * `{hex size}[;chunk-signature=…]\r\n{data}\r\n` … `0…\r\n{trailers}\r\n\r\n`.
 */
export function decodeAwsChunked(body: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(
      body.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '',
      16,
    );
    if (!Number.isFinite(size) || size < 0) return undefined;
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (start + size > body.length) return undefined;
    parts.push(body.subarray(start, start + size));
    at = start + size + 2;
  }
}

const PRESIGN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Content-Sha256',
];
/** S3 takes a presigned URL valid for at most 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

/** Whether a request carries its signature in the query (a presigned URL). */
export function isPresigned(url: string): boolean {
  return /[?&]X-Amz-Algorithm=AWS4-HMAC-SHA256(&|$)/.test(url);
}

/**
 * A presigned URL (query-string auth), checked as S3 checks it: signed again through the SDK's own
 * signer (SignatureV4.presign) with the secret of the key it names, over the headers it lists
 * (Content-Type and Content-Length when the signer put them in), and not past `X-Amz-Expires`.
 */
export async function checkPresignedSigV4(
  request: { method: string; url: string; headers: IncomingHttpHeaders },
  secretOf: (accessKeyId: string) => string | undefined,
  now = Date.now(),
): Promise<SigV4Check> {
  const [path = '/', rawQuery = ''] = splitOnce(request.url, '?');
  const params = new URLSearchParams(rawQuery);
  const credential = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/.exec(
    params.get('X-Amz-Credential') ?? '',
  );
  const signature = params.get('X-Amz-Signature') ?? '';
  const signingDate = parseAmzDate(params.get('X-Amz-Date') ?? '');
  const expires = Number(params.get('X-Amz-Expires'));
  const signedList = params.get('X-Amz-SignedHeaders') ?? '';
  if (
    !credential ||
    !signingDate ||
    !/^[0-9a-f]{64}$/.test(signature) ||
    !Number.isInteger(expires) ||
    expires < 1 ||
    expires > MAX_PRESIGN_SECONDS ||
    !/^[a-z0-9;-]+$/.test(signedList)
  ) {
    return { ok: false, status: 403, code: 'AccessDenied' };
  }
  const [, accessKeyId, , region, service] = credential as unknown as string[];
  const secret = secretOf(accessKeyId as string);
  if (secret === undefined) return { ok: false, status: 403, code: 'InvalidAccessKeyId' };
  if (now > signingDate.getTime() + expires * 1000 || signingDate.getTime() - now > SKEW_MS) {
    // S3: "Request has expired" (AccessDenied).
    return { ok: false, status: 403, code: 'AccessDenied' };
  }
  const query = queryOf(params, PRESIGN_PARAMS);
  const names = signedList.split(';');
  const headers = signedHeadersOf(request, names);
  // The SDK's presigner sets this header and the signer hoists it into the query as named here.
  const contentSha = params.get('X-Amz-Content-Sha256');
  if (contentSha) headers['X-Amz-Content-Sha256'] = contentSha;
  const signer = new SignatureV4({
    service: service as string,
    region: region as string,
    credentials: { accessKeyId: accessKeyId as string, secretAccessKey: secret },
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const presigned = await signer.presign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: headers.host ?? '',
      path,
      query,
      headers,
    },
    { signingDate, expiresIn: expires, signableHeaders: new Set(names) },
  );
  const expected = presigned.query?.['X-Amz-Signature'];
  if (
    typeof expected !== 'string' ||
    !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  ) {
    return { ok: false, status: 403, code: 'SignatureDoesNotMatch' };
  }
  return { ok: true, accessKeyId: accessKeyId as string };
}

/** A query string as the signer takes it: a repeated key's values as a list; `skip`'s keys left out. */
function queryOf(
  params: Iterable<[string, string]>,
  skip: readonly string[] = [],
): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    if (skip.includes(key)) continue;
    const had = query[key];
    query[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return query;
}

/** The request's values of the headers the signature names (an absent one as empty). */
function signedHeadersOf(
  request: { headers: Parameters<typeof header>[0] },
  names: readonly string[],
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of names) headers[name] = header(request.headers, name) ?? '';
  return headers;
}
