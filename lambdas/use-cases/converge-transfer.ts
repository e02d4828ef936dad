/**
 * A domain transferred in from another registrar (D23), as converge (converge-service.ts, D22)
 * drives it: a live domain service whose transfer is `requested` asks the registrar to transfer
 * the name with the buyer's auth code, under the service's claim, and the code is gone from the
 * service in the same write that records the answer (it is never logged, mailed or shown). A
 * `pending` transfer is asked about again each time converge passes (the reconciler converges an
 * out-of-step service every 15 minutes); `completed` makes the part ready like a registration;
 * `failed` (a wrong code, the losing registrar refusing, a name that cannot be transferred) fails
 * the part with the registrar's sentence and hands the service to `RegistrarPart.taken`: the
 * buyer is refunded in full at once, as for a name taken before it could be registered.
 *
 * Safe to repeat: the registrar is asked first whether this customer's transfer of the name
 * exists already (a crash after asking, a racing delivery), and each record is written only from
 * the state it was read in.
 */
import { RegistrantDetailsMissingError, TRANSFER_FAILED_REASON } from '../domain/registrant';
import type { LogPort } from '../ports/logger';
import type { ProvisioningRecords } from '../ports/provisioning';
import { RegistrarRefusedError, type TransferStatus } from '../ports/registrar';
import type { ServiceRecord, TransferRecord } from '../ports/services';
import type { RegistrarPart } from './converge-service';

export type TransferStep =
  /** Ask the registrar to transfer the name (with the auth code kept until now). */
  | { kind: 'transfer-start'; name: string }
  /** Ask the registrar how the transfer stands, and record what it says. */
  | { kind: 'transfer-check'; name: string };

/**
 * Why a paid transfer has no code: its order was left unpaid and the reconciler removed the code
 * (D23); the buyer orders the transfer again.
 */
export const TRANSFER_CODE_FORGOTTEN =
  'The auth code was deleted because the order was left unpaid for half an hour. Please order the transfer again with the code';

export const TRANSFER_STEP_KINDS: ReadonlySet<string> = new Set([
  'transfer-start',
  'transfer-check',
]);

/** A pending transfer is asked about again at most this long after it was last asked. */
export const TRANSFER_CHECK_INTERVAL_MS = 60_000;
/** …and at least this long after (the first wait; each next one as long as it had been pending). */
export const TRANSFER_FIRST_CHECK_MS = 1_000;
/**
 * A young pending transfer where converge has no follow-ups to ask for (E31): it throws this so
 * that the bus delivers it again (transferFollowUp).
 */
export class TransferPendingError extends Error {
  override readonly name = 'TransferPendingError';
  constructor(readonly serviceId: string) {
    super(
      `The domain transfer of service ${serviceId} is pending at the registrar; converge looks again shortly.`,
    );
  }
}

/** When a pending transfer is due to be asked about again (the wait doubles, capped). */
export function transferCheckDueAt(transfer: Pick<TransferRecord, 'at' | 'since'>): Date {
  const last = Date.parse(transfer.at);
  const pendingFor = last - Date.parse(transfer.since ?? transfer.at);
  const wait = Math.min(TRANSFER_CHECK_INTERVAL_MS, Math.max(TRANSFER_FIRST_CHECK_MS, pendingFor));
  return new Date(last + wait);
}

/** Whether a pending transfer is due to be asked about again (transferCheckDueAt). */
export function transferCheckDue(
  transfer: Pick<TransferRecord, 'at' | 'since'>,
  now: Date,
): boolean {
  return now.getTime() >= transferCheckDueAt(transfer).getTime();
}

/**
 * Whether converge should look at this service again soon: a transfer pending for less than
 * `windowMs` (RegistrarPart.transferFollowUpMs: TRANSFER_FOLLOW_UP_SECONDS in
 * lambdas/system/facts.ts). Converge then asks for a follow-up at transferCheckDueAt (E31), or,
 * without follow-ups, throws TransferPendingError for the bus to deliver it again.
 */
export function transferFollowUp(
  service: Pick<ServiceRecord, 'transfer'>,
  now: Date,
  windowMs: number,
): boolean {
  const transfer = service.transfer;
  if (transfer?.state !== 'pending') return false;
  return now.getTime() - Date.parse(transfer.since ?? transfer.at) < windowMs;
}

/**
 * A live domain service moving in whose part is not settled yet: its next step, or undefined
 * while a pending transfer was asked about a moment ago (converge then records it out of step,
 * "Transfer in progress", and the next pass asks again).
 */
export function nextTransferStep(
  service: Pick<ServiceRecord, 'domain' | 'transfer'>,
  now: Date,
): TransferStep | undefined {
  const name = service.domain;
  const transfer = service.transfer;
  if (!name || !transfer) return undefined;
  if (transfer.state === 'requested') return { kind: 'transfer-start', name };
  if (transfer.state === 'pending' && !transferCheckDue(transfer, now)) return undefined;
  // Pending, or recorded as ended but the part not settled yet (a crash between the two).
  return { kind: 'transfer-check', name };
}

export interface TransferDeps {
  records: Pick<ProvisioningRecords, 'settle' | 'release'>;
  log: LogPort;
  now: () => Date;
}

/**
 * One transfer step under the claim (`token`); answers what it did. `nameservers` are where a
 * transferred name points (our hosting panel's), as for a registration.
 */
export async function takeTransferStep(
  part: RegistrarPart,
  deps: TransferDeps,
  service: ServiceRecord,
  step: TransferStep,
  token: string,
  nameservers: () => Promise<readonly string[]>,
): Promise<string> {
  const { userId } = service;
  const transfer = service.transfer as TransferRecord;
  let status: TransferStatus;
  if (step.kind === 'transfer-start') {
    const contact = await part.contact(userId);
    if (!contact) throw new RegistrantDetailsMissingError(userId);
    const customer = await part.registrar.ensureCustomer(contact);
    const existing = await part.registrar.transferStatus(step.name);
    const ours =
      existing &&
      existing.state !== 'failed' &&
      (existing.state === 'completed' ? existing.domain.customerId : existing.customerId) ===
        customer.customerId;
    if (existing && ours) {
      status = existing;
    } else if (!transfer.authCode) {
      status = failedStatus(step.name, customer.customerId, TRANSFER_CODE_FORGOTTEN);
    } else {
      try {
        status = await part.registrar.transfer({
          name: step.name,
          ...customer,
          authCode: transfer.authCode,
          nameservers: await nameservers(),
          privacy: false,
        });
      } catch (error) {
        if (!(error instanceof RegistrarRefusedError)) throw error;
        status = failedStatus(step.name, customer.customerId, error.reason);
      }
    }
  } else {
    status =
      (await part.registrar.transferStatus(step.name)) ??
      failedStatus(step.name, '', 'The registrar has no transfer of this name.');
  }
  return record(part, deps, service, status, token);
}

function failedStatus(name: string, customerId: string, detail: string): TransferStatus {
  return { state: 'failed', name, customerId, detail };
}

/** The registrar's answer on the service (the code left out), then the part settled by it. */
async function record(
  part: RegistrarPart,
  deps: TransferDeps,
  service: ServiceRecord,
  status: TransferStatus,
  token: string,
): Promise<string> {
  const { userId, serviceId } = service;
  const ref = { userId, serviceId };
  const previous = service.transfer as TransferRecord;
  const from = previous.state;
  const detail = status.state === 'completed' ? undefined : status.detail;
  const at = deps.now().toISOString();
  // Since when it is pending: kept while it stays pending, so the waits between asks grow.
  const since = from === 'pending' ? (previous.since ?? previous.at) : at;
  const next: TransferRecord = {
    state: status.state,
    ...(detail ? { detail } : {}),
    at,
    ...(status.state === 'pending' ? { since } : {}),
  };
  // A pending transfer is written again (its `at`: when it was last asked); an ended one once.
  const unchanged = from === next.state && from !== 'pending';
  if (!unchanged && !(await part.transfers?.putTransfer(ref, next, from))) {
    await deps.records.release(userId, serviceId, token);
    return `transfer-${status.state}:overtaken`;
  }
  const settledFrom = service.provisioning?.state === 'manual' ? 'manual' : 'pending';
  switch (status.state) {
    case 'pending':
      await deps.records.release(userId, serviceId, token);
      return 'transfer-pending';
    case 'completed':
      await deps.records.settle(
        userId,
        serviceId,
        token,
        settledFrom,
        // No server: a domain's access is its nameservers (and its card), not a machine.
        { state: 'ready', server: '', nameservers: status.domain.nameservers },
        deps.now(),
      );
      deps.log.info('A domain was transferred in', { serviceId });
      return 'transfer-completed';
    case 'failed':
      await deps.records.settle(
        userId,
        serviceId,
        token,
        settledFrom,
        { state: 'failed', reason: TRANSFER_FAILED_REASON(status.name, status.detail) },
        deps.now(),
      );
      deps.log.warn('A domain transfer failed', { serviceId });
      await part.taken?.(service);
      return 'transfer-failed';
  }
}
