import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { totpCopy as copy, totpErrors } from '../content/auth';
import type { TotpSetup as Setup } from '../lib/totp';
import { totpErrorMessage } from '../lib/totp-errors';
import { Alert } from './alert';
import { Button } from './button';
import { LoadingText } from './loading-text';
import { TextField } from './text-field';

/** Loaded on first use, with the QR code library: nothing of it is in the public pages' JS. */
const totpApi = () => import('../lib/totp');

/** The key in groups of four, as authenticator apps show it: easier to type by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up TOTP (D28): a new secret from Cognito as a QR code (an `otpauth://totp/...` URI drawn
 * by the qrcode library) and as a key to type, then the app's current code to confirm it.
 * `onEnabled` runs once Cognito has TOTP on for the account.
 */
export function TotpSetup({
  accountName,
  onEnabled,
  onCancel,
}: {
  accountName: string;
  onEnabled(): void;
  onCancel?: () => void;
}) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    totpApi()
      .then((api) => api.startTotpSetup(accountName))
      .then(
        (started) => !cancelled && setSetup(started),
        () => !cancelled && setLoadError(true),
      );
    return () => {
      cancelled = true;
    };
  }, [accountName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!typed) return setError(totpErrors.codeRequired);
    setError(null);
    setBusy(true);
    try {
      const api = await totpApi();
      await api.confirmTotpSetup(typed);
    } catch (caught) {
      setBusy(false);
      setError(totpErrorMessage(caught));
      return;
    }
    onEnabled();
  }

  if (loadError) return <Alert tone="error">{totpErrors.setupFailed}</Alert>;
  if (!setup) return <LoadingText className="py-4">{copy.preparing}</LoadingText>;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li>{copy.step1}</li>
        <li>
          {copy.step2}
          <div className="mt-3 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <div
              role="img"
              aria-label={copy.qrLabel}
              data-otpauth-uri={setup.uri}
              className="h-44 w-44 shrink-0 rounded-lg border border-slate-200 bg-white p-2 [&_svg]:h-full [&_svg]:w-full"
              // The library's own SVG output for the URI: markup it generated, no user HTML.
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <div className="min-w-0">
              <p className="text-xs font-medium text-slate-500">{copy.keyLabel}</p>
              <p
                data-testid="totp-secret"
                className="mt-1 font-mono text-sm break-words text-slate-900 select-all"
              >
                {grouped(setup.secret)}
              </p>
            </div>
          </div>
        </li>
        <li>{copy.step3}</li>
      </ol>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={copy.code}
        name="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? copy.turningOn : copy.turnOn}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            {copy.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
