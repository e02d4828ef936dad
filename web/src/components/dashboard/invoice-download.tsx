import { dashboardCopy as copy } from '../../content/dashboard';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { useCardAction } from '../../lib/use-card-action';
import { downloadInvoice } from './api/download-invoice';

/**
 * A payment's tax invoice number and its Download (D15): the PDF, saved as a file. The same for a
 * credit note (D16), named by `label`.
 */
export function InvoiceDownload({ number, label }: { number: string; label?: string }) {
  const { busy, error, act } = useCardAction(NETWORK_ERROR_MESSAGE);

  async function download() {
    if (busy) return;
    await act(() => downloadInvoice(number));
  }

  return (
    <div>
      <span className="font-mono text-xs whitespace-nowrap text-slate-700">{number}</span>{' '}
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        aria-label={label ?? copy.downloadInvoiceLabel(number)}
        className="font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline disabled:text-slate-500"
      >
        {busy ? copy.downloadingInvoice : copy.downloadInvoice}
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
