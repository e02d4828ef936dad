/**
 * What a Lambda's code wires up as it loads: its tables and the outside services it calls. The
 * least-privilege test loads each handler alone and compares this with the grants the stack gives
 * it (tests/infra/handler-wiring.test.ts), so a grant the code never uses cannot go unnoticed.
 */
import type { TableId } from '../../system/facts';

export type Need =
  | 'razorpaySecrets'
  | 'publishEvents'
  | 'scheduleFollowUps'
  | 'sendEmail'
  | 'updateUserAttributes'
  | 'readMfaSettings'
  | 'deleteUsers'
  | 'sellerDetails'
  | 'whmSecret'
  | 'registrarSecret'
  | 'proxmoxSecret'
  | 'storageSecret'
  | 'ticketFiles'
  | 'inboundMail';

export const wiring = {
  tables: new Set<TableId>(),
  /** The tables whose items the code deletes (DeleteItem is granted for these alone). */
  deletes: new Set<TableId>(),
  needs: new Set<Need>(),
};
