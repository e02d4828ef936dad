/**
 * The hosting panel (WHM API 1): its credentials once per cold start (the environment locally, the
 * WHM_SECRET_ARN secret in AWS), dropped and fetched again when WHM refuses them (a rotated token).
 */
import { secretsManager } from '../../adapters/secrets/clients';
import { WhmApi } from '../../adapters/whm/whm-api';
import { whmCredentialsLoader } from '../../adapters/whm/whm-credentials';
import { WhmProvisioner } from '../../adapters/whm/whm-provisioner';
import { whmConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('whmSecret');

const credentials = whmCredentialsLoader(() => whmConfig(), secretsManager);

export const hostingPanel = new WhmProvisioner(
  new WhmApi({ credentials, forgetCredentials: () => credentials.forget() }),
);
