import { cognitoIdentityProvider } from '../../adapters/cognito/clients';
import { CognitoIdentityDirectory } from '../../adapters/cognito/identity-directory';
import { identityConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('updateUserAttributes');
wiring.needs.add('deleteUsers');

export const identityDirectory = new CognitoIdentityDirectory(
  cognitoIdentityProvider,
  () => identityConfig().USER_POOL_ID,
);
