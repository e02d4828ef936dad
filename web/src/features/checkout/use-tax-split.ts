import { useEffect, useState } from 'react';
import type { QuoteRequestBody } from '@domain/api';
import type { QuoteTax } from '@domain/gst';
import { getTaxSplit } from './api/billing-api';

/**
 * The server's CGST + SGST or IGST split of the quote the page shows, once the buyer's state is
 * known (D10); undefined until it answers, and for a request it has not answered.
 */
export function useTaxSplit(
  request: (QuoteRequestBody & { billingState: string }) | undefined,
): QuoteTax | undefined {
  const key = request ? JSON.stringify(request) : '';
  const [answer, setAnswer] = useState<{ key: string; tax?: QuoteTax }>();

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    getTaxSplit(JSON.parse(key) as QuoteRequestBody & { billingState: string }).then(
      (tax) => !cancelled && setAnswer({ key, ...(tax ? { tax } : {}) }),
      // The plain "GST (18%)" row stays; the order's invoice splits it all the same.
      () => !cancelled && setAnswer({ key }),
    );
    return () => {
      cancelled = true;
    };
  }, [key]);

  return answer?.key === key ? answer.tax : undefined;
}
