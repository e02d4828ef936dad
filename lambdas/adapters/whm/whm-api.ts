/**
 * One call of WHM API 1 over JSON, as cPanel documents it: `GET /json-api/{function}?api.version=1`
 * with the function's parameters, `Authorization: whm USER:TOKEN`, answered by
 * `{metadata: {result: 1|0, reason, command, version: 1}, data}`. Transport faults become the
 * port's errors here; what a `result: 0` means is for the caller, per function.
 */
import * as z from 'zod/mini';
import {
  ProvisionerAccessDeniedError,
  ProvisionerUnavailableError,
} from '../../ports/provisioning';
import type { WhmCredentials } from './whm-credentials';

export type WhmFunction =
  | 'createacct'
  | 'suspendacct'
  | 'unsuspendacct'
  | 'removeacct'
  | 'accountsummary'
  | 'create_user_session'
  | 'changepackage';

/**
 * How long each call may take. Creating and removing an account runs many steps on the server
 * (tens of seconds on a busy one); a login link is asked for while a buyer waits, under API
 * Gateway's 29 seconds. A call that runs out is retried later by the caller, and a create that
 * did finish is then found by its username.
 */
export const WHM_TIMEOUTS_MS: Readonly<Record<WhmFunction, number>> = {
  createacct: 60_000,
  removeacct: 60_000,
  suspendacct: 30_000,
  unsuspendacct: 30_000,
  accountsummary: 10_000,
  create_user_session: 10_000,
  // Applies the package's quotas and features to the account: a few steps on the server.
  changepackage: 30_000,
};

export type WhmAnswer = { ok: true; data: unknown } | { ok: false; reason: string };

export interface WhmApiOptions {
  credentials: () => Promise<WhmCredentials>;
  /** Called when WHM refuses the credentials, so that the next call fetches them again. */
  forgetCredentials?: () => void;
  timeoutsMs?: Partial<Record<WhmFunction, number>>;
  fetch?: typeof fetch;
}

const envelope = z.object({
  metadata: z.object({
    result: z.union([z.number(), z.string()]),
    reason: z.optional(z.nullable(z.string())),
  }),
  data: z.optional(z.unknown()),
});

export class WhmApi {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: WhmApiOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The server's host name, as the buyer's mail and the dashboard show it. */
  async serverName(): Promise<string> {
    const { baseUrl } = await this.options.credentials();
    return new URL(baseUrl).hostname;
  }

  async call(fn: WhmFunction, params: Readonly<Record<string, string>>): Promise<WhmAnswer> {
    const { baseUrl, user, token } = await this.options.credentials();
    const timeoutMs = this.options.timeoutsMs?.[fn] ?? WHM_TIMEOUTS_MS[fn];
    const url = new URL(`/json-api/${fn}`, baseUrl);
    url.searchParams.set('api.version', '1');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);

    // Neither the URL (it carries the buyer's email) nor the header goes into an error message.
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(url, {
        method: 'GET',
        headers: { authorization: `whm ${user}:${token}`, accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ProvisionerUnavailableError(
        timedOut ? `WHM ${fn}: no answer within ${timeoutMs} ms` : `WHM ${fn}: unreachable`,
        { cause: error },
      );
    }

    if (status === 401 || status === 403) {
      this.options.forgetCredentials?.();
      throw new ProvisionerAccessDeniedError(
        `WHM refused the API token for ${fn} (HTTP ${status}): check the host, user and token, and the token's privileges.`,
      );
    }
    if (status < 200 || status > 299) {
      throw new ProvisionerUnavailableError(`WHM ${fn}: HTTP ${status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProvisionerUnavailableError(`WHM ${fn}: the answer is not JSON`);
    }
    const parsed = envelope.safeParse(body);
    if (!parsed.success) {
      throw new ProvisionerUnavailableError(`WHM ${fn}: the answer is not WHM API 1's shape`);
    }
    const { metadata, data } = parsed.data;
    if (Number(metadata.result) === 1) return { ok: true, data };
    return { ok: false, reason: metadata.reason ?? '' };
  }
}
