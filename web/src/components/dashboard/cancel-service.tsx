import { useEffect, useId, useRef, useState } from 'react';
import type { CancelServiceResponse } from '@domain/api';
import { formatInr } from '@domain/money';
import { Button, buttonClasses } from '../button';
import { refundsCopy as copy } from '../../content/refunds';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { useCardAction } from '../../lib/use-card-action';
import { cancelService } from './api/cancel-service';
import { formatDate } from './format';
import type { ServiceCard } from './group-services';

/**
 * The money-back guarantee on a service card (D16): until when it holds, and Cancel, which asks
 * first, stating the amount that comes back and what happens to the service. Shown only while the
 * API says a cancellation would refund something (never for domains).
 */
export function CancelService({
  card,
  onCancelled,
}: {
  card: ServiceCard;
  onCancelled: (answer: CancelServiceResponse) => void;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (done) {
    return (
      <p role="status" className="mt-4 text-sm text-green-800">
        {done}
      </p>
    );
  }
  // A suspended service shows Renew as its one action; suspension follows expiry by a week, so
  // its money-back window has passed in any case.
  if (card.suspended || !card.refundableUntil || card.refundablePaise === undefined) return null;
  const amount = formatInr(card.refundablePaise);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
      <p className="text-sm text-slate-600" data-testid="guarantee">
        {copy.guaranteeUntil(formatDate(card.refundableUntil))}
      </p>
      <Button
        variant="ghost"
        size="sm"
        aria-label={copy.cancelLabel(card.name)}
        onClick={() => setOpen(true)}
      >
        {copy.cancel}
      </Button>
      {open ? (
        <ConfirmCancel
          card={card}
          amount={amount}
          onClose={() => setOpen(false)}
          onCancelled={(answer) => {
            setOpen(false);
            setDone(
              copy.cancelled(formatInr(answer.refunds.reduce((s, r) => s + r.amountPaise, 0))),
            );
            onCancelled(answer);
          }}
        />
      ) : null}
    </div>
  );
}

function ConfirmCancel({
  card,
  amount,
  onClose,
  onCancelled,
}: {
  card: ServiceCard;
  amount: string;
  onClose: () => void;
  onCancelled: (answer: CancelServiceResponse) => void;
}) {
  const { busy, error, act } = useCardAction(NETWORK_ERROR_MESSAGE);
  const keep = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // The safe choice has the focus: Enter keeps the service.
    keep.current?.focus();
    return () => previous?.focus?.();
  }, []);

  async function confirm() {
    if (busy) return;
    // On success the dialog closes (onCancelled): the card shows what was done.
    await act(async () => onCancelled(await cancelService(card.id)));
  }

  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !busy) onClose();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {copy.dialogTitle(card.name)}
        </h2>
        <div id={bodyId} className="mt-2 space-y-2 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{copy.dialogRefund(amount, card.category)}</p>
          <p>
            {card.runsUntilAfterCancel
              ? copy.dialogRuns(formatDate(card.runsUntilAfterCancel))
              : copy.dialogEnds(card.category)}
          </p>
          <p>{copy.dialogBank}</p>
        </div>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={keep}
            type="button"
            className={buttonClasses('secondary')}
            onClick={onClose}
            disabled={busy}
          >
            {copy.keep}
          </button>
          <Button variant="accent" onClick={() => void confirm()} disabled={busy}>
            {busy ? copy.cancelling : copy.confirm(amount)}
          </Button>
        </div>
      </div>
    </div>
  );
}
