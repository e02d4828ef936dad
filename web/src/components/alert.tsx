import type { ReactNode } from 'react';

export type AlertTone = 'info' | 'success' | 'error' | 'warning';

const tones: Record<AlertTone, string> = {
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

export interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}

/** An in-page message. Errors are announced at once (role alert), others politely (role status). */
export function Alert({ tone = 'info', children, className = '' }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
