import type { Service } from '@domain/services';
import { dashboardCopy as copy } from '../../../content/dashboard';
import { formatDate } from '../format';
import { StatusBadge } from './status-badge';

export function ServiceList({ services }: { services: readonly Service[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {services.map((service) => (
        <li
          key={service.id}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="service"
        >
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold text-slate-900">{service.name}</h3>
            <StatusBadge status={service.status} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {service.domain ? (
              <>
                <dt className="text-slate-500">{copy.domainLabel}</dt>
                <dd className="font-medium text-slate-800">{service.domain}</dd>
              </>
            ) : null}
            <dt className="text-slate-500">{copy.renewalLabel}</dt>
            <dd className="font-medium text-slate-800">{formatDate(service.renewalDate)}</dd>
            <dt className="text-slate-500">{copy.purchasedLabel}</dt>
            <dd className="text-slate-700">{formatDate(service.purchaseDate)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
