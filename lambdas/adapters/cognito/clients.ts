import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/**
 * Built once per cold start; the endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER
 * where set (cognito-local, locally). Bounded, so a stuck call fails the request instead of the
 * Lambda's whole timeout.
 */
export const cognitoIdentityProvider = new CognitoIdentityProviderClient({
  requestHandler: { connectionTimeout: 2000, requestTimeout: 5000 },
});
