import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useAuth } from '../../app/auth';
import { Alert } from '../../components/alert';
import { Container } from '../../components/container';
import { LoadingText } from '../../components/loading-text';
import { totpCopy as copy, totpErrors } from '../../content/auth';
import { TotpSetup } from '../../components/totp-setup';

type GateState = 'checking' | 'on' | 'off' | 'error';

/**
 * The operators' console needs TOTP on the account (D28): every /api/admin route answers
 * 403 mfa_required without it. This gate checks the account's MFA settings first and, when TOTP is
 * off, walks the operator through setting it up (QR code, a code to confirm) before the console
 * opens. The API checks again on every call; this only spares the operator a console of refusals.
 */
export function OperatorTotpGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [state, setState] = useState<GateState>('checking');

  useEffect(() => {
    let cancelled = false;
    import('../../lib/totp')
      .then((api) => api.totpEnabled())
      .then(
        (on) => !cancelled && setState(on ? 'on' : 'off'),
        () => !cancelled && setState('error'),
      );
    return () => {
      cancelled = true;
    };
  }, []);

  if (state === 'on') return <>{children}</>;
  return (
    <div className="bg-slate-50">
      <Container className="py-8 sm:py-12">
        <div className="max-w-2xl">
          {state === 'checking' ? (
            <LoadingText className="py-8">{copy.loading}</LoadingText>
          ) : state === 'error' ? (
            <Alert tone="error">{totpErrors.loadFailed}</Alert>
          ) : (
            <section
              aria-labelledby="totp-setup-title"
              className="rounded-xl border border-slate-200 bg-white p-5 sm:p-8"
            >
              <h1
                id="totp-setup-title"
                className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
              >
                {copy.setupTitle}
              </h1>
              <p className="mt-2 text-slate-600">{copy.operatorIntro}</p>
              <div className="mt-6">
                <TotpSetup
                  accountName={user?.email ?? 'operator'}
                  onEnabled={() => setState('on')}
                />
              </div>
            </section>
          )}
        </div>
      </Container>
    </div>
  );
}
