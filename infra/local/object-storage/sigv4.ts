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
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    const had = query[key];
    query[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  const names = (signedList as string).split(';');
  const headers: Record<string, string> = {};
  for (const name of names) headers[name] = header(request.headers, name) ?? '';
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
