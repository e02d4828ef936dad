/**
 * Records written before the users table's name index lack their name's keys; the backfill (run by
 * `npm run backfill -- --users-table` after a deploy and by the local stack at start) gives each
 * the keys its name would get now, so the console's search by name finds them, and leaves a record
 * with no name be. Running it again changes nothing.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DynamoUsersStore } from '../../../lambdas/adapters/dynamodb/users-table';
import { backfillUserNames } from '../../../infra/lib/backfills/user-names';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';

let db: Dynalite;
beforeEach(async () => {
  db = await startDynalite();
});
afterEach(async () => {
  await db.stop();
});

/** A record as the previous version wrote it: a name, no name keys. */
async function givenOldUser(userId: string, name: string) {
  await db.client.send(
    new PutCommand({
      TableName: db.table('users')(),
      Item: { userId, email: `${userId}@example.in`, name, phone: '', createdAt: '2026-10-01' },
    }),
  );
}

describe('the user-names backfill', () => {
  it('gives each named record its keys, once; the search by name then finds it', async () => {
    await givenOldUser('user-1', 'Meera Iyer');
    await givenOldUser('user-2', '');
    const users = new DynamoUsersStore(db.client, db.table('users'));
    expect(await users.findUsersByNamePrefix('meera', 10)).toEqual([]);

    const first = await backfillUserNames(db.client, db.table('users')());
    const again = await backfillUserNames(db.client, db.table('users')());

    expect(first).toEqual({ read: 2, updated: 1 });
    expect(again).toEqual({ read: 2, updated: 0 });
    expect((await users.findUsersByNamePrefix('meera i', 10)).map((u) => u.userId)).toEqual([
      'user-1',
    ]);
  });
});
