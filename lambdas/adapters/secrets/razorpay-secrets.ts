import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { secretJson } from './secret-json';

export interface RazorpayCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export type RazorpaySettings =
  | { source: 'environment'; keyId: string; keySecret: string; webhookSecret: string }
  | { source: 'secretsManager'; secretArn: string; keyId: string | undefined };

const secret = z.string().check(z.minLength(1));
const secretShape = z.object({ keyId: secret, keySecret: secret, webhookSecret: secret });

/**
 * Razorpay's credentials, fetched once per cold start: from the environment locally, from the
 * Secrets Manager secret (JSON {keyId, keySecret, webhookSecret}) in AWS. A failed fetch is not
 * cached, so the next invocation tries again.
 */
export function razorpayCredentialsLoader(
  settings: () => RazorpaySettings,
  client: SecretsManagerClient,
): () => Promise<RazorpayCredentials> {
  let pending: Promise<RazorpayCredentials> | undefined;
  return () => {
    pending ??= load(settings(), client).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

async function load(
  settings: RazorpaySettings,
  client: SecretsManagerClient,
): Promise<RazorpayCredentials> {
  if (settings.source === 'environment') {
    return {
      keyId: settings.keyId,
      keySecret: settings.keySecret,
      webhookSecret: settings.webhookSecret,
    };
  }
  const data = await secretJson(client, settings.secretArn, secretShape, {
    name: 'The Razorpay secret (RAZORPAY_SECRET_ARN)',
    holds: '{"keyId","keySecret","webhookSecret"}',
  });
  return { ...data, keyId: settings.keyId ?? data.keyId };
}
