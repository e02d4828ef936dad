import { lazy, Suspense, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { RevenueReport } from '@domain/revenue';
import { formatInr } from '@domain/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { getGstr1, getRevenue, getRevenueCsv } from '../api/admin-api';
import { adminCopy } from '../copy';
import { ScreenSection } from './screen-parts';
import { useConsoleAction } from './use-load';

const copy = adminCopy.reports;
// The chart's module is fetched only when a report is shown, within the console's own chunk.
const RevenueChart = lazy(() => import('./revenue-chart'));

function istToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Revenue for any range (chart, table, CSV) and GSTR-1 for a month (JSON or CSV zip). */
export function ReportsScreen() {
  const today = istToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [report, setReport] = useState<RevenueReport | null>(null);
  const [period, setPeriod] = useState(today.slice(0, 7));
  const { busy, error, act: run } = useConsoleAction();
  const ids = { from: useId(), to: useId(), period: useId() };

  const show = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setReport(await getRevenue(from, to)));
  };

  return (
    <ScreenSection id="admin-reports-title" title={copy.title} intro={copy.intro}>
      <form onSubmit={show} className="mt-4 flex flex-wrap items-end gap-3">
        <DateField id={ids.from} label={copy.from} value={from} onChange={setFrom} />
        <DateField id={ids.to} label={copy.to} value={to} onChange={setTo} />
        <Button type="submit" disabled={busy}>
          {copy.show}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(async () =>
              save(await getRevenueCsv(from, to), `revenue-${from}-to-${to}.csv`),
            )
          }
        >
          {copy.csv}
        </Button>
      </form>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      {report ? <Revenue report={report} /> : null}

      <h3 className="mt-10 text-lg font-semibold text-slate-900">{copy.gstr1Title}</h3>
      <p className="mt-1 text-sm text-slate-600">{copy.gstr1Intro}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={ids.period} className="block text-sm font-medium text-slate-800">
            {copy.period}
          </label>
          <input
            id={ids.period}
            type="month"
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
        </div>
        <Button
          disabled={busy}
          onClick={() =>
            void run(async () => save(await getGstr1(period, 'json'), `GSTR1-${period}.json`))
          }
        >
          {copy.gstr1Json}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(async () => save(await getGstr1(period, 'csv'), `GSTR1-${period}.zip`))
          }
        >
          {copy.gstr1Csv}
        </Button>
      </div>
    </ScreenSection>
  );
}

function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
    </div>
  );
}

function Revenue({ report }: { report: RevenueReport }) {
  const t = report.totals;
  const gst = t.cgstPaise + t.sgstPaise + t.igstPaise;
  return (
    <div className="mt-6">
      <dl className="grid gap-3 text-sm sm:grid-cols-4">
        <Figure label={copy.gross} value={formatInr(t.grossPaise)} />
        <Figure label={copy.refunds} value={formatInr(t.refundsPaise)} />
        <Figure label={copy.gst} value={formatInr(gst)} />
        <Figure label={copy.net} value={formatInr(t.netPaise)} />
      </dl>
      <p className="mt-2 text-sm text-slate-600">
        {copy.split(t.newCount, t.renewalCount, t.planChangeCount)} ·{' '}
        {copy.gstSplit(formatInr(t.cgstPaise), formatInr(t.sgstPaise), formatInr(t.igstPaise))}
      </p>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-3">
        <Suspense fallback={<p className="text-sm text-slate-600">{adminCopy.loading}</p>}>
          <RevenueChart
            rows={report.rows}
            from={report.from}
            to={report.to}
            label={copy.chartLabel(report.from, report.to)}
          />
        </Suspense>
        <p className="mt-1 text-xs text-slate-600">{copy.legend}</p>
      </div>
      {report.rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{copy.empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                {copy.columns.map((c) => (
                  <th key={c} className="px-2 py-1 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {report.rows.map((row) => (
                <tr key={`${row.date}|${row.category}`} className="border-t border-slate-200">
                  <td className="px-2 py-1">{row.date}</td>
                  <td className="px-2 py-1">{row.category}</td>
                  <td className="px-2 py-1">{formatInr(row.grossPaise)}</td>
                  <td className="px-2 py-1">{formatInr(row.refundsPaise)}</td>
                  <td className="px-2 py-1">
                    {formatInr(row.cgstPaise + row.sgstPaise + row.igstPaise)}
                  </td>
                  <td className="px-2 py-1">{formatInr(row.netPaise)}</td>
                  <td className="px-2 py-1">
                    {row.newCount} / {row.renewalCount} / {row.planChangeCount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
