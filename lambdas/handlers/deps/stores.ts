/** DynamoDB-backed ports; table names are read from the configuration on first use. */
import { DynamoAuditLog } from '../../adapters/dynamodb/audit-table';
import { DynamoAutoRenewStore } from '../../adapters/dynamodb/auto-renew';
import { dynamo } from '../../adapters/dynamodb/clients';
import {
  DynamoProcessedEvents,
  DynamoWelcomeMailClaims,
} from '../../adapters/dynamodb/idempotency-table';
import { DynamoMailLog } from '../../adapters/dynamodb/mail-log-table';
import { DynamoMessagesStore } from '../../adapters/dynamodb/messages-table';
import { DynamoOrdersStore } from '../../adapters/dynamodb/orders-table';
import { DynamoPlansStore } from '../../adapters/dynamodb/plans-table';
import { DynamoProvisioningRecords } from '../../adapters/dynamodb/provisioning-records';
import { DynamoPurchasesStore } from '../../adapters/dynamodb/purchases-table';
import { DynamoRateLimiter } from '../../adapters/dynamodb/rate-limits-table';
import { DynamoRefundsStore } from '../../adapters/dynamodb/refunds-table';
import { DynamoServicesStore } from '../../adapters/dynamodb/services-table';
import { DynamoStorageParts } from '../../adapters/dynamodb/storage-parts';
import { DynamoUsersStore } from '../../adapters/dynamodb/users-table';
import { provisioningLeaseMs, tableName, welcomeMailLeaseMs } from '../../config/config';
import type { TableId } from '../../system/facts';
import { wiring } from './wiring';

/** The table's name, read on first use; wiring it records it for the least-privilege test. */
function table(id: TableId): () => string {
  wiring.tables.add(id);
  return () => tableName(id);
}

export const plansStore = () => new DynamoPlansStore(dynamo, table('plans'));
export const usersStore = () => new DynamoUsersStore(dynamo, table('users'));
/** The users store of the function that deletes accounts (D28): DeleteItem is granted to it alone. */
export const erasableUsersStore = () => {
  wiring.deletes.add('users');
  return usersStore();
};
export const ordersStore = () => new DynamoOrdersStore(dynamo, table('orders'));
export const purchasesStore = () => new DynamoPurchasesStore(dynamo, table('purchases'));
export const servicesStore = () => new DynamoServicesStore(dynamo, table('services'));
/** A storage service's part is kept on the services table's items (D24). */
export const storageParts = () => new DynamoStorageParts(dynamo, table('services'));
/** Auto-renew's record and mandate are kept on the services table's items too (D25). */
export const autoRenewStore = () => new DynamoAutoRenewStore(dynamo, table('services'));
export const messagesStore = () => new DynamoMessagesStore(dynamo, table('messages'));
export const rateLimiter = () => new DynamoRateLimiter(dynamo, table('limits'));
export const processedEvents = () => new DynamoProcessedEvents(dynamo, table('idempotency'));
/** The welcome mails' claims as the console reads them (failed ones, one's state): no deletes. */
export const welcomeMailStates = () =>
  new DynamoWelcomeMailClaims(dynamo, table('idempotency'), welcomeMailLeaseMs());
/** A failed claim is released by deleting it: DeleteItem on the idempotency table. */
export const welcomeMailClaims = () => {
  wiring.deletes.add('idempotency');
  return new DynamoWelcomeMailClaims(dynamo, table('idempotency'), welcomeMailLeaseMs());
};
export const auditLog = () => new DynamoAuditLog(dynamo, table('audit'));
export const refundsStore = () => new DynamoRefundsStore(dynamo, table('refunds'));
/** Provisioning is kept on the services table's items. */
export const provisioningRecords = () =>
  new DynamoProvisioningRecords(dynamo, table('services'), provisioningLeaseMs());
/** The customers' mail logs: the mailer writes them (put only), the console reads them. */
export const mailLog = () => new DynamoMailLog(dynamo, table('mails'));
/** The mail log of the function that deletes accounts (D28): DeleteItem is granted to it alone. */
export const erasableMailLog = () => {
  wiring.deletes.add('mails');
  return mailLog();
};
