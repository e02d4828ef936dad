import { Link } from 'react-router';
import { formatInr } from '@domain/money';
import { LoadingText } from '../../../components/loading-text';
import { getToday } from '../api/admin-api';
import { adminCopy } from '../copy';
import { LoadFailed } from './load-failed';
import { ScreenSection } from './screen-parts';
import { useLoad } from './use-load';

const copy = adminCopy.today;

/** India's day so far: money in and out (₹, by the domain's formatInr), new services, what waits. */
export function TodayScreen() {
  const { state, reload } = useLoad(getToday, 'today', adminCopy.loadFailed);
  if (state.status === 'loading') return <LoadingText>{adminCopy.loading}</LoadingText>;
  if (state.status === 'error') return <LoadFailed message={state.message} onRetry={reload} />;
  const today = state.data;
  const categories = Object.entries(today.newServices.byCategory)
    .map(([category, count]) => `${count} ${category}`)
    .join(', ');
  return (
    <ScreenSection id="admin-today-title" title={copy.title} intro={copy.day(today.day)}>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Tile label={copy.payments} value={formatInr(today.payments.totalPaise)}>
          {today.payments.count}
        </Tile>
        <Tile label={copy.refunds} value={formatInr(today.refunds.totalPaise)}>
          {copy.refundsBy(today.refunds.count, today.refunds.byOrigin)}
        </Tile>
        <Tile label={copy.newServices} value={String(today.newServices.count)}>
          {categories ? `${categories} · ` : ''}
          {copy.sales(today.sales.renewal, today.sales.planChange)}
        </Tile>
        <Tile label={copy.inReview} value={String(today.inReview)}>
          <Link to="/admin/orders" className="text-brand-700 underline">
            {copy.open}
          </Link>
        </Tile>
        <Tile label={copy.stuck} value={String(today.stuck)}>
          {today.outOfStep ? `${copy.outOfStep(today.outOfStep)} · ` : null}
          <Link to="/admin/stuck" className="text-brand-700 underline">
            {copy.open}
          </Link>
        </Tile>
      </dl>
    </ScreenSection>
  );
}

function Tile({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {children ? <dd className="mt-1 text-sm text-slate-600">{children}</dd> : null}
    </div>
  );
}
