import { useId, useState, type FormEvent } from 'react';
import { normaliseLabel, parseDomainName } from '@domain/domain-names';
import { bundleCopy } from '../../content/bundles';
import { ApiError, apiGet, apiPut } from '../../lib/api';
import { Button } from '../button';
import { RegistrantDetailsSection } from '../registrant/registrant-details';
import { useRegistrant } from '../registrant/use-registrant';

const copy = bundleCopy.choose;

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; name: string }
  | { state: 'taken'; name: string }
  | { state: 'registering'; name: string }
  | { state: 'chosen'; name: string };

/** The buyer's words for a name the server or the local check refused. */
function refusal(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : copy.failed;
}

/**
 * "Choose your domain" on a bundle's domain part bought without a name (D24): the name is checked
 * as checkout checks it (locally, then `GET /api/domains/availability`), then recorded with
 * `PUT /api/me/services/{partId}/domain`; converge registers it and the card shows it.
 * The registry needs the registrant's address and mobile number (D23): the checkout's registrant
 * section is read as the first name is checked and shown once one is available, asking for what
 * the profile lacks; Register saves that to the profile first. Should the server still refuse for
 * want of them (`registrant_details_required`), its sentence shows there, the section reads the
 * profile again, and the name stays ready to register.
 */
export function ChooseDomain({
  partId,
  onChosen,
  intro = copy.intro,
}: {
  partId: string;
  onChosen: () => void;
  /** What the name is for: a bundle's domain (the default) or a hosting's free year. */
  intro?: string;
}) {
  const inputId = useId();
  const messageId = useId();
  const [value, setValue] = useState('');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // The registrant section: mounted at the first check (the profile is read meanwhile), read again
  // (a new key) after a refusal; the server's sentence when it refused for want of the details.
  const [registrantKey, setRegistrantKey] = useState<number | null>(null);
  const [registrantRefused, setRegistrantRefused] = useState<string | null>(null);
  const registrant = useRegistrant(true);

  async function onCheck(event: FormEvent) {
    event.preventDefault();
    let name: string;
    try {
      name = parseDomainName(value).name;
    } catch (refused) {
      setError(refused instanceof Error ? refused.message : copy.failed);
      setCheck({ state: 'idle' });
      return;
    }
    const label = normaliseLabel(name);
    if (!label.ok) return;
    setError(null);
    setCheck({ state: 'checking' });
    setRegistrantKey((key) => key ?? 0);
    try {
      const { results } = await apiGet<{ results: { domain: string; available: boolean }[] }>(
        `/domains/availability?name=${encodeURIComponent(label.label)}`,
      );
      const free = results.find((result) => result.domain === name)?.available === true;
      setCheck(free ? { state: 'available', name } : { state: 'taken', name });
    } catch (failure) {
      setError(refusal(failure));
      setCheck({ state: 'idle' });
    }
  }

  async function onRegister(name: string) {
    setError(null);
    setRegistrantRefused(null);
    setCheck({ state: 'registering', name });
    // What the profile lacked goes to it first; the section says why when it cannot.
    if (!(await registrant.save())) {
      setCheck({ state: 'available', name });
      return;
    }
    try {
      await apiPut(`/me/services/${encodeURIComponent(partId)}/domain`, { name }, { auth: true });
      setCheck({ state: 'chosen', name });
      onChosen();
    } catch (failure) {
      // The profile may have changed meanwhile (or been saved just now): read it again.
      setRegistrantKey((key) => (key ?? 0) + 1);
      if (failure instanceof ApiError && failure.code === 'registrant_details_required') {
        setRegistrantRefused(failure.message);
        setCheck({ state: 'available', name });
        return;
      }
      setError(refusal(failure));
      setCheck({ state: 'idle' });
    }
  }

  if (check.state === 'chosen') {
    return (
      <p className="mt-2 text-sm text-slate-700" role="status">
        {copy.chosen(check.name)}
      </p>
    );
  }
  const ready = check.state === 'available' || check.state === 'registering';
  const message =
    error ??
    (check.state === 'available'
      ? copy.available(check.name)
      : check.state === 'taken'
        ? copy.taken(check.name)
        : null);
  return (
    <form
      className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="choose-domain"
      onSubmit={(event) => void onCheck(event)}
    >
      <h5 className="text-sm font-semibold text-slate-900">{copy.title}</h5>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <label htmlFor={inputId} className="mt-3 block text-sm font-medium text-slate-800">
        {copy.label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={copy.placeholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
            setCheck({ state: 'idle' });
          }}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button
          type="submit"
          variant="secondary"
          className="shrink-0 whitespace-nowrap"
          disabled={check.state === 'checking'}
        >
          {check.state === 'checking' ? copy.checking : copy.check}
        </Button>
      </div>
      {message ? (
        <p
          id={messageId}
          className={`mt-2 text-sm ${error || check.state === 'taken' ? 'font-medium text-red-700' : 'text-emerald-800'}`}
          role={error ? 'alert' : 'status'}
        >
          {message}
        </p>
      ) : null}
      {registrantKey !== null ? (
        <div
          className="mt-4 border-t border-slate-200 pt-4"
          hidden={!ready}
          data-testid="choose-domain-registrant"
        >
          <RegistrantDetailsSection
            key={registrantKey}
            error={registrant.error ?? registrantRefused}
            onChange={registrant.onChange}
          />
        </div>
      ) : null}
      {ready ? (
        <Button
          type="button"
          className="mt-3"
          disabled={check.state === 'registering' || registrant.choice.reading === true}
          onClick={() => void onRegister(check.name)}
        >
          {check.state === 'registering'
            ? copy.registering
            : registrant.choice.asking
              ? copy.saveAndRegister(check.name)
              : copy.register(check.name)}
        </Button>
      ) : null}
    </form>
  );
}
