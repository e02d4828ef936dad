import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Payment } from '@domain/api';
import type { ServiceAction } from '@domain/admin';
import { formatInr, rupeesToPaise } from '@domain/money';
import type { Service } from '@domain/services';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { actOnService } from '../api/admin-api';
import { adminCopy } from '../copy';
import { NoteField } from './note-field';
import { failureMessage } from './use-load';

const copy = adminCopy.serviceActions;
const ACTIONS = ['suspend', 'unsuspend', 'extend', 'end', 'refund'] as const;
type Offered = (typeof ACTIONS)[number];

/**
 * Act on one service (issue #27): choose the action, say why (the note is kept in the audit), and
 * the days or the payment and amount it needs. One press is one request id, so a double click or
 * a retry is done once.
 */
export function ServiceActions({
  userId,
  service,
  payments,
  onDone,
}: {
  userId: string;
  service: Service;
  payments: readonly Payment[];
  onDone: () => void;
}) {
  const [action, setAction] = useState<Offered>('suspend');
  const [note, setNote] = useState('');
  const [days, setDays] = useState('30');
  const [paymentId, setPaymentId] = useState(payments[0]?.paymentId ?? '');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const ids = { action: useId(), days: useId(), payment: useId(), amount: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setMessage({ tone: 'error', text: copy.noteMissing });
      return;
    }
    let amountPaise: number | undefined;
    if (action === 'refund' && amount.trim()) {
      try {
        amountPaise = rupeesToPaise(amount.replaceAll(',', ''));
      } catch {
        setMessage({ tone: 'error', text: copy.amountInvalid });
        return;
      }
    }
    setBusy(true);
    setMessage(null);
    try {
      const { service: after } = await actOnService(service.id, {
        action: action as ServiceAction,
        note: note.trim(),
        userId,
        requestId,
        ...(action === 'extend' ? { days: Number(days) } : {}),
        ...(action === 'refund' ? { paymentId } : {}),
        ...(amountPaise !== undefined ? { amountPaise } : {}),
      });
      setMessage({ tone: 'success', text: copy.done(action, after.desired) });
      setNote('');
      setRequestId(crypto.randomUUID());
      onDone();
    } catch (caught) {
      setMessage({ tone: 'error', text: failureMessage(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-2">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={ids.action} className="block text-sm font-medium text-slate-800">
            {copy.actionLabel}
          </label>
          <select
            id={ids.action}
            value={action}
            onChange={(event) => setAction(event.target.value as Offered)}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {copy.actions[a]}
              </option>
            ))}
          </select>
        </div>
        {action === 'extend' ? (
          <div>
            <label htmlFor={ids.days} className="block text-sm font-medium text-slate-800">
              {copy.daysLabel}
            </label>
            <input
              id={ids.days}
              type="number"
              min={1}
              max={3660}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              className="mt-1 w-24 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            />
          </div>
        ) : null}
        {action === 'refund' ? (
          <>
            <div>
              <label htmlFor={ids.payment} className="block text-sm font-medium text-slate-800">
                {copy.paymentLabel}
              </label>
              <select
                id={ids.payment}
                value={paymentId}
                onChange={(event) => setPaymentId(event.target.value)}
                className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                {payments.map((p) => (
                  <option key={p.paymentId} value={p.paymentId}>
                    {p.paymentId} · {formatInr(p.amountPaise)}
                    {p.invoiceNumber ? ` · ${p.invoiceNumber}` : ''}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.amount} className="block text-sm font-medium text-slate-800">
                {copy.amountLabel}
              </label>
              <input
                id={ids.amount}
                inputMode="decimal"
                value={amount}
                placeholder={copy.amountPlaceholder}
                onChange={(event) => setAmount(event.target.value)}
                className="mt-1 w-36 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              />
            </div>
          </>
        ) : null}
      </div>
      <NoteField label={copy.noteLabel} value={note} onChange={setNote} required />
      <Button
        type="submit"
        size="sm"
        className="mt-2"
        disabled={busy || (action === 'refund' && !paymentId)}
      >
        {busy ? copy.working : copy.submit(action)}
      </Button>
      {message ? (
        <Alert tone={message.tone} className="mt-2">
          {message.text}
        </Alert>
      ) : null}
    </form>
  );
}
