import type { Payment } from '@domain/api';
import { formatInr } from '@domain/money';
import { dashboardCopy as copy } from '../../content/dashboard';
import { formatDate } from './format';
import { refundsCopy } from '../../content/refunds';
import { InvoiceDownload } from './invoice-download';
import { RefundStatus } from './refund-status';

export function PaymentsTable({ payments }: { payments: readonly Payment[] }) {
  if (payments.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {copy.paymentsEmpty}
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {copy.paymentColumns.date}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {copy.paymentColumns.plan}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {copy.paymentColumns.amount}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {copy.paymentColumns.status}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {copy.paymentColumns.invoice}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(payment.date)}</td>
              <td className="px-4 py-3">{payment.planName}</td>
              <td className="px-4 py-3 text-right tabular-nums">
                {formatInr(payment.amountPaise)}
              </td>
              <td className="px-4 py-3">
                {copy.paymentStatus[payment.status] ?? payment.status}
                {payment.refund ? (
                  <div className="mt-0.5 text-xs">
                    <RefundStatus refund={payment.refund} />
                  </div>
                ) : null}
              </td>
              <td className="px-4 py-3">
                {payment.invoiceNumber ? <InvoiceDownload number={payment.invoiceNumber} /> : null}
                {payment.creditNoteNumber ? (
                  <div className="mt-1">
                    <span className="text-xs text-slate-500">{refundsCopy.creditNote}</span>{' '}
                    <InvoiceDownload
                      number={payment.creditNoteNumber}
                      label={refundsCopy.downloadCreditNoteLabel(payment.creditNoteNumber)}
                    />
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
