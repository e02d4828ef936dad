import type { ApiErrorBody } from '../domain/api';
import { DomainError } from '../domain/errors';
import { UserLimitReachedError } from '../domain/user-limits';
import type { LogPort } from '../ports/logger';
import { json, type HttpResult } from './response';

/** The one mapping from an error to an HTTP status. */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  validation_failed: 400,
  invalid_months: 400,
  invalid_promo_code: 400,
  // A domain order (D21): its name, extension and years, and a domain only on a domain plan.
  domain_required: 400,
  invalid_domain: 400,
  extension_not_available: 400,
  domain_not_applicable: 400,
  invalid_years: 400,
  // A domain transferred in (D23): its auth code, and only a new domain order for one year.
  invalid_auth_code: 400,
  transfer_not_applicable: 400,
  invalid_signature: 400,
  invalid_gstin: 400,
  // A VPS's SSH public key (D24): not a key, a private key, too weak.
  invalid_ssh_key: 400,
  billing_address_required: 400,
  // A new or transferred name whose registrant's address or phone the profile lacks (D23).
  registrant_details_required: 400,
  unauthorized: 401,
  forbidden: 403,
  // An operator whose account has no TOTP (D28).
  mfa_required: 403,
  plan_not_found: 404,
  order_not_found: 404,
  invoice_not_found: 404,
  not_found: 404,
  payment_not_completed: 409,
  payment_under_review: 409,
  change_paid_twice: 409,
  order_not_in_review: 409,
  resolution_in_progress: 409,
  payment_state_conflict: 409,
  stuck_item_not_found: 404,
  service_not_waiting: 409,
  not_redrivable: 409,
  // A service's life in the console (D22): not removable yet, another attempt acting on it.
  service_not_removable: 409,
  service_busy: 409,
  // Plan changes (D26): not allowed now, the service cannot change, the quote's day has passed.
  invalid_plan_change: 400,
  service_not_changeable: 409,
  quote_expired: 409,
  // Issue #27: an action the service's state refuses (suspend an ended one, refund twice, …).
  service_action_refused: 409,
  payment_not_found: 404,
  customer_not_found: 404,
  // The mail log (issue #27): no such mail, or a kind that is never sent again.
  mail_not_found: 404,
  mail_not_resendable: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  payment_provider_unavailable: 502,
  // Open control panel (D18): not the caller's service, not ready yet, suspended, panel down.
  service_not_found: 404,
  service_not_ready: 409,
  service_suspended: 409,
  service_ended: 409,
  // A VPS being reinstalled (D24): one at a time, and no other change meanwhile.
  reinstall_in_progress: 409,
  panel_unavailable: 503,
  // Storage keys (D24): the object storage down.
  storage_unavailable: 503,
  // Domains (D23): the registry down, a name taken meanwhile, not the caller's, refused.
  registrar_unavailable: 503,
  domain_unavailable: 409,
  // A bundle's name to register is taken: said at checkout, before any Razorpay order (D24).
  domain_not_available: 400,
  // A bundle's domain part chosen from its card (D24) once it has a name.
  domain_already_chosen: 400,
  domain_not_found: 404,
  dns_record_not_found: 404,
  registrar_refused: 400,
  feature_not_in_plan: 409,
  reauth_required: 403,
  // Cancel (D16): a domain, or a payment past its 30 days.
  not_refundable: 409,
  refund_window_closed: 409,
  // Tickets (D27): not the caller's (or no such number), closed, not resolved, too long, busy.
  ticket_not_found: 404,
  ticket_closed: 409,
  ticket_not_resolved: 409,
  ticket_too_long: 409,
  ticket_busy: 409,
  attachment_type_not_allowed: 400,
  attachment_too_large: 413,
  too_many_attachments: 400,
  attachment_not_uploaded: 400,
  attachment_content_mismatch: 400,
  attachment_not_found: 404,
  // Deleting an account (D28): services still live, or no fresh sign-in.
  services_active: 409,
};

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

export function errorResponse(error: unknown, log: LogPort): HttpResult {
  if (error instanceof DomainError) {
    const status = STATUS_BY_CODE[error.code];
    if (status !== undefined) {
      if (status >= 500) log.error('Request failed', { code: error.code });
      // A per-buyer limit (#26) says when to try again, in the sentence and for clients.
      const headers: Record<string, string> =
        error instanceof UserLimitReachedError
          ? { 'retry-after': String(error.retryAfterSeconds) }
          : {};
      return json(status, errorBody(error.code, error.message), headers);
    }
  }
  log.error('Unexpected error', { error: error instanceof Error ? error : String(error) });
  return json(
    500,
    errorBody('internal_error', 'Something went wrong on our side. Please try again in a moment.'),
  );
}
