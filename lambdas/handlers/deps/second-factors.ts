import { cognitoIdentityProvider } from '../../adapters/cognito/clients';
import { CognitoSecondFactors } from '../../adapters/cognito/second-factors';
import { identityConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('readMfaSettings');

export const secondFactors = new CognitoSecondFactors(
  cognitoIdentityProvider,
  () => identityConfig().USER_POOL_ID,
);
