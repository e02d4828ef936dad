/**
 * The one API client. Calls to the storefront API go through Amplify's REST API
 * (`aws-amplify/api`), configured from /config.json, except public GETs, which are plain fetches
 * (publicGet below). Authenticated routes carry the user's Cognito
 * ID token as a Bearer token. Errors come back as `{error: {code, message}}` (docs/api.md) and are
 * thrown as `ApiError` with the API's buyer-readable message.
 */
import { loadConfig } from './config';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** What is shown when the API cannot be reached or answers something unreadable. */
export const NETWORK_ERROR_MESSAGE =
  'We could not reach our servers. Please check your connection and try again.';

/** The sentence to show for a failed call: the API's own, else `fallback`. */
export function messageOf(error: unknown, fallback = NETWORK_ERROR_MESSAGE): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export interface ApiOptions {
  /** Send the signed-in user's ID token. Throws ApiError 401 when nobody is signed in. */
  auth?: boolean;
}

async function loadClient() {
  const [{ ensureAmplify, API_NAME }, api] = await Promise.all([
    import('./amplify'),
    import('./rest-client'),
  ]);
  await ensureAmplify();
  return { api, apiName: API_NAME };
}

async function authHeaders(auth: boolean | undefined): Promise<Record<string, string>> {
  if (!auth) return {};
  const { currentIdToken } = await import('./session');
  const idToken = await currentIdToken();
  if (!idToken) throw new ApiError('Please login to continue.', 401, 'unauthorized');
  return { Authorization: `Bearer ${idToken}` };
}

interface ErrorWithResponse {
  response?: { statusCode?: number; body?: string };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const response = (error as ErrorWithResponse | null)?.response;
  if (response && typeof response.statusCode === 'number') {
    let code = 'http_error';
    let message = NETWORK_ERROR_MESSAGE;
    try {
      const body = JSON.parse(response.body ?? '') as {
        error?: { code?: unknown; message?: unknown };
      };
      if (typeof body.error?.code === 'string') code = body.error.code;
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      // Not our JSON error shape (a proxy's HTML page, say): keep the generic message.
    }
    return new ApiError(message, response.statusCode, code);
  }
  return new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network_error');
}

async function send<T>(
  method: 'get' | 'post' | 'put',
  path: string,
  body: unknown,
  opts: ApiOptions | undefined,
): Promise<T> {
  try {
    const [{ api, apiName }, headers] = await Promise.all([loadClient(), authHeaders(opts?.auth)]);
    const options = {
      headers,
      // Never sign with IAM, never retry on our own: a POST that creates an order must not repeat.
      defaultAuthMode: 'none' as const,
      retryStrategy: { strategy: 'no-retry' as const },
      ...(method === 'get' ? {} : { body: body as never }),
    };
    const operation =
      method === 'get'
        ? api.get({ apiName, path, options })
        : method === 'put'
          ? api.put({ apiName, path, options })
          : api.post({ apiName, path, options });
    const { body: responseBody } = await operation.response;
    const text = await responseBody.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    throw toApiError(error);
  }
}

/**
 * A public GET (the catalog's plans) is a plain fetch: it needs no token and no signing, so a
 * public page never loads Amplify (some 30 KB compressed, and its start-up work on a phone's CPU)
 * to refresh prices it has already prerendered. Errors are the same ApiErrors as the rest.
 */
async function publicGet<T>(path: string): Promise<T> {
  try {
    const config = await loadConfig();
    const base = new URL(config.apiBase, window.location.origin).toString().replace(/\/$/, '');
    const response = await fetch(`${base}${path}`, { headers: { Accept: 'application/json' } });
    const text = await response.text();
    if (!response.ok) throw toApiError({ response: { statusCode: response.status, body: text } });
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    throw toApiError(error);
  }
}

export function apiGet<T>(path: string, opts?: ApiOptions): Promise<T> {
  return opts?.auth ? send<T>('get', path, undefined, opts) : publicGet<T>(path);
}

export function apiPost<T>(path: string, body: unknown, opts?: ApiOptions): Promise<T> {
  return send<T>('post', path, body, opts);
}

export function apiPut<T>(path: string, body: unknown, opts?: ApiOptions): Promise<T> {
  return send<T>('put', path, body, opts);
}

/** A DELETE (a DNS record, D23): no answer body is read; errors are the same ApiErrors. */
export async function apiDelete(path: string, opts?: ApiOptions): Promise<void> {
  try {
    const [{ api, apiName }, headers] = await Promise.all([loadClient(), authHeaders(opts?.auth)]);
    await api.del({
      apiName,
      path,
      options: {
        headers,
        defaultAuthMode: 'none' as const,
        retryStrategy: { strategy: 'no-retry' as const },
      },
    }).response;
  } catch (error) {
    throw toApiError(error);
  }
}

/** A GET whose answer is a file (an invoice PDF): its bytes, with the same errors as the rest. */
export async function apiGetBlob(path: string, opts?: ApiOptions): Promise<Blob> {
  try {
    const [{ api, apiName }, headers] = await Promise.all([loadClient(), authHeaders(opts?.auth)]);
    const { body } = await api.get({
      apiName,
      path,
      options: {
        headers,
        defaultAuthMode: 'none' as const,
        retryStrategy: { strategy: 'no-retry' as const },
      },
    }).response;
    return await body.blob();
  } catch (error) {
    throw toApiError(error);
  }
}
