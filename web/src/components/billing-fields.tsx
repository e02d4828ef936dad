import { useId } from 'react';
import { findState, GST_STATE_NAMES, type BillingDetails } from '@domain/gst';
import { settingsCopy as copy } from '../content/account';
import { TextField } from './text-field';

/** Every billing field as the form holds it: text, empty where not given. */
export type BillingFieldValues = Required<BillingDetails>;

export const EMPTY_BILLING_FIELDS: BillingFieldValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  pincode: '',
  gstin: '',
};

export const billingFieldsOf = (
  billing: BillingDetails | null | undefined,
): BillingFieldValues => ({
  ...EMPTY_BILLING_FIELDS,
  ...billing,
});

/** The details as sent: an empty line 2 or GSTIN is left out (none). */
export function billingFromFields(fields: BillingFieldValues): BillingDetails {
  const { line2, gstin, ...rest } = fields;
  return {
    ...rest,
    ...(line2.trim() ? { line2 } : {}),
    ...(gstin.trim() ? { gstin } : {}),
  };
}

/**
 * The fields of a tax invoice's recipient (D15), the same in checkout and in Settings: name,
 * address, the state from India's GST list with its code (the first two digits of a GSTIN there),
 * PIN code and an optional GSTIN (typed in capitals).
 */
export function BillingFields({
  fields,
  onChange,
}: {
  fields: BillingFieldValues;
  onChange: (key: keyof BillingFieldValues, value: string) => void;
}) {
  const stateId = useId();
  return (
    <>
      <TextField
        label={copy.billingName}
        name="billing-name"
        autoComplete="billing name"
        hint={copy.billingNameHint}
        value={fields.name}
        onChange={(event) => onChange('name', event.target.value)}
      />
      <TextField
        label={copy.line1}
        name="billing-line1"
        autoComplete="billing address-line1"
        value={fields.line1}
        onChange={(event) => onChange('line1', event.target.value)}
      />
      <TextField
        label={copy.line2}
        name="billing-line2"
        autoComplete="billing address-line2"
        value={fields.line2}
        onChange={(event) => onChange('line2', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={copy.city}
          name="billing-city"
          autoComplete="billing address-level2"
          value={fields.city}
          onChange={(event) => onChange('city', event.target.value)}
        />
        <div>
          <label htmlFor={stateId} className="block text-sm font-medium text-slate-800">
            {copy.state}
          </label>
          <select
            id={stateId}
            name="billing-state"
            value={fields.state}
            onChange={(event) => onChange('state', event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            <option value="">{copy.statePlaceholder}</option>
            {GST_STATE_NAMES.map((name) => (
              <option key={name} value={name}>
                {copy.stateOption(name, findState(name)?.code ?? '')}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={copy.pincode}
          name="billing-pincode"
          autoComplete="billing postal-code"
          inputMode="numeric"
          maxLength={7}
          value={fields.pincode}
          onChange={(event) => onChange('pincode', event.target.value)}
        />
        <TextField
          label={copy.gstin}
          name="billing-gstin"
          hint={copy.gstinHint}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          value={fields.gstin}
          onChange={(event) => onChange('gstin', event.target.value.toUpperCase())}
        />
      </div>
    </>
  );
}
