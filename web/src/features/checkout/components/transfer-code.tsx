import { useId } from 'react';
import { checkoutCopy as copy } from '../../../content/checkout';

/**
 * A domain moving in from another registrar (D23): the auth code (EPP code) its registrar gave
 * the buyer, and what a transfer is (one year, approved by the losing registrar, refunded if it
 * fails). The code goes only into the order; the page keeps it nowhere else.
 */
export function TransferCodeField({
  domain,
  value,
  error,
  onChange,
}: {
  domain: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 space-y-2">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {copy.transferTitle(domain)}
      </h3>
      <p className="text-sm text-slate-600">{copy.transferNote}</p>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {copy.authCodeLabel}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:w-72"
      />
      <p
        id={`${id}-hint`}
        role={error ? 'alert' : undefined}
        className={`text-sm ${error ? 'font-medium text-red-700' : 'text-slate-500'}`}
      >
        {error ?? copy.authCodeHint}
      </p>
    </section>
  );
}
