/**
 * DynamoUsersStore.getUsers against a scripted DynamoDB: what dynalite never does (leave keys
 * unprocessed) and the 100-key limit of BatchGetItem. The contract spec covers the rest.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DynamoUsersStore } from '../../../../lambdas/adapters/dynamodb/users-table';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-south-1' }));
const ddb = mockClient(client);
const TABLE = 'storefront-users';
const store = new DynamoUsersStore(client, () => TABLE);

const item = (userId: string) => ({
  userId,
  email: `${userId}@example.in`,
  name: `Buyer ${userId}`,
  phone: '+919876543210',
  createdAt: '2026-11-22T01:00:00.000Z',
});
const ids = (n: number) => Array.from({ length: n }, (_, i) => `user-${i}`);
const keysOf = (call: number) =>
  (ddb.commandCalls(BatchGetCommand)[call]!.args[0].input.RequestItems?.[TABLE]?.Keys ?? []).map(
    (k) => k.userId as string,
  );

beforeEach(() => ddb.reset());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DynamoUsersStore.getUsers', () => {
  it('asks at most 100 keys a call, each id once, strongly consistent', async () => {
    ddb
      .on(BatchGetCommand)
      .callsFake((input: { RequestItems: Record<string, { Keys: { userId: string }[] }> }) => ({
        Responses: { [TABLE]: input.RequestItems[TABLE]!.Keys.map((k) => item(k.userId)) },
      }));
    const wanted = ids(250);

    const found = await store.getUsers([...wanted, 'user-0', 'user-249']);

    const calls = ddb.commandCalls(BatchGetCommand);
    expect(calls.map((_, i) => keysOf(i).length).sort()).toEqual([100, 100, 50]);
    expect(calls.flatMap((_, i) => keysOf(i)).sort()).toEqual([...wanted].sort());
    expect(calls[0]!.args[0].input.RequestItems?.[TABLE]?.ConsistentRead).toBe(true);
    expect(found.size).toBe(250);
    expect(found.get('user-7')).toEqual(item('user-7'));
  });

  it('asks again, after a wait, for the keys DynamoDB left unprocessed', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // waits of half the ceiling: 25 ms, then 50 ms
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [item('user-0')] },
        UnprocessedKeys: { [TABLE]: { Keys: [{ userId: 'user-1' }, { userId: 'user-2' }] } },
      })
      .resolvesOnce({
        Responses: { [TABLE]: [item('user-1')] },
        UnprocessedKeys: { [TABLE]: { Keys: [{ userId: 'user-2' }] } },
      })
      .resolvesOnce({ Responses: { [TABLE]: [item('user-2')] } });

    const reading = store.getUsers(ids(3));
    await vi.advanceTimersByTimeAsync(24);
    const callsBeforeWait = ddb.commandCalls(BatchGetCommand).length;
    await vi.advanceTimersByTimeAsync(1 + 50);
    const found = await reading;

    expect(callsBeforeWait).toBe(1);
    expect([keysOf(1), keysOf(2)]).toEqual([['user-1', 'user-2'], ['user-2']]);
    expect([...found.keys()].sort()).toEqual(ids(3));
  });

  it('fails, naming how many were left, when keys stay unprocessed try after try', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // no waits: the give-up is what is tested
    ddb.on(BatchGetCommand).resolves({
      Responses: { [TABLE]: [] },
      UnprocessedKeys: { [TABLE]: { Keys: [{ userId: 'user-0' }] } },
    });

    await expect(store.getUsers(['user-0'])).rejects.toThrow(/1 users were still unprocessed/);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(8);
  });

  it('reads nothing for no ids', async () => {
    expect(await store.getUsers([])).toEqual(new Map());
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
  });
});
