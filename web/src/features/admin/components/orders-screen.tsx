import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminOrder, ResolveAction } from '@domain/admin';
import { formatInr } from '@domain/money';
import { ORDER_STATUSES, type OrderStatus } from '@domain/order';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadingText } from '../../../components/loading-text';
import { ApiError } from '../../../lib/api';
import { getOrders, resolveOrder } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { AuditList } from './audit-list';
import { LoadFailed } from './load-failed';
import { useLoad } from './use-load';

const copy = adminCopy.orders;

/** Orders by state; one in review shows why and can be resolved, with a note. */
export function OrdersScreen() {
  const [status, setStatus] = useState<OrderStatus>('review');
  const [done, setDone] = useState<string | null>(null);
  const { state, setState, reload } = useLoad(
    () => getOrders(status),
    status,
    adminCopy.loadFailed,
  );
  const filterId = useId();

  function onResolved(order: AdminOrder) {
    setDone(copy.resolved(order.orderId, copy.status[order.status]));
    // It has left the list it was in: the other lists show it now.
    if (state.status === 'ready') {
      setState({
        status: 'ready',
        data: { orders: state.data.orders.filter((o) => o.orderId !== order.orderId) },
      });
    }
  }

  return (
    <section aria-labelledby="admin-orders-title">
      <h2 id="admin-orders-title" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
          {copy.filterLabel}
        </label>
        <select
          id={filterId}
          value={status}
          onChange={(event) => {
            setDone(null);
            setStatus(event.target.value as OrderStatus);
          }}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {copy.status[s]}
            </option>
          ))}
        </select>
      </div>
      {done ? (
        <Alert tone="success" className="mt-4">
          {done}
        </Alert>
      ) : null}
      <div className="mt-6">
        {state.status === 'loading' ? (
          <LoadingText>{adminCopy.loading}</LoadingText>
        ) : state.status === 'error' ? (
          <LoadFailed message={state.message} onRetry={reload} />
        ) : state.data.orders.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {copy.empty(copy.status[status])}
          </p>
        ) : (
          <ul className="space-y-4">
            {state.data.orders.map((order) => (
              <li key={order.orderId}>
                <OrderCard order={order} onResolved={onResolved} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError(copy.noteMissing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { order: resolved } = await resolveOrder(order.orderId, { action, note: note.trim() });
      onResolved(resolved);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : adminCopy.loadFailed);
      setBusy(false);
    }
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
      <label htmlFor={noteId} className="mt-3 block text-sm font-medium text-slate-800">
        {copy.noteLabel}
      </label>
      <textarea
        id={noteId}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        required
        rows={2}
        maxLength={1000}
        aria-invalid={error === copy.noteMissing || undefined}
        aria-describedby={hintId}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {copy.noteHint}
      </p>
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
