import { useEffect, useState } from 'react';
import { useAuth } from '../../../app/auth';
import { OPERATORS_GROUP } from '../../../app/require-operator';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadingText } from '../../../components/loading-text';
import { TotpSetup } from '../../../components/totp-setup';
import { totpCopy as copy, totpErrors } from '../../../content/auth';
import { totpErrorMessage } from '../../../lib/totp-errors';

type State = 'checking' | 'on' | 'off' | 'settingUp' | 'error';

/**
 * Settings → Two-step sign-in (D28): a buyer may turn TOTP on (QR code, a code to confirm) and
 * off again. An operator keeps it on: the console needs it.
 */
export function TwoStepForm() {
  const { user } = useAuth();
  const [state, setState] = useState<State>('checking');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const operator = user?.groups.includes(OPERATORS_GROUP) ?? false;

  useEffect(() => {
    let cancelled = false;
    import('../../../lib/totp')
      .then((api) => api.totpEnabled())
      .then(
        (on) => !cancelled && setState(on ? 'on' : 'off'),
        () => !cancelled && setState('error'),
      );
    return () => {
      cancelled = true;
    };
  }, []);

  async function turnOff() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const api = await import('../../../lib/totp');
      await api.turnOffTotp();
      setState('off');
      setNotice({ tone: 'success', text: copy.turnedOff });
    } catch (caught) {
      setNotice({ tone: 'error', text: totpErrorMessage(caught) });
    }
    setBusy(false);
  }

  if (state === 'checking') return <LoadingText className="py-2">{copy.loading}</LoadingText>;
  if (state === 'error') return <Alert tone="error">{totpErrors.loadFailed}</Alert>;
  if (state === 'settingUp') {
    return (
      <TotpSetup
        accountName={user?.email ?? 'account'}
        onEnabled={() => {
          setState('on');
          setNotice({ tone: 'success', text: copy.enabled });
        }}
        onCancel={() => setState('off')}
      />
    );
  }
  return (
    <div className="space-y-4">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <p className="text-sm text-slate-700">{state === 'on' ? copy.statusOn : copy.statusOff}</p>
      {state === 'off' ? (
        <Button
          onClick={() => {
            setNotice(null);
            setState('settingUp');
          }}
        >
          {copy.setUp}
        </Button>
      ) : operator ? (
        <p className="text-sm text-slate-600">{copy.operatorsKeepIt}</p>
      ) : (
        <Button variant="secondary" disabled={busy} onClick={() => void turnOff()}>
          {busy ? copy.turningOff : copy.turnOff}
        </Button>
      )}
    </div>
  );
}
