/**
 * A Secrets Manager secret that holds JSON of a known shape (Razorpay's keys, WHM's token, the
 * registrar's key, Proxmox VE's token, the object storage's admin keys): fetched, parsed and
 * checked in one place, with one sentence for an operator who put the wrong thing in it. Neither
 * the secret nor what it holds is ever part of an error.
 */
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type * as z from 'zod/mini';
import { ConfigurationError } from '../../config/config';

export async function secretJson<T>(
  client: SecretsManagerClient,
  secretArn: string,
  shape: z.ZodMiniType<T>,
  /** How the operator knows it, e.g. `The WHM secret (WHM_SECRET_ARN)`, and what it holds. */
  about: { name: string; holds: string },
): Promise<T> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(SecretString ?? '');
  } catch {
    throw new ConfigurationError(`${about.name} is not JSON.`);
  }
  const result = shape.safeParse(parsed);
  if (!result.success) {
    const names = result.error.issues.map((issue) => String(issue.path[0])).join(', ');
    throw new ConfigurationError(`${about.name} lacks: ${names}. It holds ${about.holds}.`);
  }
  return result.data;
}
