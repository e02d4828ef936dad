import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { AdminCustomer } from '@domain/admin';
import type { Payment } from '@domain/api';
import { formatInr } from '@domain/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { findCustomers } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { AuditList } from './audit-list';
import { CustomerTickets } from './customer-tickets';
import { ScreenSection } from './screen-parts';
import { failureMessage } from './use-load';

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
      setError(failureMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScreenSection id="admin-customers-title" title={copy.title}>
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
    </ScreenSection>
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

      <FactList
        title={copy.services}
        empty={copy.noServices}
        items={customer.services}
        keyOf={(service) => service.id}
      >
        {(service) => (
          <>
            {service.name}
            {service.domain ? ` (${service.domain})` : ''} · {service.status} · {copy.renews}{' '}
            {formatDateTime(service.renewalDate)} · {copy.setup} {service.provisioning.state}
            {service.autoRenewal?.mandate
              ? ` · auto-renew ${service.autoRenew ? 'on' : 'off'}, mandate ${service.autoRenewal.mandate.status} (${service.autoRenewal.mandate.label})`
              : ''}
          </>
        )}
      </FactList>

      <FactList
        title={copy.payments}
        empty={copy.noPayments}
        items={payments}
        keyOf={(payment) => payment.id}
      >
        {(payment) => (
          <>
            {formatDateTime(payment.date)} · {payment.planName} · {formatInr(payment.amountPaise)} ·{' '}
            {payment.status} · <span className="font-mono">{payment.paymentId}</span>
            {payment.invoiceNumber ? ` · ${copy.invoice} ${payment.invoiceNumber}` : ''}
            {payment.refund
              ? ` · ${copy.refund} ${formatInr(payment.refund.amountPaise)} (${payment.refund.status})`
              : ''}
          </>
        )}
      </FactList>

      <FactList
        title={copy.mails}
        empty={copy.noMails}
        items={customer.mails}
        keyOf={(mail) => mail.purchaseId}
      >
        {(mail) => (
          <>
            Welcome mail for <span className="font-mono">{mail.purchaseId}</span>:{' '}
            {copy.mailState[mail.state]}
            {mail.at ? ` · ${formatDateTime(mail.at)}` : ''}
          </>
        )}
      </FactList>
      <CustomerTickets email={user.email} />
      <AuditList entries={customer.audit} />
    </article>
  );
}

/** One kind of fact about a customer (services, payments, mails): a heading, then a line each. */
function FactList<T>({
  title,
  empty,
  items,
  keyOf,
  children,
}: {
  title: string;
  empty: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <h4 className="mt-4 font-semibold text-slate-900">{title}</h4>
      {items.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {items.map((item) => (
            <li key={keyOf(item)}>{children(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
