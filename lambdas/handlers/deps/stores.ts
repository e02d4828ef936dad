/** DynamoDB-backed ports; table names are read from the configuration on first use. */
import { dynamo } from '../../adapters/dynamodb/clients';
import {
  DynamoProcessedEvents,
  DynamoWelcomeMailClaims,
} from '../../adapters/dynamodb/idempotency-table';
import { DynamoMessagesStore } from '../../adapters/dynamodb/messages-table';
import { DynamoOrdersStore } from '../../adapters/dynamodb/orders-table';
import { DynamoPlansStore } from '../../adapters/dynamodb/plans-table';
import { DynamoPurchasesStore } from '../../adapters/dynamodb/purchases-table';
import { DynamoRateLimiter } from '../../adapters/dynamodb/rate-limits-table';
import { DynamoUsersStore } from '../../adapters/dynamodb/users-table';
import { randomUUID } from 'node:crypto';
import { tableName, welcomeMailLeaseMs } from '../../config/config';

export const plansStore = () => new DynamoPlansStore(dynamo, () => tableName('plans'));
export const usersStore = () => new DynamoUsersStore(dynamo, () => tableName('users'));
export const ordersStore = () => new DynamoOrdersStore(dynamo, () => tableName('orders'));
export const purchasesStore = () => new DynamoPurchasesStore(dynamo, () => tableName('purchases'));
export const messagesStore = () => new DynamoMessagesStore(dynamo, () => tableName('messages'));
export const rateLimiter = () => new DynamoRateLimiter(dynamo, () => tableName('limits'));
export const processedEvents = () =>
  new DynamoProcessedEvents(dynamo, () => tableName('idempotency'));
export const welcomeMailClaims = () =>
  new DynamoWelcomeMailClaims(
    dynamo,
    () => tableName('idempotency'),
    randomUUID,
    welcomeMailLeaseMs(),
  );
