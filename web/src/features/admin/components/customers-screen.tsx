import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminCustomer } from '@domain/admin';
import type { Payment } from '@domain/api';
import { formatInr } from '@domain/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api';
import { findCustomers } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { AuditList } from './audit-list';

const copy = adminCopy.customers;

/** A payment as the API gives it, with the invoice and refund fields it carries once issued. */
type PaymentRow = Payment & {
  invoiceNumber?: string;
  creditNoteNumber?: string;
  refund?: { id: string; amountPaise: number; status: string };
};

/** Find a customer by email: their services, payments (invoices, refunds), mails and audit. */
export function CustomersScreen() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ email: string; customers: AdminCustomer[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function search(event: FormEvent) {
    event.preventDefault();
    const wanted = email.trim();
    if (!wanted) {
      setError(copy.emailMissing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { customers } = await findCustomers(wanted);
      setResult({ email: wanted, customers });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : adminCopy.loadFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="admin-customers-title">
      <h2 id="admin-customers-title" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <form
        onSubmit={(event) => void search(event)}
        noValidate
        role="search"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div className="min-w-64 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {copy.emailLabel}
          </label>
          <input
            id={inputId}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm"
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? copy.searching : copy.search}
        </Button>
      </form>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      {result ? (
        result.customers.length === 0 ? (
          <p className="mt-6 text-slate-700">{copy.none(result.email)}</p>
        ) : (
          <div className="mt-6 space-y-6">
            {result.customers.map((customer) => (
              <CustomerCard key={customer.user.id} customer={customer} />
            ))}
          </div>
        )
      ) : null}
    </section>
  );
}

function CustomerCard({ customer }: { customer: AdminCustomer }) {
  const { user } = customer;
  const payments: readonly PaymentRow[] = customer.payments;
  return (
    <article
      aria-label={user.email}
      className="rounded-2xl border border-slate-200 bg-white p-5 text-sm"
    >
      <h3 className="text-lg font-semibold text-slate-900">{user.name || user.email}</h3>
      <p className="text-slate-700">
        {user.email}
        {user.phone ? ` · ${user.phone}` : ''}
      </p>

      <h4 className="mt-4 font-semibold text-slate-900">{copy.services}</h4>
      {customer.services.length === 0 ? (
        <p className="text-slate-600">{copy.noServices}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {customer.services.map((service) => (
            <li key={service.id}>
              {service.name}
              {service.domain ? ` (${service.domain})` : ''} · {service.status} · {copy.renews}{' '}
              {formatDateTime(service.renewalDate)} · {copy.setup} {service.provisioning.state}
            </li>
          ))}
        </ul>
      )}

      <h4 className="mt-4 font-semibold text-slate-900">{copy.payments}</h4>
      {payments.length === 0 ? (
        <p className="text-slate-600">{copy.noPayments}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {payments.map((payment) => (
            <li key={payment.id}>
              {formatDateTime(payment.date)} · {payment.planName} · {formatInr(payment.amountPaise)}{' '}
              · {payment.status} · <span className="font-mono">{payment.paymentId}</span>
              {payment.invoiceNumber ? ` · ${copy.invoice} ${payment.invoiceNumber}` : ''}
              {payment.refund
                ? ` · ${copy.refund} ${formatInr(payment.refund.amountPaise)} (${payment.refund.status})`
                : ''}
            </li>
          ))}
        </ul>
      )}

      <h4 className="mt-4 font-semibold text-slate-900">{copy.mails}</h4>
      {customer.mails.length === 0 ? (
        <p className="text-slate-600">{copy.noMails}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {customer.mails.map((mail) => (
            <li key={mail.purchaseId}>
              Welcome mail for <span className="font-mono">{mail.purchaseId}</span>:{' '}
              {copy.mailState[mail.state]}
              {mail.at ? ` · ${formatDateTime(mail.at)}` : ''}
            </li>
          ))}
        </ul>
      )}
      <AuditList entries={customer.audit} />
    </article>
  );
}
