/**
 * One call of the LogicBoxes HTTP API (ResellerClub, BigRock and other resellers run on it), as
 * its documentation gives it: `GET|POST {origin}/api/{group}/{call}.json` with every parameter,
 * the reseller's `auth-userid` and `api-key` included, in the query string (a parameter given
 * more than once, as `ns` and `tlds` are, is repeated); the answer is JSON, and a refusal is
 * `{"status": "ERROR", "message": "..."}` (with HTTP 200 or 500 alike). Transport faults become
 * the port's errors here; what a refusal means is for the caller, per call.
 */
import { RegistrarAccessDeniedError, RegistrarUnavailableError } from '../../ports/registrar';
import { keepAliveHttp, type HttpCall } from '../keep-alive-http';
import type { LogicBoxesCredentials } from './logicboxes-credentials';

export type LogicBoxesParams = ReadonlyArray<readonly [string, string]>;

export type LogicBoxesAnswer = { ok: true; body: unknown } | { ok: false; message: string };

export interface LogicBoxesApiOptions {
  credentials: () => Promise<LogicBoxesCredentials>;
  /** Called when the registrar refuses the credentials, so the next call fetches them again. */
  forgetCredentials?: () => void;
  /** How long one call may take; the caller (converge) retries later. */
  timeoutMs?: number;
  /** The HTTP call (keep-alive-http.ts by default; a test may pass `fetch`). */
  fetch?: HttpCall;
}

export const LOGICBOXES_TIMEOUT_MS = 15_000;

/** LogicBoxes' sentences for a refused reseller id or key. */
const ACCESS_DENIED = /auth-userid|api-key|authenticat|access denied|not authori[sz]ed|credential/i;

export class LogicBoxesApi {
  private readonly fetch: HttpCall;

  constructor(private readonly options: LogicBoxesApiOptions) {
    this.fetch = options.fetch ?? keepAliveHttp;
  }

  async call(
    method: 'GET' | 'POST',
    call: string,
    params: LogicBoxesParams,
  ): Promise<LogicBoxesAnswer> {
    const { baseUrl, resellerId, apiKey } = await this.options.credentials();
    const timeoutMs = this.options.timeoutMs ?? LOGICBOXES_TIMEOUT_MS;
    const url = new URL(`/api/${call}.json`, baseUrl);
    url.searchParams.append('auth-userid', resellerId);
    url.searchParams.append('api-key', apiKey);
    for (const [key, value] of params) url.searchParams.append(key, value);

    // The URL carries the API key: it never goes into an error message or a log.
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(url, {
        method,
        headers: { accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new RegistrarUnavailableError(
        timedOut
          ? `LogicBoxes ${call}: no answer within ${timeoutMs} ms`
          : `LogicBoxes ${call}: unreachable`,
        { cause: error },
      );
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const refusal = errorMessage(body);
    if (
      status === 401 ||
      status === 403 ||
      (refusal !== undefined && ACCESS_DENIED.test(refusal))
    ) {
      this.options.forgetCredentials?.();
      throw new RegistrarAccessDeniedError(
        `LogicBoxes refused the reseller id or API key for ${call} (HTTP ${status}): check REGISTRAR_RESELLER_ID / the secret's resellerId and apiKey, and that this address is on the API's allow-list.`,
      );
    }
    if (refusal !== undefined && status < 502) return { ok: false, message: refusal };
    if (status < 200 || status > 299) {
      throw new RegistrarUnavailableError(`LogicBoxes ${call}: HTTP ${status}`);
    }
    if (body === undefined) {
      throw new RegistrarUnavailableError(`LogicBoxes ${call}: the answer is not JSON`);
    }
    return { ok: true, body };
  }
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { status, message, error } = body as Record<string, unknown>;
  if (typeof status !== 'string' || status.toUpperCase() !== 'ERROR') return undefined;
  if (typeof message === 'string') return message;
  return typeof error === 'string' ? error : 'refused without a message';
}
