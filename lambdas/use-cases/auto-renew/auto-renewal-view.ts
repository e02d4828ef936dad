/** A service's auto-renew as the dashboard shows it (D25): its state, never its token. */
import { plannedDebitDate } from '../../domain/auto-renew';
import type { AutoRenewal } from '../../domain/services';
import type { AutoRenewRecord } from '../../ports/auto-renew';

export function autoRenewalOf(record: {
  renewalDate: string;
  autoRenew?: AutoRenewRecord;
}): AutoRenewal | undefined {
  const auto = record.autoRenew;
  if (!auto) return undefined;
  const view: AutoRenewal = { pending: !auto.enabled && auto.pendingOrderId !== undefined };
  if (auto.mandate) {
    view.mandate = {
      method: auto.mandate.method,
      label: auto.mandate.label,
      status: auto.mandate.status,
      maxAmountPaise: auto.mandate.maxAmountPaise,
    };
  }
  if (auto.enabled && auto.mandate?.status === 'confirmed') {
    const cycle = auto.cycle?.renewalDate === record.renewalDate ? auto.cycle : undefined;
    view.nextDebitOn = (
      cycle?.noticeSentAt
        ? new Date(Date.parse(cycle.noticeSentAt) + 24 * 60 * 60 * 1000)
        : plannedDebitDate(new Date(record.renewalDate))
    ).toISOString();
    if (cycle?.noticeAmountPaise !== undefined) view.nextDebitAmountPaise = cycle.noticeAmountPaise;
  }
  return view;
}
