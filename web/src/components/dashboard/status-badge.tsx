import type { Service } from '@domain/api';
import { dashboardCopy as copy } from '../../content/dashboard';

const STYLES: Record<Service['status'], string> = {
  active: 'bg-green-100 text-green-800',
  expired: 'bg-slate-200 text-slate-700',
  // Ended by the buyer with a refund (D16).
  cancelled: 'bg-red-100 text-red-800',
};

export function StatusBadge({ status }: { status: Service['status'] }) {
  const style = STYLES[status];
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>
      {copy.statusLabel[status]}
    </span>
  );
}
