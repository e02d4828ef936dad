import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

type AlertTone = 'success' | 'error' | 'info';

interface PendingAlert {
  message: string;
  tone: AlertTone;
  resolve: () => void;
}

/** Shows a message the user must acknowledge (the spec's "alert"); resolves when dismissed. */
export type ShowAlert = (message: string, tone?: AlertTone) => Promise<void>;

const AlertContext = createContext<ShowAlert | null>(null);

const toneStyles: Record<AlertTone, { ring: string; icon: string; label: string }> = {
  success: { ring: 'bg-green-100 text-green-700', icon: 'M5 13l4 4L19 7', label: 'Success' },
  error: { ring: 'bg-red-100 text-red-700', icon: 'M12 8v5m0 3h.01', label: 'Error' },
  info: { ring: 'bg-brand-100 text-brand-700', icon: 'M12 8h.01M12 11v5', label: 'Notice' },
};

export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<PendingAlert[]>([]);
  const showAlert = useCallback<ShowAlert>(
    (message, tone = 'info') =>
      new Promise<void>((resolve) => {
        setQueue((current) => [...current, { message, tone, resolve }]);
      }),
    [],
  );
  const current = queue[0];
  const dismiss = useCallback(() => {
    setQueue(([first, ...rest]) => {
      first?.resolve();
      return rest;
    });
  }, []);
  return (
    <AlertContext.Provider value={showAlert}>
      {children}
      {current ? <AlertDialog alert={current} onDismiss={dismiss} /> : null}
    </AlertContext.Provider>
  );
}

function AlertDialog({ alert, onDismiss }: { alert: PendingAlert; onDismiss: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    button.current?.focus();
    return () => previous?.focus?.();
  }, []);
  const style = toneStyles[alert.tone];
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="alert-dialog-title"
        aria-describedby="alert-dialog-message"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDismiss();
          // Keep focus on the only control while the dialog is open.
          if (event.key === 'Tab') {
            event.preventDefault();
            button.current?.focus();
          }
        }}
      >
        <div className="flex items-start gap-4">
          <span
            className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${style.ring}`}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              aria-hidden="true"
            >
              <path d={style.icon} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <div>
            <h2 id="alert-dialog-title" className="text-lg font-semibold text-slate-900">
              {style.label}
            </h2>
            <p id="alert-dialog-message" className="mt-1 text-slate-700">
              {alert.message}
            </p>
          </div>
        </div>
        <div className="mt-6 flex justify-end">
          <button
            ref={button}
            type="button"
            onClick={onDismiss}
            className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
          >
            OK
          </button>
        </div>
      </div>
    </div>
  );
}

export function useAlert(): ShowAlert {
  const showAlert = useContext(AlertContext);
  if (!showAlert) throw new Error('useAlert must be used inside <AlertProvider>');
  return showAlert;
}
