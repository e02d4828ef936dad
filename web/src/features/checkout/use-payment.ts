import { useCallback, useState } from 'react';
import type { CheckoutAutoRenewOutcome, VerifyRequestBody } from '@domain/api';
import type { BillingDetails } from '@domain/gst';
import type { Months } from '@domain/pricing';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth';
import { useAlert } from '../../components/alert-dialog';
import { autoRenewCopy } from '../../content/auto-renew';
import { checkoutCopy as copy } from '../../content/checkout';
import { siteName } from '../../content/layout';
import { ApiError } from '../../lib/api';
import { loadConfig } from '../../lib/config';
import { loadRazorpay } from '../../lib/razorpay-checkout';
import { createOrder, isVerifyPending, verifyPayment } from './api/checkout-api';
import { formatDay } from './renewal';

export const RAZORPAY_THEME_COLOR = '#1d4ed8';

export interface PaymentRequest {
  planId: string;
  planName: string;
  months: Months;
  promoCode?: string;
  domain?: string;
  /** A renewal as the page showed it (D14); the server decides the price for itself. */
  renew?: boolean;
  /** The tax invoice's recipient (D15); absent: the profile's, if any. */
  billing?: BillingDetails;
  /** A plan change now (D26): the service, and the days left its quote was for. */
  changeFrom?: string;
  remainingDays?: number;
  /** A VPS's OS, keys and hostname (D24). */
  vps?: { os: string; sshKeys: string[]; hostname: string };
  /** A bundle's domain to register (D24). */
  registerDomain?: string;
  /** "Renew automatically" ticked (D25): the payment also sets up the mandate. */
  autoRenew?: boolean;
  /** A domain transferred in (D23): the auth code its current registrar gave. */
  transfer?: { authCode: string };
  /** Where /login should return to (this checkout's path and query). */
  returnTo: string;
  /**
   * Offered the API's refusal of the order first: true when the page showed it itself (beside
   * the field it is about), so no alert is needed.
   */
  onRefused?: (error: ApiError) => boolean;
}

export type PaymentPhase = 'idle' | 'starting' | 'open' | 'verifying';

/** Razorpay's description of a failed payment, as a clause ("Your card was declined"). */
export function failureReason(description: string | undefined): string {
  const reason = (description ?? '').trim().replace(/\.+$/, '');
  // "Payment failed: Payment failed." says nothing; fall back to a plain explanation.
  if (!reason || /^payment failed$/i.test(reason)) return copy.paymentFailedDefault;
  return reason;
}

/**
 * Why an order could not be started: the API's own sentence when it refused the order for a reason
 * the buyer can act on (a 4xx), the reference product's generic alert otherwise.
 */
export function initiateErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return copy.initiateFailed;
}

/** The message shown after Razorpay reported a payment but saving it failed. */
export function verifyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return copy.permissionDenied;
  if (error instanceof ApiError && error.status > 0) return copy.saveFailed(error.message);
  return copy.outerFailure;
}

/** What became of "Renew automatically" (D25), said with the payment's success. */
export function autoRenewOutcomeText(outcome: CheckoutAutoRenewOutcome): string {
  switch (outcome.status) {
    case 'on':
      return autoRenewCopy.checkout.on(outcome.mandateLabel, formatDay(outcome.firstDebitOn));
    case 'declined':
      return autoRenewCopy.checkout.declined;
    case 'pending':
      return autoRenewCopy.checkout.pending;
  }
}

/**
 * Pay Now: create the order on the server (which prices it), open Razorpay Checkout, verify the
 * signature on the server, then alert and go to /dashboard. Every failure ends in one of the
 * spec's alerts or a clear message, with Pay Now usable again.
 */
export function usePayment() {
  const { user } = useAuth();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [afterVerifyNote, setAfterVerifyNote] = useState<string | null>(null);

  const onPaid = useCallback(
    async (response: VerifyRequestBody) => {
      setPhase('verifying');
      let pending: boolean;
      let autoRenewNote: string | undefined;
      try {
        const result = await verifyPayment({
          razorpay_order_id: response.razorpay_order_id,
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_signature: response.razorpay_signature,
        });
        pending = isVerifyPending(result);
        if (!isVerifyPending(result) && result.autoRenew)
          autoRenewNote = autoRenewOutcomeText(result.autoRenew);
      } catch (error) {
        setPhase('idle');
        // A plan change paid twice (D26): the first payment made it; this one is being refunded,
        // as the server's sentence says. Nothing is left to activate.
        if (error instanceof ApiError && error.code === 'change_paid_twice') {
          await showAlert(error.message, 'info');
          void navigate('/dashboard');
          return;
        }
        setAfterVerifyNote(`${copy.webhookNote} (${response.razorpay_order_id}).`);
        await showAlert(verifyErrorMessage(error), 'error');
        return;
      }
      setPhase('idle');
      const message = pending ? copy.pending : copy.success;
      await showAlert(
        autoRenewNote ? `${message} ${autoRenewNote}` : message,
        pending ? 'info' : 'success',
      );
      void navigate('/dashboard');
    },
    [navigate, showAlert],
  );

  const pay = useCallback(
    async (request: PaymentRequest) => {
      if (phase !== 'idle') return;
      setFailure(null);
      setAfterVerifyNote(null);
      if (!user) {
        await showAlert(copy.loginRequired);
        void navigate(`/login?redirect=${encodeURIComponent(request.returnTo)}`, {
          state: { from: request.returnTo },
        });
        return;
      }
      setPhase('starting');
      try {
        const [order, config] = await Promise.all([
          createOrder({
            planId: request.planId,
            months: request.months,
            ...(request.promoCode ? { promoCode: request.promoCode } : {}),
            ...(request.domain ? { domain: request.domain } : {}),
            ...(request.renew ? { renew: true } : {}),
            ...(request.billing ? { billing: request.billing } : {}),
            ...(request.changeFrom
              ? { changeFrom: request.changeFrom, remainingDays: request.remainingDays }
              : {}),
            ...(request.vps ? { vps: request.vps } : {}),
            ...(request.registerDomain ? { registerDomain: request.registerDomain } : {}),
            ...(request.autoRenew ? { autoRenew: true } : {}),
            ...(request.transfer ? { transfer: request.transfer } : {}),
          }),
          loadConfig(),
        ]);
        const Razorpay = await loadRazorpay(config.razorpay.checkoutScript);
        const checkout = new Razorpay({
          key: order.keyId,
          amount: order.amountPaise,
          currency: 'INR',
          order_id: order.orderId,
          // D25: this payment also registers the mandate (a saved card or UPI Autopay).
          ...(order.recurring
            ? { recurring: '1' as const, customer_id: order.recurring.customerId }
            : {}),
          name: siteName,
          description: request.planName,
          prefill: order.prefill,
          theme: { color: RAZORPAY_THEME_COLOR },
          handler: (response) => void onPaid(response),
          modal: {
            ondismiss: () => setPhase((current) => (current === 'open' ? 'idle' : current)),
          },
        });
        checkout.on('payment.failed', (response) => {
          setPhase('idle');
          setFailure(copy.paymentFailed(failureReason(response.error?.description)));
        });
        setPhase('open');
        checkout.open();
      } catch (error) {
        setPhase('idle');
        if (error instanceof ApiError && error.status < 500 && request.onRefused?.(error)) return;
        await showAlert(initiateErrorMessage(error), 'error');
      }
    },
    [navigate, onPaid, phase, showAlert, user],
  );

  return { pay, phase, failure, afterVerifyNote };
}
