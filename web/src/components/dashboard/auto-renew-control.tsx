import { useState } from 'react';
import { plannedDebitDate } from '@domain/auto-renew';
import { formatInr } from '@domain/money';
import { Button } from '../button';
import { autoRenewCopy as copy } from '../../content/auto-renew';
import { siteName } from '../../content/layout';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { loadConfig } from '../../lib/config';
import { loadRazorpay } from '../../lib/razorpay-checkout';
import { setAutoRenew, verifyMandate, type AutoRenewAnswer } from './api/auto-renew';
import { formatDate } from './format';
import type { ServiceCard } from './group-services';

const THEME_COLOR = '#1d4ed8';
/** Verify failed after authorising: the webhook stores the mandate within seconds; the card reads again. */
const CONFIRM_POLLS = [1500, 3000, 6000];

/**
 * Auto-renew on a service card (D25): off by default and never pre-ticked. On shows the mandate
 * (card •••• 4242 or a masked UPI id) and the next debit; off is one click, which cancels the
 * mandate at Razorpay. Turning it on states the terms in plain words, then opens Razorpay
 * Checkout to authorise the mandate.
 */
export function AutoRenewControl({
  card,
  onChanged,
}: {
  card: ServiceCard;
  onChanged: () => void;
}) {
  const [terms, setTerms] = useState<NonNullable<AutoRenewAnswer['authorise']> | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const auto = card.autoRenewal;
  if (!card.renewable || card.state === 'ended' || card.state === 'removed') return null;
  // Expired or suspended: Renew is the one thing to do; auto-renew can follow once it runs again.
  if (!card.autoRenew && (card.suspended || card.status !== 'active')) return null;

  function fail(error: unknown) {
    setBusy(false);
    setMessage(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);
  }

  async function turnOff() {
    setBusy(true);
    setMessage(null);
    try {
      await setAutoRenew(card.id, false);
      setBusy(false);
      setMessage(copy.turnedOff);
      onChanged();
    } catch (error) {
      fail(error);
    }
  }

  async function start() {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await setAutoRenew(card.id, true);
      setBusy(false);
      if (answer.authorise) setTerms(answer.authorise);
      else onChanged();
    } catch (error) {
      fail(error);
    }
  }

  async function authorise(order: NonNullable<AutoRenewAnswer['authorise']>) {
    setBusy(true);
    try {
      const config = await loadConfig();
      const Razorpay = await loadRazorpay(config.razorpay.checkoutScript);
      const checkout = new Razorpay({
        key: order.keyId,
        amount: order.amountPaise,
        currency: 'INR',
        order_id: order.orderId,
        customer_id: order.customerId,
        recurring: '1',
        name: siteName,
        description: `Auto-renew for ${card.name}`,
        theme: { color: THEME_COLOR },
        handler: (response) => {
          setTerms(null);
          // Verify records the mandate at once; if it cannot, the webhook does, and the card
          // reads again a few times.
          verifyMandate(response).then(
            () => {
              setBusy(false);
              onChanged();
            },
            () => {
              setBusy(false);
              for (const delay of CONFIRM_POLLS) setTimeout(onChanged, delay);
              onChanged();
            },
          );
        },
        modal: { ondismiss: () => setBusy(false) },
      });
      checkout.on('payment.failed', () => {
        setBusy(false);
        setMessage(copy.failed);
      });
      checkout.open();
    } catch (error) {
      fail(error);
    }
  }

  return (
    <div className="mt-4 border-t border-slate-100 pt-3 text-sm" data-testid="auto-renew">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">
          <span className="text-slate-500">{copy.label}: </span>
          <span className="font-medium text-slate-900">{card.autoRenew ? copy.on : copy.off}</span>
        </p>
        {card.autoRenew ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-label={copy.turnOffLabel(card.name)}
            onClick={() => void turnOff()}
          >
            {copy.turnOff}
          </Button>
        ) : terms ? null : (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            aria-label={copy.turnOnLabel(card.name)}
            onClick={() => void start()}
          >
            {copy.turnOn}
          </Button>
        )}
      </div>
      {card.autoRenew && auto?.mandate ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-500">{copy.paidFrom}</dt>
          <dd className="text-slate-800">{auto.mandate.label}</dd>
          {auto.nextDebitOn ? (
            <>
              <dt className="text-slate-500">{copy.nextDebit}</dt>
              <dd className="text-slate-800">
                {copy.nextDebitWhen(
                  formatDate(auto.nextDebitOn),
                  auto.nextDebitAmountPaise === undefined
                    ? undefined
                    : formatInr(auto.nextDebitAmountPaise),
                )}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {!card.autoRenew && auto?.pending && !terms ? (
        <p className="mt-2 text-slate-600">{copy.pending}</p>
      ) : null}
      {terms ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3">
          <h4 className="font-semibold text-slate-900">{copy.termsTitle}</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {copy
              .terms(
                formatInr(terms.maxAmountPaise),
                formatDate(plannedDebitDate(new Date(card.renewalDate)).toISOString()),
              )
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
          <p className="mt-2 text-slate-600">{copy.authoriseNote}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="primary"
              size="sm"
              disabled={busy}
              onClick={() => void authorise(terms)}
            >
              {copy.authorise}
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => setTerms(null)}>
              {copy.cancel}
            </Button>
          </div>
        </div>
      ) : null}
      {message ? (
        <p role="status" className="mt-2 text-slate-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
