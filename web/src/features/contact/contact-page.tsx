import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { ContactRequestBody } from '@domain/api';
import { Button } from '../../components/button';
import { Container } from '../../components/container';
import { Icon } from '../../components/marketing-icons';
import { PageHeader } from '../../components/page-header';
import { contactPage as page } from '../../content/contact';
import { ApiError, apiPost } from '../../lib/api';
import { validateContact } from './validate-contact';
import type { ContactErrors } from './validate-contact';

type Status = 'idle' | 'sending' | 'sent' | 'failed';
type Field = keyof ContactRequestBody;

const EMPTY: ContactRequestBody = { name: '', email: '', message: '' };
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The contact form (D9): posts to the API; 'Sending...' while the request runs and for at least
 * 1.5 s; then the thank-you message, hidden after 5 s. A failed send says so and keeps the text.
 */
export function ContactPage() {
  const formId = useId();
  const [values, setValues] = useState<ContactRequestBody>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<string>(page.form.failed);
  const [ticketNumber, setTicketNumber] = useState<string>();
  const mounted = useRef(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(hideTimer.current);
    };
  }, []);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'message'] as const).find((field) => found[field]);
    if (firstInvalid) {
      fields.current[firstInvalid]?.focus();
      return;
    }
    clearTimeout(hideTimer.current);
    setStatus('sending');
    const body: ContactRequestBody = {
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    };
    const [result] = await Promise.allSettled([
      apiPost<{ ok: boolean; ticketNumber?: string }>('/contact', body),
      wait(page.minimumSendingMs),
    ]);
    if (!mounted.current) return;
    if (result.status === 'rejected') {
      // The API's own sentence for a problem with the message (4xx); our generic one otherwise.
      const reason: unknown = result.reason;
      const clientError = reason instanceof ApiError && reason.status >= 400 && reason.status < 500;
      setFailure(clientError ? `${page.form.failedPrefix} ${reason.message}` : page.form.failed);
      setStatus('failed');
      return;
    }
    setValues(EMPTY);
    // The message opened a ticket (D27): its number, also in the acknowledgement mail.
    setTicketNumber(result.value.ticketNumber);
    setStatus('sent');
    hideTimer.current = setTimeout(() => setStatus('idle'), page.sentMessageMs);
  }

  const f = page.form;
  const input =
    'mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus-visible:outline-brand-500';

  function fieldProps(field: Field) {
    const errorId = `${formId}-${field}-error`;
    return {
      id: `${formId}-${field}`,
      name: field,
      value: values[field],
      required: true,
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? errorId : undefined,
      className: `${input} ${errors[field] ? 'border-red-600' : 'border-slate-300'}`,
      ref: (node: HTMLInputElement | HTMLTextAreaElement | null) => {
        fields.current[field] = node;
      },
    };
  }

  function fieldError(field: Field) {
    const message = errors[field];
    return message ? (
      <p id={`${formId}-${field}-error`} className="mt-1.5 text-sm font-medium text-red-700">
        {message}
      </p>
    ) : null;
  }

  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title} lead={page.lead} />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <section
          aria-labelledby={`${formId}-title`}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id={`${formId}-title`} className="text-xl font-bold text-slate-900">
            {f.title}
          </h2>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
            <div>
              <label htmlFor={`${formId}-name`} className="text-sm font-semibold text-slate-800">
                {f.name}
              </label>
              <input
                type="text"
                autoComplete="name"
                {...fieldProps('name')}
                onChange={(e) => update('name', e.target.value)}
              />
              {fieldError('name')}
            </div>
            <div>
              <label htmlFor={`${formId}-email`} className="text-sm font-semibold text-slate-800">
                {f.email}
              </label>
              <input
                type="email"
                autoComplete="email"
                {...fieldProps('email')}
                onChange={(e) => update('email', e.target.value)}
              />
              {fieldError('email')}
            </div>
            <div>
              <label htmlFor={`${formId}-message`} className="text-sm font-semibold text-slate-800">
                {f.message}
              </label>
              <textarea
                rows={6}
                {...fieldProps('message')}
                onChange={(e) => update('message', e.target.value)}
              />
              {fieldError('message')}
            </div>
            <Button
              type="submit"
              size="lg"
              disabled={status === 'sending'}
              className="w-full sm:w-auto sm:px-10"
            >
              {status === 'sending' ? f.sending : f.submit}
            </Button>
            <div aria-live="polite">
              {status === 'sent' ? (
                <p className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
                  <Icon name="check" className="h-5 w-5 shrink-0" />
                  {f.sent}
                </p>
              ) : null}
              {status === 'sent' && ticketNumber ? (
                <p className="mt-2 text-sm text-slate-700">{f.ticket(ticketNumber)}</p>
              ) : null}
            </div>
            {status === 'failed' ? (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
              >
                {failure}
              </p>
            ) : null}
          </form>
        </section>

        <aside aria-labelledby={`${formId}-details`} className="space-y-6">
          <h2 id={`${formId}-details`} className="text-xl font-bold text-slate-900">
            {page.details.title}
          </h2>
          <div className="flex gap-4">
            <Icon name="mail" className="h-6 w-6 shrink-0 text-brand-700" />
            <div>
              <p className="text-sm font-semibold text-slate-800">{page.details.emailLabel}</p>
              <a
                href={`mailto:${page.details.email}`}
                className="font-medium break-all text-brand-700 hover:text-brand-800"
              >
                {page.details.email}
              </a>
            </div>
          </div>
          <div className="flex gap-4">
            <Icon name="phone" className="h-6 w-6 shrink-0 text-brand-700" />
            <div>
              <p className="text-sm font-semibold text-slate-800">{page.details.phoneLabel}</p>
              <a
                href={page.details.phoneHref}
                className="font-medium text-brand-700 hover:text-brand-800"
              >
                {page.details.phone}
              </a>
              <p className="text-sm text-slate-600">{page.details.phoneNote}</p>
            </div>
          </div>
          <div className="flex gap-4">
            <Icon name="globe" className="h-6 w-6 shrink-0 text-brand-700" />
            <div>
              <p className="text-sm font-semibold text-slate-800">{page.details.addressLabel}</p>
              <address className="text-sm text-slate-700 not-italic">
                {page.details.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </div>
          </div>
          <p className="rounded-xl bg-brand-50 p-4 text-sm text-slate-700">{page.details.hours}</p>
          <div className="flex gap-4" id="grievance-officer">
            <Icon name="shield" className="h-6 w-6 shrink-0 text-brand-700" />
            <div>
              <p className="text-sm font-semibold text-slate-800">{page.details.grievance.label}</p>
              <p className="font-medium text-slate-900">{page.details.grievance.name}</p>
              <a
                href={`mailto:${page.details.grievance.email}`}
                className="block font-medium break-all text-brand-700 hover:text-brand-800"
              >
                {page.details.grievance.email}
              </a>
              <a
                href={page.details.grievance.phoneHref}
                className="block font-medium text-brand-700 hover:text-brand-800"
              >
                {page.details.grievance.phone}
              </a>
              <p className="mt-1 text-sm text-slate-600">{page.details.grievance.note}</p>
            </div>
          </div>
        </aside>
      </Container>
    </>
  );
}
