import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { metered } from '../usage-meter';

/** Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_SECRETS_MANAGER where set. */
export const secretsManager = metered(new SecretsManagerClient({}), 'secretsmanager');
