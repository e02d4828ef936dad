import type { RevenueRow } from '@domain/revenue';
import { formatInr } from '@domain/money';

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 72 };

/** A day's gross and refunds, summed over its categories. */
interface Day {
  date: string;
  grossPaise: number;
  refundsPaise: number;
}

export function daysOf(rows: readonly RevenueRow[], from: string, to: string): Day[] {
  const byDate = new Map<string, Day>();
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`);
    t += 86_400_000
  ) {
    const date = new Date(t).toISOString().slice(0, 10);
    byDate.set(date, { date, grossPaise: 0, refundsPaise: 0 });
  }
  for (const row of rows) {
    const day = byDate.get(row.date);
    if (!day) continue;
    day.grossPaise += row.grossPaise;
    day.refundsPaise += row.refundsPaise;
  }
  return [...byDate.values()];
}

/**
 * Gross per day as bars, refunds as a darker bar below each, plain SVG (no chart library): a
 * scale of whole rupees, the first and last dates under the axis, every bar titled for a reader.
 */
export default function RevenueChart({
  rows,
  from,
  to,
  label,
}: {
  rows: readonly RevenueRow[];
  from: string;
  to: string;
  label: string;
}) {
  const days = daysOf(rows, from, to);
  const top = Math.max(100, ...days.map((d) => Math.max(d.grossPaise, d.refundsPaise)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, days.length);
  const barW = Math.max(2, Math.min(24, step * 0.7));
  const y = (paise: number) => PAD.top + plotH - (paise / top) * plotH;
  const ticks = [0, 0.5, 1].map((f) => Math.round(top * f));
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="h-auto w-full"
      data-testid="revenue-chart"
    >
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(t)}
            y2={y(t)}
            stroke="#e2e8f0"
            strokeWidth={1}
          />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="#475569">
            {formatInr(t).replace(/\.00$/, '')}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        const x = PAD.left + i * step + (step - barW) / 2;
        return (
          <g key={d.date}>
            <title>{`${d.date}: ${formatInr(d.grossPaise)} invoiced, ${formatInr(d.refundsPaise)} refunded`}</title>
            <rect
              x={x}
              y={y(d.grossPaise)}
              width={barW}
              height={PAD.top + plotH - y(d.grossPaise)}
              fill="#2563eb"
              rx={2}
            />
            {d.refundsPaise > 0 ? (
              <rect
                x={x + barW / 4}
                y={y(d.refundsPaise)}
                width={barW / 2}
                height={PAD.top + plotH - y(d.refundsPaise)}
                fill="#dc2626"
              />
            ) : null}
          </g>
        );
      })}
      <text x={PAD.left} y={HEIGHT - 10} fontSize={11} fill="#475569">
        {from}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 10} fontSize={11} fill="#475569" textAnchor="end">
        {to}
      </text>
    </svg>
  );
}
