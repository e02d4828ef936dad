export interface SpinnerProps {
  className?: string;
}

export function Spinner({ className = 'h-5 w-5' }: SpinnerProps) {
  return (
    <svg
      className={`animate-spin text-brand-600 ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export interface LoadingTextProps {
  children: string;
  className?: string;
}

/** A status line with a spinner, announced politely to screen readers. */
export function LoadingText({ children, className = '' }: LoadingTextProps) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 py-16 text-slate-600 ${className}`}
    >
      <Spinner />
      <span>{children}</span>
    </div>
  );
}
