import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { addressesOf, type Ipv4Range } from '../../domain/ipv4-pool';
import { PoolExhaustedError, type AddressPool, type Ipv4Lease } from '../../ports/address-pool';
import { sendIfConditionHolds } from './clients';

/**
 * The IPv4 pool on the counters table (its key is `series`), two items per allocation:
 * `ipv4#<address>` {serviceId} (the address is taken, by whom) and `ipv4-service#<serviceId>`
 * {address, prefixLength, gateway} (the service's one address). Each is written only if absent
 * (the address one also if it is this service's already), so an address goes to one service and
 * a service keeps one address however many deliveries race: the loser of the second write gives
 * its address back and answers the winner's. A crash between the two writes leaves the address
 * marked as the service's, which its next allocation takes again when it is the first free one.
 * Nothing is ever deleted: a release removes the owner from both items (the functions that
 * converge may update the counters table, never delete from it).
 */
const ADDRESS = (address: string) => `ipv4#${address}`;
const SERVICE = (serviceId: string) => `ipv4-service#${serviceId}`;
const BATCH = 100;

interface ServiceItem {
  series: string;
  address?: string;
  prefixLength?: number;
  gateway?: string;
}

export class DynamoAddressPool implements AddressPool {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
    private readonly ranges: () => Promise<readonly Ipv4Range[]> | readonly Ipv4Range[],
    private readonly now: () => Date = () => new Date(),
  ) {}

  async allocate(serviceId: string): Promise<Ipv4Lease> {
    const held = await this.leaseOf(serviceId);
    if (held) return held;
    let batch: Ipv4Lease[] = [];
    for (const lease of addressesOf(await this.ranges())) {
      batch.push(lease);
      if (batch.length < BATCH) continue;
      const won = await this.tryBatch(serviceId, batch);
      if (won) return won;
      batch = [];
    }
    const won = batch.length > 0 ? await this.tryBatch(serviceId, batch) : undefined;
    if (won) return won;
    throw new PoolExhaustedError();
  }

  async leaseOf(serviceId: string): Promise<Ipv4Lease | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: { series: SERVICE(serviceId) },
        ConsistentRead: true,
      }),
    );
    const item = Item as ServiceItem | undefined;
    return item?.address && item.prefixLength !== undefined && item.gateway
      ? { address: item.address, prefixLength: item.prefixLength, gateway: item.gateway }
      : undefined;
  }

  async release(serviceId: string): Promise<void> {
    const held = await this.leaseOf(serviceId);
    if (!held) return;
    // The address first: a crash after it leaves the service's item, which a retry clears.
    await this.giveBack(serviceId, held.address);
    await this.client.send(
      new UpdateCommand({
        TableName: this.table(),
        Key: { series: SERVICE(serviceId) },
        UpdateExpression: 'REMOVE address, prefixLength, gateway',
      }),
    );
  }

  /** Reads which of the addresses are free (or this service's), and tries them in order. */
  private async tryBatch(serviceId: string, batch: Ipv4Lease[]): Promise<Ipv4Lease | undefined> {
    const owners = new Map<string, string>();
    let keys: Record<string, unknown>[] = batch.map((lease) => ({
      series: ADDRESS(lease.address),
    }));
    while (keys.length > 0) {
      const answer = await this.client.send(
        new BatchGetCommand({
          RequestItems: {
            [this.table()]: {
              Keys: keys,
              ConsistentRead: true,
              ProjectionExpression: 'series, serviceId',
            },
          },
        }),
      );
      for (const item of answer.Responses?.[this.table()] ?? []) {
        if (typeof item.serviceId === 'string') owners.set(String(item.series), item.serviceId);
      }
      keys = (answer.UnprocessedKeys?.[this.table()]?.Keys ?? []) as Record<string, unknown>[];
    }
    for (const lease of batch) {
      const owner = owners.get(ADDRESS(lease.address));
      if (owner !== undefined && owner !== serviceId) continue;
      const won = await this.take(serviceId, lease);
      if (won) return won;
    }
    return undefined;
  }

  private async take(serviceId: string, lease: Ipv4Lease): Promise<Ipv4Lease | undefined> {
    const at = this.now().toISOString();
    const taken = await sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: { series: ADDRESS(lease.address), serviceId, at },
        ConditionExpression: 'attribute_not_exists(serviceId) OR serviceId = :sid',
        ExpressionAttributeValues: { ':sid': serviceId },
      }),
    );
    if (!taken) return undefined;
    const recorded = await sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: { series: SERVICE(serviceId), ...lease, at },
        ConditionExpression: 'attribute_not_exists(address)',
      }),
    );
    if (recorded) return lease;
    // A racing allocation for this service recorded its address first: give this one back.
    const winner = await this.leaseOf(serviceId);
    if (winner && winner.address !== lease.address) await this.giveBack(serviceId, lease.address);
    return winner ?? lease;
  }

  /** The address is free again, if it is still this service's. */
  private async giveBack(serviceId: string, address: string): Promise<void> {
    await sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { series: ADDRESS(address) },
        UpdateExpression: 'REMOVE serviceId SET freedAt = :at',
        ConditionExpression: 'serviceId = :sid',
        ExpressionAttributeValues: { ':sid': serviceId, ':at': this.now().toISOString() },
      }),
    );
  }
}
