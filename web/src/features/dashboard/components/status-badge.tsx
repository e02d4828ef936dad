import { dashboardCopy as copy } from '../../../content/dashboard';

export function StatusBadge({ status }: { status: 'active' | 'expired' }) {
  const style = status === 'active' ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>
      {copy.statusLabel[status]}
    </span>
  );
}
