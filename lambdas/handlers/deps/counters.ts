/** The document counters that number tax invoices and credit notes (D15). */
import { DynamoDocumentCounters } from '../../adapters/dynamodb/counters-table';
import { dynamo } from '../../adapters/dynamodb/clients';
import { tableName } from '../../config/config';
import { wiring } from './wiring';

export function documentCounters(): DynamoDocumentCounters {
  wiring.tables.add('counters');
  return new DynamoDocumentCounters(dynamo, () => tableName('counters'));
}
