/**
 * Operators, locally: `npm run operator -- add EMAIL` puts an existing account in the operators'
 * group of the running store's user pool, and the account's next ID token says so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operatorCommand as runOperator } from '../helpers/operators';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import { newUser, signIn, signUp } from '../helpers/storefront-client';

let stack: LocalStack;
beforeAll(async () => {
  stack = sharedStack();
});

function operatorCommand(...args: string[]) {
  return runOperator(stack, ...args);
}

const groupsIn = (idToken: string): unknown =>
  (
    JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >
  )['cognito:groups'];

describe('npm run operator', () => {
  it('adds an existing account to the operators group, named in its next ID token', async () => {
    const user = newUser('operator');
    await signUp(stack, user);
    expect(groupsIn(await signIn(stack, user))).toBeUndefined();

    const { stdout } = await operatorCommand('add', user.email);

    expect(stdout).toContain(`${user.email} is an operator now`);
    expect(groupsIn(await signIn(stack, user))).toEqual(['operators']);
    expect((await operatorCommand('list')).stdout).toContain(user.email);
  });

  it('says plainly when no account uses the email', async () => {
    await expect(operatorCommand('add', 'nobody@example.in')).rejects.toMatchObject({
      stderr: expect.stringContaining('No account uses nobody@example.in'),
    });
  });
});
