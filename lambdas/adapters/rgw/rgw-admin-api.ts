/**
 * One call of Ceph RGW's Admin Ops API (docs/toolchain.md): `{METHOD} {origin}/admin/{resource}`
 * with its parameters in the query string (`format=json` always), signed with AWS SigV4 by the
 * admin user's S3 keys (RGW authenticates the admin API as it does S3: service "s3"). Answers are
 * JSON; a refusal is an HTTP 4xx with `{"Code": "NoSuchUser" | "UserExists" | "AccessDenied" |
 * ...}`. Transport faults and 5xx become StorageUnavailableError here; a refused signature or key
 * StorageAccessDeniedError; what another refusal means is for the caller, per call.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { StorageAccessDeniedError, StorageUnavailableError } from '../../ports/object-storage';
import type { RgwCredentials } from './rgw-credentials';

export type RgwAnswer =
  { ok: true; status: number; body: unknown } | { ok: false; status: number; code: string };

export interface RgwAdminApiOptions {
  credentials: () => Promise<RgwCredentials>;
  /** Called when RGW refuses the admin's keys, so the next call fetches them again. */
  forgetCredentials?: () => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const RGW_TIMEOUT_MS = 15_000;

const ACCESS_DENIED = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'RequestTimeTooSkewed',
]);

export class RgwAdminApi {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: RgwAdminApiOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    resource: 'user' | 'bucket',
    params: Record<string, string>,
    body?: unknown,
  ): Promise<RgwAnswer> {
    const credentials = await this.options.credentials();
    const timeoutMs = this.options.timeoutMs ?? RGW_TIMEOUT_MS;
    const url = new URL(`/admin/${resource}`, credentials.adminUrl);
    const query: Record<string, string> = { ...params, format: 'json' };
    const payload = body === undefined ? '' : JSON.stringify(body);
    const signer = new SignatureV4({
      service: 's3',
      region: credentials.region,
      credentials: {
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
      },
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: true,
    });
    const signed = await signer.sign({
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers: {
        host: url.host,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload,
    });
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const sub = Object.keys(params).filter((key) => params[key] === '');
    const operation = `${method} /admin/${resource}${sub.length ? `?${sub.join('&')}` : ''}`;

    let status: number;
    let text: string;
    try {
      const headers = { ...signed.headers };
      // fetch sets Host itself, from the URL it was signed for.
      delete headers.host;
      const response = await this.fetch(url, {
        method,
        headers,
        ...(payload ? { body: payload } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new StorageUnavailableError(
        timedOut
          ? `RGW ${operation}: no answer within ${timeoutMs} ms`
          : `RGW ${operation}: unreachable`,
        { cause: error },
      );
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (status >= 500) throw new StorageUnavailableError(`RGW ${operation}: HTTP ${status}`);
    if (status >= 400) {
      const code = codeOf(parsed) ?? `HTTP ${status}`;
      if (ACCESS_DENIED.has(code) || status === 401) {
        this.options.forgetCredentials?.();
        throw new StorageAccessDeniedError(
          `RGW refused the admin's keys for ${operation} (${code}): check STORAGE_ACCESS_KEY_ID / the storage secret's accessKeyId and secretAccessKey, and that the admin user has the users=read,write caps.`,
        );
      }
      return { ok: false, status, code };
    }
    if (status < 200 || status > 299) {
      throw new StorageUnavailableError(`RGW ${operation}: HTTP ${status}`);
    }
    if (text && parsed === undefined) {
      throw new StorageUnavailableError(`RGW ${operation}: the answer is not JSON`);
    }
    return { ok: true, status, body: parsed };
  }
}

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { Code } = body as Record<string, unknown>;
  return typeof Code === 'string' ? Code : undefined;
}
