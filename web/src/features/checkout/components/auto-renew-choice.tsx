import { plannedDebitDate, type CheckoutAutoRenewTerms } from '@domain/auto-renew';
import { formatInr } from '@domain/money';
import { autoRenewCopy } from '../../../content/auto-renew';
import { formatDay } from '../renewal';

const copy = autoRenewCopy.checkout;

/**
 * "Renew automatically" at checkout (D25): unticked until the buyer ticks it (never pre-ticked),
 * with the maximum, the first debit's date, the ₹15,000 rule and how to stop it said beside the
 * box before it is ticked. Ticked, the payment also sets up the mandate.
 */
export function AutoRenewChoice({
  checked,
  onChange,
  terms,
  renewalDate,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  terms: CheckoutAutoRenewTerms;
  /** When the period being bought ends: the first debit is planned from it. */
  renewalDate: Date;
  disabled?: boolean;
}) {
  const firstDebit = formatDay(plannedDebitDate(renewalDate).toISOString());
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid="auto-renew-choice">
      <div className="flex items-start gap-3">
        <input
          id="checkout-auto-renew"
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="checkout-auto-renew-terms"
          className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        <label htmlFor="checkout-auto-renew" className="font-medium text-slate-900">
          {copy.label}
        </label>
      </div>
      <div id="checkout-auto-renew-terms" className="mt-2 pl-7 text-sm text-slate-600">
        <ul className="list-disc space-y-1 pl-5">
          {copy.terms(formatInr(terms.maxAmountPaise), firstDebit).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mt-2">{copy.note}</p>
      </div>
    </div>
  );
}
