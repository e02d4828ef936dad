/**
 * The Cognito stand-in: cognito-local as a child process, its data under DATA_DIR/cognito/.cognito.
 * On first start it gets a user pool and an app client with the CDK stack's settings; their ids are
 * kept in DATA_DIR/cognito/pool.json so that every later start reuses them.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { COGNITO_TRIGGERS } from '../lib/definitions/functions';
import type { LocalConfig } from './config';
import { localFunctionName } from './lambda-runtime';
import { waitFor, type Children } from './processes';
import { writeFileDurably } from './durable-file';

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

const require = createRequire(import.meta.url);

export function cognitoIssuer(config: LocalConfig, userPoolId: string): string {
  return `http://127.0.0.1:${config.ports.cognito}/${userPoolId}`;
}

export async function startCognito(config: LocalConfig, children: Children): Promise<UserPoolIds> {
  const home = join(config.dataDir, 'cognito');
  mkdirSync(join(home, '.cognito'), { recursive: true });
  // Rewritten on every start: the ports may have moved since the last one.
  writeFileDurably(
    join(home, '.cognito', 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: `http://127.0.0.1:${config.ports.storefront}`,
          region: 'ap-south-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: {
          PreSignUp: localFunctionName(COGNITO_TRIGGERS.preSignUp),
          PostConfirmation: localFunctionName(COGNITO_TRIGGERS.postConfirmation),
        },
        TokenConfig: { IssuerDomain: `http://127.0.0.1:${config.ports.cognito}` },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  checkUserPoolFiles(home, true);
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  children.start({
    name: 'cognito-local',
    command: process.execPath,
    args: [bin],
    cwd: home,
    env: { ...process.env, PORT: String(config.ports.cognito), HOST: '127.0.0.1', DEBUG: '' },
    verbose: false,
  });

  const client = new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${config.ports.cognito}`,
    region: 'ap-south-1',
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
    return saved;
  }

  // The same settings as the CDK stack's pool and client: email sign-in, USER_PASSWORD_AUTH.
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'storefront-users',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
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
  const ids = { userPoolId, userPoolClientId };
  writeFileDurably(idsFile, JSON.stringify(ids, null, 2));
  checkUserPoolFiles(home, false); // a first copy of the new pool
  return ids;
}

/**
 * cognito-local rewrites its JSON files in place, so a crash in the middle of a write could leave
 * one cut short. Each start (and backUpUserPool, every few seconds) keeps a copy of every file that
 * reads well, and puts the copy back for
 * one that does not (losing only the last seconds before the crash, not the whole pool).
 */
function checkUserPoolFiles(home: string, restore: boolean): void {
  const db = join(home, '.cognito', 'db');
  const backup = join(home, 'backup');
  if (!existsSync(db)) return;
  mkdirSync(backup, { recursive: true });
  for (const file of readdirSync(db).filter((f) => f.endsWith('.json'))) {
    const path = join(db, file);
    try {
      const text = readFileSync(path, 'utf8');
      JSON.parse(text);
      writeFileDurably(join(backup, file), text);
    } catch {
      if (!restore) continue; // cognito-local may be writing it right now
      if (!existsSync(join(backup, file)))
        throw new Error(`${path} is damaged and there is no copy to restore.`);
      console.error(
        `${path} was damaged (a crash while cognito-local wrote it); restored its last good copy.`,
      );
      copyFileSync(join(backup, file), path);
    }
  }
}

/** A fresh copy of the pool's files that read well; the stack takes one every few seconds. */
export function backUpUserPool(config: LocalConfig): void {
  checkUserPoolFiles(join(config.dataDir, 'cognito'), false);
}
