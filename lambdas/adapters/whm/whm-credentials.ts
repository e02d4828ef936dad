import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { fetchedOnce, type FetchedOnce } from '../secrets/fetched-once';
import { secureOrigin, urlOf } from '../secrets/provider-origin';
import { secretJson } from '../secrets/secret-json';

/** Where and as whom the WHM API is called. Never logged: `token` is the API token. */
export interface WhmCredentials {
  /** The API's origin, e.g. https://server1.example.in:2087. */
  baseUrl: string;
  user: string;
  token: string;
}

export type WhmSettings =
  | { source: 'environment'; host: string; user: string; token: string }
  | { source: 'secretsManager'; secretArn: string };

/** A credentials source that can be told to fetch again (after WHM refused them). */
export type WhmCredentialsSource = FetchedOnce<WhmCredentials>;

const WHM_PORT = 2087;

/**
 * The API's origin from WHM_HOST or the secret's `host`: a URL (https://HOST:PORT), or a bare
 * host name, which means WHM's own port over TLS (https://HOST:2087). Plain http is allowed only
 * to this machine (the local stand-in): the token must never cross a network in clear.
 */
export function whmBaseUrl(host: string): string {
  const text = host.trim();
  const url = urlOf(
    text.includes('://') ? text : `https://${text}`,
    'WHM_HOST',
    'a host name or URL',
    text,
  );
  if (!text.includes('://') && url.port === '') url.port = String(WHM_PORT);
  return secureOrigin(url, 'WHM_HOST', {
    carries: 'the API token',
    pathRule: 'the server only: no path and no credentials in it.',
  });
}

const field = z.string().check(z.trim(), z.minLength(1));
const secretShape = z.object({ host: field, user: field, token: field });

/**
 * WHM's credentials, fetched once per cold start: from the environment locally, from the Secrets
 * Manager secret (JSON {"host","user","token"}) in AWS. A failed fetch is not kept, and `forget()`
 * drops what was fetched, so a token rotated in the secret is picked up without a redeploy.
 */
export function whmCredentialsLoader(
  settings: () => WhmSettings,
  client: SecretsManagerClient,
): WhmCredentialsSource {
  return fetchedOnce(() => load(settings(), client));
}

async function load(settings: WhmSettings, client: SecretsManagerClient): Promise<WhmCredentials> {
  if (settings.source === 'environment') {
    return { baseUrl: whmBaseUrl(settings.host), user: settings.user, token: settings.token };
  }
  const data = await secretJson(client, settings.secretArn, secretShape, {
    name: 'The WHM secret (WHM_SECRET_ARN)',
    holds: '{"host","user","token"}',
  });
  const { host, user, token } = data;
  return { baseUrl: whmBaseUrl(host), user, token };
}
