import { useId } from 'react';

/** The operator's note on an action, kept in the audit trail beside it. */
export function NoteField({
  label,
  value,
  onChange,
  required = false,
  invalid = false,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  invalid?: boolean;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <>
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        rows={2}
        maxLength={1000}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </>
  );
}
