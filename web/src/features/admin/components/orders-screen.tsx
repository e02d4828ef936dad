import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminOrder, ResolveAction } from '@domain/admin';
import { formatInr } from '@domain/money';
import { ORDER_STATUSES, type OrderStatus } from '@domain/order';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { getOrders, resolveOrder } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { AuditList } from './audit-list';
import { NoteField } from './note-field';
import { QueueView, ScreenSection } from './screen-parts';
import { useConsoleAction, useQueue } from './use-load';

const copy = adminCopy.orders;

/** Orders by state; one in review shows why and can be resolved, with a note. */
export function OrdersScreen() {
  const queue = useQueue<OrderStatus, AdminOrder>('review', (status) =>
    getOrders(status).then((page) => page.orders),
  );

  function onResolved(order: AdminOrder) {
    // It has left the list it was in: the other lists show it now.
    queue.settle(
      (o) => o.orderId === order.orderId,
      copy.resolved(order.orderId, copy.status[order.status]),
    );
  }

  return (
    <ScreenSection id="admin-orders-title" title={copy.title}>
      <QueueView
        queue={queue}
        filterLabel={copy.filterLabel}
        filters={ORDER_STATUSES}
        labels={copy.status}
        empty={copy.empty(copy.status[queue.filter])}
        keyOf={(order) => order.orderId}
      >
        {(order) => <OrderCard order={order} onResolved={onResolved} />}
      </QueueView>
    </ScreenSection>
  );
}

function OrderCard({
  order,
  onResolved,
}: {
  order: AdminOrder;
  onResolved: (order: AdminOrder) => void;
}) {
  const review = order.review;
  return (
    <article
      aria-label={`Order ${order.orderId}`}
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-mono text-sm font-semibold text-slate-900">{order.orderId}</h3>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          {copy.status[order.status]}
        </span>
      </header>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Field label={copy.customer} value={order.email} />
        <Field label={copy.plan} value={order.planName} />
        <Field label={copy.created} value={formatDateTime(order.createdAt)} />
        <Field label={copy.expected} value={formatInr(order.amountPaise)} />
        {review ? (
          <>
            <Field
              label={copy.paid}
              value={
                review.paidPaise === undefined
                  ? copy.paidUnknown
                  : `${formatInr(review.paidPaise)}${review.gatewayStatus ? ` (${review.gatewayStatus})` : ''}`
              }
            />
            <Field label={copy.payment} value={review.paymentId} mono />
          </>
        ) : (
          order.payments.map((payment) => (
            <Field
              key={payment.paymentId}
              label={`${copy.payment} (${payment.status})`}
              value={payment.paymentId}
              mono
            />
          ))
        )}
        {order.reviewReason ? (
          <Field
            label={order.status === 'review' ? copy.why : copy.wasInReview}
            value={order.reviewReason}
          />
        ) : null}
      </dl>
      {order.status === 'review' ? <ResolveForm order={order} onResolved={onResolved} /> : null}
      <AuditList entries={order.audit} />
    </article>
  );
}

function Field({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={`text-slate-900 ${mono ? 'font-mono' : ''}`}>{value}</dd>
    </div>
  );
}

function ResolveForm({
  order,
  onResolved,
}: {
  order: AdminOrder;
  onResolved: (order: AdminOrder) => void;
}) {
  const [action, setAction] = useState<ResolveAction>('fulfil');
  const [note, setNote] = useState('');
  const { busy, error, setError, act } = useConsoleAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError(copy.noteMissing);
      return;
    }
    // Resolved, the order leaves the list (onResolved).
    await act(async () => {
      const { order: resolved } = await resolveOrder(order.orderId, { action, note: note.trim() });
      onResolved(resolved);
    });
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`${copy.resolveTitle} ${order.orderId}`}
      className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{copy.actionLabel}</legend>
        <div className="mt-2 space-y-1">
          {(['fulfil', 'refund'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`action-${order.orderId}`}
                value={value}
                checked={action === value}
                onChange={() => setAction(value)}
              />
              {copy.actions[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <NoteField
        label={copy.noteLabel}
        value={note}
        onChange={setNote}
        required
        invalid={error === copy.noteMissing}
        hint={copy.noteHint}
      />
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" className="mt-3" disabled={busy}>
        {busy ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}
