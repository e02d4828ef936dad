/**
 * One call of Proxmox VE's REST API as its documentation gives it (docs/toolchain.md):
 * `{origin}/api2/json{path}`, authenticated by an API token
 * (`Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`), parameters form-encoded in the body
 * (POST, PUT) or the query (GET, DELETE); the answer is `{"data": ...}`, and a refusal is an HTTP
 * error whose reason (and the body's `message`, `errors`) says why. A long operation answers a
 * task's UPID; `waitTask` polls `GET /nodes/{node}/tasks/{upid}/status` until it is `stopped` and
 * fails unless its `exitstatus` is "OK". Transport faults become the port's errors here; what a
 * refusal means is for the caller.
 */
import {
  ComputeAccessDeniedError,
  ComputeRefusedError,
  ComputeUnavailableError,
  type TaskState,
} from '../../ports/compute';
import type { ProxmoxCredentials } from './proxmox-credentials';

export type ProxmoxParams = ReadonlyArray<readonly [string, string]>;

/** Proxmox answered with an error status: `status` and its sentence. */
export class ProxmoxHttpError extends ComputeRefusedError {
  constructor(
    operation: string,
    readonly status: number,
    reason: string,
  ) {
    super(operation, reason);
  }
}

export interface ProxmoxApiOptions {
  credentials: () => Promise<Pick<ProxmoxCredentials, 'baseUrl' | 'tokenId' | 'secret' | 'node'>>;
  /** Called when Proxmox refuses the token, so the next call fetches it again. */
  forgetCredentials?: () => void;
  /** How long one call may take. */
  timeoutMs?: number;
  /** How long a task may run before the caller gives up (it is looked at again later). */
  taskTimeoutMs?: number;
  /** Between polls of a running task. */
  pollMs?: number;
  fetch?: typeof fetch;
}

export class ProxmoxApi {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ProxmoxApiOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async node(): Promise<string> {
    return (await this.options.credentials()).node;
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    params: ProxmoxParams = [],
  ): Promise<unknown> {
    const { baseUrl, tokenId, secret } = await this.options.credentials();
    const timeoutMs = this.options.timeoutMs ?? 15_000;
    const url = new URL(`/api2/json${path}`, baseUrl);
    const form = new URLSearchParams();
    for (const [key, value] of params) form.append(key, value);
    const inBody = method === 'POST' || method === 'PUT';
    if (!inBody) for (const [key, value] of form) url.searchParams.append(key, value);
    const operation = `${method} ${path}`;

    // The header carries the token's secret: it never goes into an error message or a log.
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, {
        method,
        headers: {
          authorization: `PVEAPIToken=${tokenId}=${secret}`,
          accept: 'application/json',
          ...(inBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(inBody ? { body: form.toString() } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ComputeUnavailableError(
        timedOut
          ? `Proxmox ${operation}: no answer within ${timeoutMs} ms`
          : `Proxmox ${operation}: unreachable`,
        { cause: error },
      );
    }
    let body: { data?: unknown; message?: unknown; errors?: unknown } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (response.status === 401 || response.status === 403) {
      this.options.forgetCredentials?.();
      throw new ComputeAccessDeniedError(
        `Proxmox refused the API token for ${operation} (HTTP ${response.status}): check the token id and secret (PROXMOX_TOKEN_ID / the secret's tokenId and secret) and the token's privileges (VM.Allocate, VM.Clone, VM.Config.*, VM.PowerMgmt, Datastore.AllocateSpace).`,
      );
    }
    if (response.status >= 200 && response.status <= 299 && body && 'data' in body) {
      return body.data;
    }
    if (
      response.status >= 400 &&
      response.status < 600 &&
      response.status !== 502 &&
      response.status !== 503 &&
      response.status !== 504 &&
      body
    ) {
      throw new ProxmoxHttpError(operation, response.status, reasonOf(response, body));
    }
    throw new ComputeUnavailableError(
      `Proxmox ${operation}: HTTP ${response.status}${body ? '' : ', the answer is not JSON'}`,
    );
  }

  /** Waits for the task to stop; throws unless it ended "OK". */
  async waitTask(upid: unknown, what: string): Promise<void> {
    if (upid === null || upid === undefined || upid === '') return; // done synchronously
    const deadline = Date.now() + (this.options.taskTimeoutMs ?? 120_000);
    const pollMs = this.options.pollMs ?? 500;
    for (;;) {
      const status = await this.taskStatus(upid, what);
      if (status.state === 'done') return;
      if (status.state === 'failed') throw new ComputeRefusedError(what, status.reason);
      if (Date.now() > deadline) {
        throw new ComputeUnavailableError(
          `Proxmox ${what}: the task is still running (${String(upid)})`,
        );
      }
      await new Promise((resolvePromise) => setTimeout(resolvePromise, pollMs));
    }
  }

  /**
   * The task's state, read once: `running` until Proxmox says `stopped`, then done when its
   * `exitstatus` is "OK", else failed with it.
   */
  async taskStatus(upid: unknown, what: string): Promise<TaskState> {
    if (typeof upid !== 'string' || !upid.startsWith('UPID:')) {
      throw new ComputeUnavailableError(`Proxmox ${what}: the answer is not a task id`);
    }
    const node = upid.split(':')[1] || (await this.node());
    const status = (await this.call(
      'GET',
      `/nodes/${encodeURIComponent(node)}/tasks/${encodeURIComponent(upid)}/status`,
    )) as { status?: unknown; exitstatus?: unknown } | null;
    if (status?.status !== 'stopped') return { state: 'running' };
    if (status.exitstatus === 'OK') return { state: 'done' };
    return { state: 'failed', reason: String(status.exitstatus ?? 'the task failed') };
  }
}

function reasonOf(response: Response, body: { message?: unknown; errors?: unknown }): string {
  const message =
    typeof body.message === 'string' && body.message.trim()
      ? body.message.trim()
      : response.statusText || `HTTP ${response.status}`;
  const errors =
    body.errors && typeof body.errors === 'object'
      ? Object.entries(body.errors as Record<string, unknown>)
          .map(([key, value]) => `${key}: ${String(value).trim()}`)
          .join('; ')
      : '';
  return errors ? `${message} (${errors})` : message;
}
