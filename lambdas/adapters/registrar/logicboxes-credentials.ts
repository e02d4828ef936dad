import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { fetchedOnce, type FetchedOnce } from '../secrets/fetched-once';
import { secureOrigin, urlOf } from '../secrets/provider-origin';
import { secretJson } from '../secrets/secret-json';

/**
 * Where and as whom the LogicBoxes HTTP API is called. Never logged: `apiKey` is the reseller's
 * API key, and both go in every request's query string (`auth-userid`, `api-key`).
 */
export interface LogicBoxesCredentials {
  /** The API's origin: https://httpapi.com (live), https://test.httpapi.com (LogicBoxes' test). */
  baseUrl: string;
  resellerId: string;
  apiKey: string;
  /** Where a newly registered name points (the hosting panel's nameservers); may be empty. */
  nameservers?: string[];
}

export type RegistrarSettings =
  | { source: 'environment'; url: string; resellerId: string; apiKey: string; nameservers?: string }
  | { source: 'secretsManager'; secretArn: string };

/** A credentials source that can be told to fetch again (after the registrar refused them). */
export type LogicBoxesCredentialsSource = FetchedOnce<LogicBoxesCredentials>;

/**
 * The API's origin from REGISTRAR_URL or the secret's `url`. Plain http only to this machine (the
 * local stand-in): the API key travels in the query string and must never cross a network in
 * clear.
 */
export function registrarBaseUrl(text: string): string {
  return secureOrigin(urlOf(text.trim(), 'REGISTRAR_URL'), 'REGISTRAR_URL', {
    carries: 'the API key',
  });
}

const field = z.string().check(z.trim(), z.minLength(1));
const secretShape = z.object({
  url: field,
  resellerId: field,
  apiKey: field,
  nameservers: z.optional(z.array(field)),
});

function nameserverList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The registrar's credentials, fetched once per cold start: from the environment locally, from
 * the Secrets Manager secret (JSON {"url","resellerId","apiKey"}) in AWS. A failed fetch is not
 * kept, and `forget()` drops what was fetched, so a key rotated in the secret is picked up
 * without a redeploy.
 */
export function logicBoxesCredentialsLoader(
  settings: () => RegistrarSettings,
  client: SecretsManagerClient,
): LogicBoxesCredentialsSource {
  return fetchedOnce(() => load(settings(), client));
}

async function load(
  settings: RegistrarSettings,
  client: SecretsManagerClient,
): Promise<LogicBoxesCredentials> {
  if (settings.source === 'environment') {
    return {
      baseUrl: registrarBaseUrl(settings.url),
      resellerId: settings.resellerId,
      apiKey: settings.apiKey,
      nameservers: nameserverList(settings.nameservers),
    };
  }
  const data = await secretJson(client, settings.secretArn, secretShape, {
    name: 'The registrar secret (REGISTRAR_SECRET_ARN)',
    holds: '{"url","resellerId","apiKey"}',
  });
  const { url, resellerId, apiKey, nameservers } = data;
  return {
    baseUrl: registrarBaseUrl(url),
    resellerId,
    apiKey,
    nameservers: (nameservers ?? []).map((name) => name.toLowerCase()),
  };
}
