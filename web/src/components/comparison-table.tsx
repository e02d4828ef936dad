import { Icon } from './marketing-icons';

export interface ComparisonTableProps {
  caption: string;
  columns: readonly { planId: string; label: string }[];
  rows: readonly { feature: string; values: readonly (boolean | string)[] }[];
  /** Column to highlight (the popular plan). */
  highlight?: string;
}

/** A feature-by-plan table; scrolls sideways on narrow screens instead of squashing. */
export function ComparisonTable({ caption, columns, rows, highlight }: ComparisonTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="px-5 py-4 font-semibold">
              Feature
            </th>
            {columns.map((column) => (
              <th
                key={column.planId}
                scope="col"
                className={`px-5 py-4 text-center font-semibold ${column.planId === highlight ? 'bg-brand-50 text-brand-800' : ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className="px-5 py-3.5 font-medium text-slate-800">
                {row.feature}
              </th>
              {row.values.map((value, index) => (
                <td
                  key={columns[index]?.planId ?? index}
                  className={`px-5 py-3.5 text-center text-slate-700 ${columns[index]?.planId === highlight ? 'bg-brand-50/60' : ''}`}
                >
                  <Cell value={value} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ value }: { value: boolean | string }) {
  if (value === true)
    return <Icon name="check" className="mx-auto h-5 w-5 text-green-700" title="Included" />;
  if (value === false)
    return <Icon name="cross" className="mx-auto h-5 w-5 text-slate-400" title="Not included" />;
  return <>{value}</>;
}
