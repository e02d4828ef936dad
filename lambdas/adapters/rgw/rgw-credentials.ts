import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { fetchedOnce, type FetchedOnce } from '../secrets/fetched-once';
import { secureOrigin, urlOf } from '../secrets/provider-origin';
import { secretJson } from '../secrets/secret-json';

/**
 * Where and as whom Ceph RGW's Admin Ops API is called: the admin user's S3 keys (a user with
 * `users=read,write` caps), which sign every request (AWS SigV4). Never logged.
 */
export interface RgwCredentials {
  /** The admin API's origin (RGW serves `/admin/...` beside S3). */
  adminUrl: string;
  /** The S3 endpoint the buyers' clients connect to (path-style); often the same origin. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The SigV4 signing region RGW expects (its zonegroup's api_name); "us-east-1" by default. */
  region: string;
}

export type RgwSettings =
  | {
      source: 'environment';
      url: string;
      endpoint: string;
      accessKeyId: string;
      secretAccessKey: string;
    }
  | { source: 'secretsManager'; secretArn: string };

export type RgwCredentialsSource = FetchedOnce<RgwCredentials>;

export const RGW_DEFAULT_REGION = 'us-east-1';

/** An origin: https, or plain http to this machine only (the local stand-in). */
export function storageOrigin(text: string, what: string): string {
  return secureOrigin(urlOf(text.trim(), what), what);
}

const field = z.string().check(z.trim(), z.minLength(1));
const secretShape = z.object({
  url: field,
  endpoint: z.optional(field),
  accessKeyId: field,
  secretAccessKey: field,
  region: z.optional(field),
});

/**
 * The admin's keys, fetched once per cold start: from the environment locally, from the Secrets
 * Manager secret in AWS. A failed fetch is not kept, and `forget()` drops what was fetched, so a
 * key rotated in the secret is read again without a redeploy.
 */
export function rgwCredentialsLoader(
  settings: () => RgwSettings,
  client: SecretsManagerClient,
): RgwCredentialsSource {
  return fetchedOnce(() => load(settings(), client));
}

async function load(settings: RgwSettings, client: SecretsManagerClient): Promise<RgwCredentials> {
  if (settings.source === 'environment') {
    return {
      adminUrl: storageOrigin(settings.url, 'STORAGE_ADMIN_URL'),
      endpoint: storageOrigin(settings.endpoint, 'STORAGE_ENDPOINT'),
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: RGW_DEFAULT_REGION,
    };
  }
  const data = await secretJson(client, settings.secretArn, secretShape, {
    name: 'The storage secret (STORAGE_SECRET_ARN)',
    holds: '{"url","endpoint","accessKeyId","secretAccessKey","region"}',
  });
  const { url, endpoint, accessKeyId, secretAccessKey, region } = data;
  return {
    adminUrl: storageOrigin(url, 'The storage secret\'s "url"'),
    endpoint: storageOrigin(endpoint ?? url, 'The storage secret\'s "endpoint"'),
    accessKeyId,
    secretAccessKey,
    region: region ?? RGW_DEFAULT_REGION,
  };
}
