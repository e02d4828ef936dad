/**
 * The Cognito stand-in's user pool (cognito-local itself is started by cognito-process.ts).
 * On first start it gets a user pool and an app client with the CDK stack's settings; their ids are
 * kept in DATA_DIR/cognito/pool.json so that every later start reuses them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LocalConfig } from './config';
import { backUpUserPool } from './cognito-process';
import { waitFor } from './processes';
import { writeFileDurably } from './durable-file';
import { HOME_REGION, OPERATORS_GROUP } from '../../lambdas/system/facts';

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export function cognitoIssuer(config: LocalConfig, userPoolId: string): string {
  return `http://127.0.0.1:${config.ports.cognito}/${userPoolId}`;
}

/** Waits for cognito-local (spawnCognito), then finds or makes the pool and its app client. */
export async function ensureUserPool(config: LocalConfig): Promise<UserPoolIds> {
  const home = join(config.dataDir, 'cognito');
  const client = new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${config.ports.cognito}`,
    region: HOME_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const idsFile = join(home, 'pool.json');
  const saved = existsSync(idsFile)
    ? (JSON.parse(readFileSync(idsFile, 'utf8')) as UserPoolIds)
    : undefined;
  // Any HTTP answer means it is up; the SDK's own retries would only slow the polling down.
  await waitFor('cognito-local', async () => {
    await fetch(`http://127.0.0.1:${config.ports.cognito}/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return true;
  });
  if (saved) {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }));
    await ensureOperatorsGroup(client, saved.userPoolId);
    return saved;
  }

  // The same settings as the CDK stack's pool and client: email sign-in, USER_PASSWORD_AUTH.
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'storefront-users',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // As the CDK stack's pool (keepOriginal): a changed email counts only once its code is
      // entered; until then the old one stays the sign-in (D28).
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      // As the CDK stack's pool: TOTP two-step sign-in for those who turn it on (D28).
      MfaConfiguration: 'OPTIONAL',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      Schema: [
        { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
        { Name: 'name', AttributeDataType: 'String', Required: false, Mutable: true },
        { Name: 'phone_number', AttributeDataType: 'String', Required: false, Mutable: true },
      ],
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local created no user pool id.');
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'storefront-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  const userPoolClientId = appClient.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created no app client id.');
  await ensureOperatorsGroup(client, userPoolId);
  const ids = { userPoolId, userPoolClientId };
  writeFileDurably(idsFile, JSON.stringify(ids, null, 2));
  await backUpUserPool(config); // a first copy of the new pool
  return ids;
}

/** The operators' group, as the CDK stack creates it; its members use /admin. */
async function ensureOperatorsGroup(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<void> {
  try {
    await client.send(
      new CreateGroupCommand({
        UserPoolId: userPoolId,
        GroupName: OPERATORS_GROUP,
        Description: "The store's operators: the console at /admin and the /api/admin routes.",
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'GroupExistsException') throw error;
  }
}
