import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { checkoutCopy as copy } from '../../../content/checkout';

export interface PromoBoxProps {
  applied: { code: string; message: string } | null;
  /** Resolves with an error message to show, or null when the code was applied. */
  onApply(code: string): Promise<string | null>;
  onRemove(): void;
}

export function PromoBox({ applied, onApply, onRemove }: PromoBoxProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setError(null);
    const problem = await onApply(code.trim());
    setBusy(false);
    setError(problem);
    if (!problem) setCode('');
  }

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3">
        <p role="status" className="text-sm text-green-900">
          <span className="font-semibold">{applied.code}</span>: {applied.message}
        </p>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          {copy.promoRemove}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="text-sm font-semibold text-slate-900">{copy.promoTitle}</h3>
      <div className="mt-2 flex items-end gap-2">
        <TextField
          label={copy.promoLabel}
          name="promoCode"
          value={code}
          autoComplete="off"
          invalid={Boolean(error)}
          onChange={(event) => setCode(event.target.value)}
          className="flex-1"
        />
        <Button type="submit" variant="secondary" disabled={busy || !code.trim()}>
          {busy ? copy.promoApplying : copy.promoApply}
        </Button>
      </div>
      {error ? (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      ) : null}
    </form>
  );
}
