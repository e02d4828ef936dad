import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { nextDueAt } from '../../domain/tickets';
import type { MailClaim } from '../../ports/messages';
import type {
  TicketHeadChange,
  TicketMailRecipient,
  TicketMessageRecord,
  TicketRecord,
  TicketsStore,
} from '../../ports/tickets';
import { isConditionFailure, sendIfConditionHolds } from './clients';
import { queryAll } from './query-all';

/**
 * The tickets table: one partition per ticket, its head at `entry = "#ticket"` and each message at
 * `entry = "msg#<messageId>"` (message ids sort by time), so a thread is one query. Only heads
 * carry the indexes' keys: `ticketNumber` (byNumber), `email` + `createdAt` (byEmail), and, while
 * unresolved, `queue = "unresolved"` + `queueAt` (the next deadline, or "none") for the console's
 * queue and the overdue check.
 */
const HEAD = '#ticket';
const messageEntry = (messageId: string) => `msg#${messageId}`;
const UNRESOLVED = 'unresolved';
const PENDING = 'pending';
/** Sorts after every ISO time: tickets with no deadline come last in the queue. */
const NO_DEADLINE = 'none';

type Stored<T> = T & { entry: string; queue?: string; queueAt?: string };

function queueFields(ticket: TicketRecord): { queue?: string; queueAt?: string } {
  if (ticket.status === 'resolved') return {};
  return { queue: UNRESOLVED, queueAt: nextDueAt(ticket) ?? NO_DEADLINE };
}

function toTicket(item: Record<string, unknown>): TicketRecord {
  const {
    entry: _entry,
    queue: _queue,
    queueAt: _queueAt,
    ...ticket
  } = item as unknown as Stored<TicketRecord>;
  return ticket;
}

function toMessage(item: Record<string, unknown>): TicketMessageRecord {
  const {
    entry: _entry,
    buyerMailedAt: _a,
    buyerMailLease: _b,
    supportMailedAt: _c,
    supportMailLease: _d,
    mailPending: _e,
    ...message
  } = item as Stored<TicketMessageRecord> & Record<string, unknown>;
  return message as TicketMessageRecord;
}

export class DynamoTicketsStore implements TicketsStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async createTicket(ticket: TicketRecord, first: TicketMessageRecord): Promise<void> {
    // The message first: a head is only ever seen with its first message in place.
    await this.addMessage(first);
    await sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: { ...ticket, entry: HEAD, ...queueFields(ticket) },
        ConditionExpression: 'attribute_not_exists(ticketId)',
      }),
    );
  }

  async setNumber(ticketId: string, ticketNumber: string): Promise<string | undefined> {
    const written = await sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { ticketId, entry: HEAD },
        UpdateExpression: 'SET ticketNumber = :number',
        ConditionExpression: 'attribute_exists(ticketId) AND attribute_not_exists(ticketNumber)',
        ExpressionAttributeValues: { ':number': ticketNumber },
      }),
    );
    if (written) return ticketNumber;
    return (await this.getTicket(ticketId))?.ticketNumber;
  }

  async getTicket(ticketId: string): Promise<TicketRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: { ticketId, entry: HEAD },
        ConsistentRead: true,
      }),
    );
    return Item ? toTicket(Item) : undefined;
  }

  async findByNumber(ticketNumber: string): Promise<TicketRecord | undefined> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.table(),
      IndexName: 'byNumber',
      KeyConditionExpression: 'ticketNumber = :number',
      ExpressionAttributeValues: { ':number': ticketNumber },
      ProjectionExpression: 'ticketId',
    });
    const ticketId = items[0]?.ticketId;
    // The index is eventually consistent: the head itself is read strongly.
    return typeof ticketId === 'string' ? this.getTicket(ticketId) : undefined;
  }

  async listByEmail(email: string): Promise<TicketRecord[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.table(),
      IndexName: 'byEmail',
      KeyConditionExpression: 'email = :email',
      ExpressionAttributeValues: { ':email': email.toLowerCase() },
      ScanIndexForward: false,
    });
    return items.map(toTicket);
  }

  async listUnresolved(
    options: { dueBefore?: string; limit?: number } = {},
  ): Promise<TicketRecord[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.table(),
      IndexName: 'unresolved',
      KeyConditionExpression: options.dueBefore
        ? '#queue = :queue AND queueAt < :before'
        : '#queue = :queue',
      ExpressionAttributeNames: { '#queue': 'queue' },
      ExpressionAttributeValues: {
        ':queue': UNRESOLVED,
        ...(options.dueBefore ? { ':before': options.dueBefore } : {}),
      },
      ...(options.limit ? { Limit: options.limit } : {}),
    });
    const tickets = items.map(toTicket);
    return options.limit ? tickets.slice(0, options.limit) : tickets;
  }

  async listMessages(ticketId: string): Promise<TicketMessageRecord[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.table(),
      KeyConditionExpression: 'ticketId = :id AND begins_with(entry, :msg)',
      ExpressionAttributeValues: { ':id': ticketId, ':msg': 'msg#' },
      ConsistentRead: true,
    });
    return items.map(toMessage);
  }

  async getMessage(ticketId: string, messageId: string): Promise<TicketMessageRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: { ticketId, entry: messageEntry(messageId) },
        ConsistentRead: true,
      }),
    );
    return Item ? toMessage(Item) : undefined;
  }

  async addMessage(message: TicketMessageRecord): Promise<void> {
    const pending = message.mailTo && message.mailTo.length > 0 ? { mailPending: PENDING } : {};
    await sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: { ...message, ...pending, entry: messageEntry(message.messageId) },
        ConditionExpression: 'attribute_not_exists(ticketId)',
      }),
    );
  }

  async updateTicket(current: TicketRecord, change: TicketHeadChange): Promise<boolean> {
    const next: TicketRecord = { ...current, ...change, version: current.version + 1 };
    const fields: Record<string, unknown> = { ...change, version: next.version };
    const queue = queueFields(next);
    fields.queue = queue.queue;
    fields.queueAt = queue.queueAt;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':seen': current.version };
    const sets: string[] = [];
    const removes: string[] = [];
    Object.entries(fields).forEach(([key, value], i) => {
      names[`#f${i}`] = key;
      if (value === undefined) {
        removes.push(`#f${i}`);
      } else {
        values[`:f${i}`] = value;
        sets.push(`#f${i} = :f${i}`);
      }
    });
    names['#version'] = 'version';
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { ticketId: current.ticketId, entry: HEAD },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(ticketId) AND #version = :seen',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  async claimMail(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
    now: Date,
    leaseMs: number,
  ): Promise<MailClaim> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { ticketId, entry: messageEntry(messageId) },
          UpdateExpression: 'SET #lease = :until',
          ConditionExpression:
            'attribute_exists(ticketId) AND attribute_not_exists(#mailed) AND ' +
            '(attribute_not_exists(#lease) OR #lease < :now)',
          ExpressionAttributeNames: {
            '#lease': `${recipient}MailLease`,
            '#mailed': `${recipient}MailedAt`,
          },
          ExpressionAttributeValues: {
            ':until': new Date(now.getTime() + leaseMs).toISOString(),
            ':now': now.toISOString(),
          },
        }),
      );
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const { Item } = await this.client.send(
        new GetCommand({
          TableName: this.table(),
          Key: { ticketId, entry: messageEntry(messageId) },
          ConsistentRead: true,
        }),
      );
      if (!Item) throw new Error(`No ticket message ${ticketId} ${messageId}`, { cause: error });
      return Item[`${recipient}MailedAt`] ? 'sent' : 'busy';
    }
  }

  async markMailed(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
    at: Date,
  ): Promise<void> {
    const { Attributes } = await this.client.send(
      new UpdateCommand({
        TableName: this.table(),
        Key: { ticketId, entry: messageEntry(messageId) },
        UpdateExpression: 'SET #mailed = :at REMOVE #lease',
        ConditionExpression: 'attribute_exists(ticketId)',
        ExpressionAttributeNames: {
          '#lease': `${recipient}MailLease`,
          '#mailed': `${recipient}MailedAt`,
        },
        ExpressionAttributeValues: { ':at': at.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const mailTo = (Attributes?.mailTo as TicketMailRecipient[] | undefined) ?? [];
    if (Attributes?.mailPending && mailTo.every((r) => Attributes[`${r}MailedAt`])) {
      // Every mail of the message is sent: it leaves the pending index.
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { ticketId, entry: messageEntry(messageId) },
          UpdateExpression: 'REMOVE mailPending',
        }),
      );
    }
  }

  async listPendingMail(before: string, limit: number): Promise<TicketMessageRecord[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: 'pendingMail',
        KeyConditionExpression: 'mailPending = :pending AND #at < :before',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':pending': PENDING, ':before': before },
        Limit: limit,
      }),
    );
    return Items.map(toMessage);
  }

  async releaseMail(
    ticketId: string,
    messageId: string,
    recipient: TicketMailRecipient,
  ): Promise<void> {
    await sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { ticketId, entry: messageEntry(messageId) },
        UpdateExpression: 'REMOVE #lease',
        ConditionExpression: 'attribute_exists(ticketId) AND attribute_not_exists(#mailed)',
        ExpressionAttributeNames: {
          '#lease': `${recipient}MailLease`,
          '#mailed': `${recipient}MailedAt`,
        },
      }),
    );
  }
}
