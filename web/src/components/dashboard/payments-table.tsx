import type { Payment } from '@domain/api';
import { formatInr } from '@domain/money';
import { dashboardCopy as copy } from '../../content/dashboard';
import { formatDate } from './format';
import { refundsCopy } from '../../content/refunds';
import { InvoiceDownload } from './invoice-download';
import { RefundStatus } from './refund-status';

const HEAD = 'px-4 py-3 font-semibold';

/**
 * One cell: on a phone a line of its own, its column's name (from data-label, drawn by CSS so the
 * cell's text stays the value) on the left and the value on the right; from sm up a table cell.
 */
const CELL =
  'flex items-baseline justify-between gap-4 px-4 py-1 text-right before:shrink-0 before:text-left before:font-medium before:text-slate-500 before:content-[attr(data-label)] sm:table-cell sm:py-3 sm:text-left sm:before:content-none';

export function PaymentsTable({ payments }: { payments: readonly Payment[] }) {
  if (payments.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {copy.paymentsEmpty}
      </p>
    );
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        {/* On a phone each payment is a stacked block with its own labels; the header row stays
            for screen readers only. From sm up it is an ordinary table. */}
        <thead className="sr-only bg-slate-50 text-slate-600 sm:not-sr-only">
          <tr>
            <th scope="col" className={HEAD}>
              {copy.paymentColumns.date}
            </th>
            <th scope="col" className={HEAD}>
              {copy.paymentColumns.plan}
            </th>
            <th scope="col" className={`${HEAD} sm:text-right`}>
              {copy.paymentColumns.amount}
            </th>
            <th scope="col" className={HEAD}>
              {copy.paymentColumns.status}
            </th>
            <th scope="col" className={HEAD}>
              {copy.paymentColumns.invoice}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 sm:table-row-group">
          {payments.map((payment) => (
            <tr key={payment.id} className="block py-2 sm:table-row sm:py-0">
              <td data-label={copy.paymentColumns.date} className={`${CELL} sm:whitespace-nowrap`}>
                {formatDate(payment.date)}
              </td>
              <td data-label={copy.paymentColumns.plan} className={CELL}>
                {payment.planName}
              </td>
              <td
                data-label={copy.paymentColumns.amount}
                className={`${CELL} tabular-nums sm:text-right`}
              >
                {formatInr(payment.amountPaise)}
              </td>
              <td data-label={copy.paymentColumns.status} className={CELL}>
                <div>
                  {copy.paymentStatus[payment.status] ?? payment.status}
                  {payment.refund ? (
                    <div className="mt-0.5 text-xs">
                      <RefundStatus refund={payment.refund} />
                    </div>
                  ) : null}
                </div>
              </td>
              {/* Empty for a payment without documents: on a phone then no line at all. */}
              <td
                data-label={copy.paymentColumns.invoice}
                className={`${CELL} empty:hidden sm:empty:table-cell`}
              >
                {payment.invoiceNumber || payment.creditNoteNumber ? (
                  <div>
                    {payment.invoiceNumber ? (
                      <InvoiceDownload number={payment.invoiceNumber} />
                    ) : null}
                    {payment.creditNoteNumber ? (
                      <div className="mt-1">
                        <span className="text-xs text-slate-500">{refundsCopy.creditNote}</span>{' '}
                        <InvoiceDownload
                          number={payment.creditNoteNumber}
                          label={refundsCopy.downloadCreditNoteLabel(payment.creditNoteNumber)}
                        />
                      </div>
                    ) : null}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
