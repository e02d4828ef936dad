/** The tickets table and the counters that number tickets (D27). */
import { dynamo } from '../../adapters/dynamodb/clients';
import { ticketFilesClient } from '../../adapters/s3/clients';
import { S3RawMail } from '../../adapters/s3/s3-raw-mail';
import { S3TicketFiles } from '../../adapters/s3/s3-ticket-files';
import { DynamoTicketsStore } from '../../adapters/dynamodb/tickets-table';
import { tableName, ticketFilesConfig } from '../../config/config';
import { ENV } from '../../system/facts';
import { wiring } from './wiring';

export function ticketsStore(): DynamoTicketsStore {
  wiring.tables.add('tickets');
  return new DynamoTicketsStore(dynamo, () => tableName('tickets'));
}

/** Ticket attachments (D27): the tickets' bucket through S3. */
export function ticketFiles(): S3TicketFiles {
  wiring.needs.add('ticketFiles');
  return new S3TicketFiles(
    ticketFilesClient(),
    () => ticketFilesConfig()[ENV.ticketFilesBucket] as string,
  );
}

/** Replies by mail (D27): the raw mail SES receiving stored in the tickets' bucket. */
export function rawMail(): S3RawMail {
  wiring.needs.add('inboundMail');
  return new S3RawMail(
    ticketFilesClient(),
    () => ticketFilesConfig()[ENV.ticketFilesBucket] as string,
  );
}
