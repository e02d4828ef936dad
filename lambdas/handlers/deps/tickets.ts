/** The tickets table and the counters that number tickets (D27). */
import { dynamo } from '../../adapters/dynamodb/clients';
import { DynamoTicketsStore } from '../../adapters/dynamodb/tickets-table';
import { tableName } from '../../config/config';
import { wiring } from './wiring';

export function ticketsStore(): DynamoTicketsStore {
  wiring.tables.add('tickets');
  return new DynamoTicketsStore(dynamo, () => tableName('tickets'));
}
