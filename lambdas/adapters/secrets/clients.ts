import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_SECRETS_MANAGER where set. */
export const secretsManager = new SecretsManagerClient({});
