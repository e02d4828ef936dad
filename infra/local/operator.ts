/**
 * `npm run operator -- add EMAIL` (or `remove EMAIL`, `list`): the operators' group of the local
 * store's user pool, in cognito-local. The store must be running (`npm start`) with the same
 * DATA_DIR and COGNITO_PORT. In AWS the same is one AWS CLI call (README, Operators).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { HOME_REGION, OPERATORS_GROUP } from '../../lambdas/system/facts';
import { loadLocalConfig } from './config';
import type { UserPoolIds } from './cognito';

const USAGE = 'Usage: npm run operator -- add EMAIL | remove EMAIL | list';

async function main(args: string[]): Promise<string> {
  const [action, email] = args;
  const config = loadLocalConfig();
  const idsFile = join(config.dataDir, 'cognito', 'pool.json');
  if (!existsSync(idsFile)) {
    throw new Error(
      `There is no local user pool under ${config.dataDir} yet: run npm start first.`,
    );
  }
  const { userPoolId } = JSON.parse(readFileSync(idsFile, 'utf8')) as UserPoolIds;
  const client = new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${config.ports.cognito}`,
    region: HOME_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    if (action === 'list') {
      const { Users = [] } = await client.send(
        new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: OPERATORS_GROUP }),
      );
      const emails = Users.map(
        (user) => user.Attributes?.find((a) => a.Name === 'email')?.Value ?? user.Username,
      );
      return emails.length ? emails.join('\n') : 'No operators yet.';
    }
    if ((action !== 'add' && action !== 'remove') || !email) throw new Error(USAGE);
    const input = { UserPoolId: userPoolId, Username: email, GroupName: OPERATORS_GROUP };
    if (action === 'add') {
      await client.send(new AdminAddUserToGroupCommand(input));
      return `${email} is an operator now. Sign out and in again to open /admin.`;
    }
    await client.send(new AdminRemoveUserFromGroupCommand(input));
    return `${email} is no longer an operator (from their next sign-in).`;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'UserNotFoundException')
      throw new Error(`No account uses ${email}: sign up first.`, { cause: error });
    if (/ECONNREFUSED|fetch failed/.test(String((error as Error).message)) || name === 'TypeError')
      throw new Error(
        `The local store is not running on port ${config.ports.cognito}: npm start.`,
        {
          cause: error,
        },
      );
    throw error;
  } finally {
    client.destroy();
  }
}

main(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  },
);
