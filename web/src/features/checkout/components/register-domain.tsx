import { bundleCopy as copy } from '../../../content/bundles';

const FIELD_ID = 'checkout-register-domain';
const HINT_ID = `${FIELD_ID}-hint`;

/**
 * A bundle's domain to register (D24; CONTRACT `registerDomain`): checked as a domain search
 * checks it, and by the server free at the registrar before any payment; its sentence replaces
 * the hint. Premium and Enterprise Hosting's free first-year domain (D23) is the same field
 * under its own title and hint (`free`).
 */
export function RegisterDomainField({
  value,
  error,
  free = false,
  onChange,
  onBlur,
}: {
  value: string;
  error: string | null;
  free?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <fieldset className="mt-5" data-testid="register-domain">
      <legend className="text-base font-semibold text-slate-900">
        {free ? copy.freeDomainTitle : copy.registerTitle}
      </legend>
      <label htmlFor={FIELD_ID} className="mt-3 block text-sm font-medium text-slate-800">
        {copy.registerLabel}
      </label>
      <input
        id={FIELD_ID}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={copy.registerPlaceholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={HINT_ID}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <p
        id={HINT_ID}
        className={`mt-1.5 text-sm ${error ? 'font-medium text-red-700' : 'text-slate-500'}`}
        role={error ? 'alert' : undefined}
      >
        {error ?? (free ? copy.freeDomainHint : copy.registerHint)}
      </p>
    </fieldset>
  );
}
