/**
 * The edge's proof (#26): the Secrets Manager secret CloudFront's origin header is resolved from,
 * a generated string (not JSON). Loaded only by the API handlers that find ORIGIN_SECRET_ARN set,
 * on their first request (lambdas/http/edge-origin.ts). Its value is never part of an error.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { ConfigurationError } from '../../config/config';
import { secretsManager } from './clients';

export async function readOriginSecret(secretArn: string): Promise<string> {
  const { SecretString } = await secretsManager.send(
    new GetSecretValueCommand({ SecretId: secretArn }),
  );
  if (!SecretString)
    throw new ConfigurationError('The origin secret (ORIGIN_SECRET_ARN) is empty.');
  return SecretString;
}
