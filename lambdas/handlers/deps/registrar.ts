/**
 * The domain registrar (LogicBoxes HTTP API, D23): its credentials once per cold start (the
 * environment locally, the REGISTRAR_SECRET_ARN secret in AWS), dropped and fetched again when
 * the registrar refuses them (a rotated key).
 */
import { LogicBoxesApi } from '../../adapters/registrar/logicboxes-api';
import { logicBoxesCredentialsLoader } from '../../adapters/registrar/logicboxes-credentials';
import { LogicBoxesRegistrar } from '../../adapters/registrar/logicboxes-registrar';
import { secretsManager } from '../../adapters/secrets/clients';
import { registrarConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('registrarSecret');

const credentials = logicBoxesCredentialsLoader(() => registrarConfig(), secretsManager);

export const registrar = new LogicBoxesRegistrar(
  new LogicBoxesApi({ credentials, forgetCredentials: () => credentials.forget() }),
);
