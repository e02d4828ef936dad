import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { AdminCustomer, AdminSearchResponse, CustomerRef } from '@domain/admin';
import type { Payment } from '@domain/api';
import { MAIL_KINDS } from '@domain/mail-log';
import { formatInr } from '@domain/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { getCustomer, listCustomerPage, searchConsole } from '../api/admin-api';
import { adminCopy } from '../copy';
import { formatDateTime } from '../format';
import { AuditList } from './audit-list';
import { CustomerNote } from './customer-note';
import { CustomerTickets } from './customer-tickets';
import { ScreenSection } from './screen-parts';
import { ResendButton } from './resend-button';
import { ServiceActions } from './service-actions';
import { ViewAsCustomer } from './view-as-customer';
import { failureMessage, useConsoleAction } from './use-load';

const copy = adminCopy.customers;

/** A payment as the API gives it, with the invoice and refund fields it carries once issued. */
type PaymentRow = Payment & {
  invoiceNumber?: string;
  creditNoteNumber?: string;
  refund?: { id: string; amountPaise: number; status: string };
};

/**
 * Find anything (issue #27): one box for an email, phone, domain, order or payment id, invoice or
 * ticket number; every hit names its customer, whose page opens below. Or browse every customer.
 */
export function CustomersScreen() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<AdminSearchResponse | null>(null);
  const { busy, error, setError, act } = useConsoleAction();
  const [openId, setOpenId] = useState<string | null>(null);
  const inputId = useId();

  async function search(event: FormEvent) {
    event.preventDefault();
    const wanted = text.trim();
    if (!wanted) {
      setError(copy.queryMissing);
      return;
    }
    await act(async () => {
      const found = await searchConsole(wanted);
      setResult(found);
      // One customer found: open their page at once, as a person would next.
      setOpenId(found.customers.length === 1 ? (found.customers[0]?.userId ?? null) : null);
    });
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
            {copy.queryLabel}
          </label>
          <input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={copy.queryPlaceholder}
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
        <SearchResults result={result} onOpen={setOpenId} />
      ) : (
        <CustomerList onOpen={setOpenId} />
      )}
      {openId ? <CustomerPage key={openId} userId={openId} /> : null}
    </ScreenSection>
  );
}

function SearchResults({
  result,
  onOpen,
}: {
  result: AdminSearchResponse;
  onOpen: (userId: string) => void;
}) {
  const found =
    result.customers.length +
    result.documents.length +
    result.orders.length +
    result.payments.length +
    result.tickets.length +
    result.services.length;
  return (
    <div className="mt-6 text-sm">
      {found === 0 ? (
        <p className="text-slate-700">{result.hint ?? copy.nothingFound(result.query)}</p>
      ) : (
        <>
          <p className="text-slate-700">{copy.matchedAs(result.matchedAs)}</p>
          <ul className="mt-2 space-y-1 text-slate-800">
            {result.documents.map((d) => (
              <li key={d.number}>
                {d.kind === 'invoice' ? copy.invoice : copy.creditNote}{' '}
                <span className="font-mono">{d.number}</span> · {formatDateTime(d.issuedAt)} ·{' '}
                <span className="font-mono">{d.paymentId}</span>
              </li>
            ))}
            {result.payments.map((p) => (
              <li key={p.paymentId}>
                <span className="font-mono">{p.paymentId}</span> · {formatInr(p.amountPaise)} ·{' '}
                {p.status}
                {p.refundedPaise > 0 ? ` · ${copy.refunded} ${formatInr(p.refundedPaise)}` : ''}
              </li>
            ))}
            {result.orders.map((o) => (
              <li key={o.orderId}>
                <span className="font-mono">{o.orderId}</span> · {o.status} ·{' '}
                {formatInr(o.amountPaise)}
              </li>
            ))}
            {result.services.map((s) => (
              <li key={s.serviceId}>
                {s.planName}
                {s.domain ? ` (${s.domain})` : ''}
              </li>
            ))}
            {result.tickets.map((t) => (
              <li key={t.number}>
                <span className="font-mono">{t.number}</span> · {t.subject} · {t.status}
              </li>
            ))}
          </ul>
          <CustomerRows customers={result.customers} onOpen={onOpen} />
        </>
      )}
    </div>
  );
}

function CustomerRows({
  customers,
  onOpen,
}: {
  customers: readonly CustomerRef[];
  onOpen: (userId: string) => void;
}) {
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {customers.map((c) => (
        <li key={c.userId} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <span>
            <span className="font-medium text-slate-900">{c.name || c.email}</span>
            <span className="text-slate-600">
              {' '}
              · {c.email}
              {c.phone ? ` · ${c.phone}` : ''}
            </span>
          </span>
          <Button variant="secondary" size="sm" onClick={() => onOpen(c.userId)}>
            {copy.open}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Every customer, a page at a time (the API's cursor). */
function CustomerList({ onOpen }: { onOpen: (userId: string) => void }) {
  const [pages, setPages] = useState<{ customers: CustomerRef[]; next?: string }>({
    customers: [],
  });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  async function load(after?: string) {
    setLoading(true);
    try {
      const page = await listCustomerPage(after);
      setPages((before) => ({
        customers: [...before.customers, ...page.customers],
        ...(page.next ? { next: page.next } : {}),
      }));
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load();
  }, []);

  return (
    <div className="mt-6 text-sm">
      <h3 className="font-semibold text-slate-900">{copy.allCustomers}</h3>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <CustomerRows customers={pages.customers} onOpen={onOpen} />
      {pages.next ? (
        <Button
          variant="secondary"
          className="mt-3"
          disabled={loading}
          onClick={() => void load(pages.next)}
        >
          {copy.more}
        </Button>
      ) : null}
    </div>
  );
}

/** The customer's page: profile, services with their actions, payments, mails, tickets, audit. */
function CustomerPage({ userId }: { userId: string }) {
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load() {
    try {
      setCustomer((await getCustomer(userId)).customer);
    } catch (caught) {
      setError(failureMessage(caught));
    }
  }

  useEffect(() => {
    void load();
    // Loaded once per customer opened (the component is keyed by the id).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (error) {
    return (
      <Alert tone="error" className="mt-6">
        {error}
      </Alert>
    );
  }
  if (!customer) return <p className="mt-6 text-slate-600">{adminCopy.loading}</p>;
  return <CustomerCard customer={customer} onChanged={() => void load()} />;
}

function CustomerCard({ customer, onChanged }: { customer: AdminCustomer; onChanged: () => void }) {
  const { user } = customer;
  const payments: readonly PaymentRow[] = customer.payments;
  return (
    <article
      aria-label={user.email}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 text-sm"
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
        <ul className="mt-1 space-y-3">
          {customer.services.map((service) => (
            <li key={service.id} className="rounded-xl border border-slate-200 p-3">
              <p>
                <span className="font-medium">{service.name}</span>
                {service.domain ? ` (${service.domain})` : ''} ·{' '}
                {copy.state[service.state] ?? service.state} · {copy.renews}{' '}
                {formatDateTime(service.renewalDate)} · {copy.setup} {service.provisioning.state}
                {service.autoRenewal?.mandate
                  ? ` · auto-renew ${service.autoRenew ? 'on' : 'off'}, mandate ${service.autoRenewal.mandate.status} (${service.autoRenewal.mandate.label})`
                  : ''}
              </p>
              <ServiceActions
                userId={user.id}
                service={service}
                payments={payments.filter(
                  (p) => p.status === 'paid' && p.planName === service.name,
                )}
                onDone={onChanged}
              />
            </li>
          ))}
        </ul>
      )}

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
            {payment.creditNoteNumber ? ` · ${copy.creditNote} ${payment.creditNoteNumber}` : ''}
          </>
        )}
      </FactList>

      <FactList
        title={copy.mails}
        empty={copy.noMails}
        items={customer.mails}
        keyOf={(mail) => mail.mailId}
      >
        {(mail) => {
          const kind = MAIL_KINDS[mail.kind];
          return (
            <>
              {formatDateTime(mail.at)} · {kind.label}
              {mail.resendOf ? ` (${copy.resendOf})` : ''} · “{mail.subject}” · {copy.mailTo}{' '}
              {mail.to} · {copy.mailStatus[mail.status]}
              {mail.error ? `: ${mail.error}` : ''}
              {kind.resend ? (
                <ResendButton userId={user.id} mailId={mail.mailId} onDone={onChanged} />
              ) : (
                <span className="block text-xs text-slate-600">
                  {copy.notResendable} {kind.why}
                </span>
              )}
            </>
          );
        }}
      </FactList>
      <ViewAsCustomer userId={user.id} email={user.email} />
      <CustomerTickets email={user.email} />
      <CustomerNote userId={user.id} onSaved={onChanged} />
      <AuditList entries={customer.audit} />
    </article>
  );
}

/** One kind of fact about a customer (payments, mails): a heading, then a line each. */
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
