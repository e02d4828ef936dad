/**
 * Operators on a local stack: `npm run operator` (infra/local/operator.ts) run against the stack's
 * own Cognito stand-in and data, and a buyer made an operator through it. One place for what every
 * test that signs in an operator needs.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, type LocalStack } from './local-stack';
import { newUser, signUp, type TestUser } from './storefront-client';
import { enrollTotp } from './totp';

const run = promisify(execFile);

/** `npm run operator -- ARGS` against this stack. */
export function operatorCommand(
  stack: LocalStack,
  ...args: string[]
): Promise<{ stdout: string; stderr: string }> {
  return run(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/operator.ts', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: stack.dataDir, COGNITO_PORT: String(stack.ports.cognito) },
    },
  );
}

/**
 * A new user, signed up and made an operator, with TOTP on (D28: the console refuses an operator
 * without it). The operators' group is in their token from their next sign-in on; signIn answers
 * the TOTP code with `totpSecret`. `totp: false` leaves TOTP off, for the refusal itself.
 */
export async function newOperator(
  stack: LocalStack,
  prefix = 'operator',
  options: { totp?: boolean } = {},
): Promise<TestUser> {
  const operator = newUser(prefix);
  await signUp(stack, operator);
  await operatorCommand(stack, 'add', operator.email);
  return options.totp === false ? operator : enrollTotp(stack, operator);
}
