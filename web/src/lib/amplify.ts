/**
 * Amplify, configured once from /config.json. This module is only ever imported dynamically (by
 * the API client and the auth state), so public pages paint without it.
 */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { loadConfig, type AppConfig } from './config';

export const API_NAME = 'storefront';

let configured: Promise<AppConfig> | undefined;

export function ensureAmplify(): Promise<AppConfig> {
  configured ??= loadConfig()
    .then((config) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            loginWith: { email: true },
            ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          },
        },
        API: {
          REST: {
            [API_NAME]: {
              endpoint: new URL(config.apiBase, window.location.origin)
                .toString()
                .replace(/\/$/, ''),
              region: config.region,
            },
          },
        },
      });
      // cognito-local lacks GetTokensFromRefreshToken, Amplify's refresh call (docs/toolchain.md);
      // it does answer InitiateAuth with REFRESH_TOKEN_AUTH, so refresh through that locally.
      if (config.userPoolEndpoint) {
        cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
          localTokenRefresher(config.userPoolEndpoint, config.userPoolClientId),
        );
      }
      return config;
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

type TokenRefresher = Parameters<
  typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher
>[0];
type Jwt = Awaited<ReturnType<TokenRefresher>>['accessToken'];

function decodeJwt(token: string): Jwt {
  const part = token.split('.')[1] ?? '';
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const json = decodeURIComponent(
    Array.from(atob(base64), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
  );
  return { toString: () => token, payload: JSON.parse(json) as Jwt['payload'] };
}

function localTokenRefresher(endpoint: string, clientId: string): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw new Error('No refresh token to refresh the session with');
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    if (!response.ok) throw new Error(`Token refresh failed (${response.status})`);
    const body = (await response.json()) as {
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
    };
    const result = body.AuthenticationResult;
    if (!result?.AccessToken) throw new Error('Token refresh returned no access token');
    const accessToken = decodeJwt(result.AccessToken);
    const issuedAt = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJwt(result.IdToken) : undefined,
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      clockDrift: issuedAt * 1000 - Date.now(),
      username,
    };
  };
}
