import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Service } from '@domain/api';
import { Button, ButtonLink } from '../../components/button';
import { Container } from '../../components/container';
import { autoRenewCopy } from '../../content/auto-renew';
import { ApiError, apiPost, NETWORK_ERROR_MESSAGE } from '../../lib/api';

const copy = autoRenewCopy.page;

function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
}

/**
 * The pre-debit notice's one-click opt-out (D25): the link opens this page, and its one button
 * turns auto-renew off (a mail scanner that opens the link changes nothing). No sign-in: the
 * link's token is signed, single-purpose and expiring.
 */
export function AutoRenewOffPage() {
  const [params] = useSearchParams();
  // The page is prerendered without the link's token: read it once hydrated, so that the first
  // render matches the server's HTML.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const token = hydrated ? (params.get('t') ?? '') : null;
  const [phase, setPhase] = useState<'idle' | 'working' | 'done'>('idle');
  const [message, setMessage] = useState<string | null>(null);

  async function turnOff() {
    setPhase('working');
    setMessage(null);
    try {
      const { service } = await apiPost<{ service: Service }>('/auto-renew/off', {
        token: token ?? '',
      });
      setPhase('done');
      setMessage(
        copy.done(
          service.domain ? `${service.name} (${service.domain})` : service.name,
          formatDate(service.renewalDate),
        ),
      );
    } catch (error) {
      setPhase('idle');
      setMessage(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);
    }
  }

  return (
    <Container className="max-w-xl py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{copy.title}</h1>
      {phase === 'done' ? (
        <p role="status" className="mt-4 text-green-800">
          {message}
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-700">{token === '' ? copy.missing : copy.body}</p>
          {message ? (
            <p role="alert" className="mt-4 text-red-700">
              {message}
            </p>
          ) : null}
          {token !== '' ? (
            <Button
              variant="primary"
              size="lg"
              className="mt-6"
              disabled={!token || phase === 'working'}
              onClick={() => void turnOff()}
            >
              {phase === 'working' ? copy.working : copy.button}
            </Button>
          ) : null}
        </>
      )}
      <div className="mt-8">
        <ButtonLink to="/dashboard" variant="secondary">
          {copy.dashboard}
        </ButtonLink>
      </div>
    </Container>
  );
}
