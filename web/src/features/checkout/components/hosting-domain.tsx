import { useEffect, useRef } from 'react';
import { InvalidAccountDomainError } from '@domain/checkout-pricing';
import { checkoutCopy as copy } from '../../../content/checkout';

export interface HostingDomainFieldProps {
  value: string;
  /** "I’ll add it later": the account starts on a placeholder domain (D18). */
  later: boolean;
  /** A renewal from its Renew link: the service's domain is fixed, or it would be another one. */
  locked: boolean;
  /** The domain rule's, or the server's, sentence; replaces the hint while set. */
  error: string | null;
  /** The buyer's own registrations, offered as they type (never filled in for them). */
  suggestions: readonly string[];
  onValueChange: (value: string) => void;
  onLaterChange: (later: boolean) => void;
  onBlur: () => void;
}

const FIELD_ID = 'checkout-hosting-domain';
const HINT_ID = `${FIELD_ID}-hint`;
const LIST_ID = `${FIELD_ID}-owned`;

const HINT_CLASS = 'text-slate-500';
const ERROR_CLASS = 'font-medium text-red-700';
/** The sentences the line below the field may show, each kept room for (see below). */
const RESERVED: readonly { text: string; className: string }[] = [
  { text: copy.hostingDomainHint, className: HINT_CLASS },
  { text: copy.hostingDomainLaterHint, className: HINT_CLASS },
  { text: new InvalidAccountDomainError('').message, className: ERROR_CLASS },
];

/**
 * "Domain for this hosting" (D18): the name the panel account is created for, or "I’ll add it
 * later". The input stays in place, disabled, while "later" is ticked, and the line below it is as
 * tall as the longest sentence it may show (all of them share one grid cell, the others
 * invisible), so ticking, typing or the domain rule's refusal moves nothing below it.
 */
export function HostingDomainField({
  value,
  later,
  locked,
  error,
  suggestions,
  onValueChange,
  onLaterChange,
  onBlur,
}: HostingDomainFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // Unticked to type a domain: the field, enabled again, is where the buyer goes next.
  const focusWhenEnabled = useRef(false);
  useEffect(() => {
    if (later || !focusWhenEnabled.current) return;
    focusWhenEnabled.current = false;
    input.current?.focus();
  }, [later]);
  const hint = locked
    ? value
      ? copy.hostingDomainRenewal(value)
      : copy.hostingDomainRenewalNone
    : later
      ? copy.hostingDomainLaterHint
      : copy.hostingDomainHint;
  return (
    <div className="mt-5">
      <label htmlFor={FIELD_ID} className="block text-sm font-medium text-slate-800">
        {copy.hostingDomainLabel}
      </label>
      <input
        ref={input}
        id={FIELD_ID}
        type="text"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={later && !locked ? '' : copy.hostingDomainPlaceholder}
        value={later ? '' : value}
        disabled={later || locked}
        list={suggestions.length > 0 && !locked ? LIST_ID : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={HINT_ID}
        data-testid="hosting-domain"
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 sm:w-72"
      />
      {suggestions.length > 0 && !locked ? (
        <datalist id={LIST_ID}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      ) : null}
      <div className="mt-1 grid text-sm">
        <p
          id={HINT_ID}
          role={error ? 'alert' : undefined}
          className={`[grid-area:1/1] ${error ? ERROR_CLASS : HINT_CLASS}`}
        >
          {error ?? hint}
        </p>
        {locked
          ? null
          : RESERVED.map(({ text, className }) => (
              <p key={text} aria-hidden="true" className={`invisible [grid-area:1/1] ${className}`}>
                {text}
              </p>
            ))}
      </div>
      <label
        className={`mt-1 inline-flex min-h-11 items-center gap-2 text-sm ${locked ? 'text-slate-400' : 'text-slate-800'}`}
      >
        <input
          type="checkbox"
          checked={later}
          disabled={locked}
          onChange={(event) => {
            focusWhenEnabled.current = !event.target.checked;
            onLaterChange(event.target.checked);
          }}
          className="h-5 w-5 rounded border-slate-300 text-brand-600 focus:ring-brand-200"
        />
        {copy.hostingDomainLater}
      </label>
    </div>
  );
}
