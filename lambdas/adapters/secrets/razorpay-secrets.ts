import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { ConfigurationError } from '../../config/config';

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
  const { SecretString } = await client.send(
    new GetSecretValueCommand({ SecretId: settings.secretArn }),
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(SecretString ?? '');
  } catch {
    throw new ConfigurationError('The Razorpay secret (RAZORPAY_SECRET_ARN) is not JSON.');
  }
  const result = secretShape.safeParse(parsed);
  if (!result.success) {
    const names = result.error.issues.map((issue) => String(issue.path[0])).join(', ');
    throw new ConfigurationError(
      `The Razorpay secret (RAZORPAY_SECRET_ARN) lacks: ${names}. It holds {"keyId","keySecret","webhookSecret"}.`,
    );
  }
  return { ...result.data, keyId: settings.keyId ?? result.data.keyId };
}
