import { formatInr } from '@domain/money';

export interface PriceProps {
  /** Integer paise (D12). */
  paise: number;
  /** Shown after the amount, e.g. "/mo". */
  suffix?: string;
  className?: string;
}

/** An amount in rupees through the one en-IN formatter (₹1,23,456.00). */
export function Price({ paise, suffix, className }: PriceProps) {
  return (
    <span className={className}>
      {formatInr(paise)}
      {suffix ? <span className="text-[0.6em] font-medium text-slate-500">{suffix}</span> : null}
    </span>
  );
}
