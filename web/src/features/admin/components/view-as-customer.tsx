import { useState } from 'react';
import type { DashboardResponse } from '@domain/api';
import type { Category } from '@domain/plan';
import { Button } from '../../../components/button';
import { PaymentsTable } from '../../../components/dashboard/payments-table';
import { ReadOnlyDashboard } from '../../../components/dashboard/read-only';
import { ServiceList } from '../../../components/dashboard/service-list';
import { dashboardCopy } from '../../../content/dashboard';
import { getCustomerDashboard } from '../api/admin-api';
import { adminCopy } from '../copy';
import { useConsoleAction } from './use-load';

const copy = adminCopy.customers;
const CATEGORIES: readonly Category[] = ['domain', 'hosting', 'vps', 'storage', 'bundle'];

/**
 * "View as customer" (issue #27): the customer's services and payments with the buyer's own
 * dashboard components, from the dashboard their route builds, inside an `inert` region: an
 * operator sees the cards, states and buttons exactly as the buyer does, and can press none.
 */
export function ViewAsCustomer({ userId, email }: { userId: string; email: string }) {
  const [dashboard, setDashboard] = useState<DashboardResponse | null>(null);
  const [open, setOpen] = useState(false);
  const { busy, error, act } = useConsoleAction();

  async function show() {
    await act(async () => {
      setDashboard(await getCustomerDashboard(userId));
      setOpen(true);
    });
  }

  if (!open || !dashboard) {
    return (
      <p className="mt-4">
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void show()}>
          {copy.viewAs}
        </Button>
        {error ? <span role="alert"> {error}</span> : null}
      </p>
    );
  }
  return (
    <section
      aria-label={copy.viewAsTitle}
      className="mt-4 rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="font-semibold text-slate-900">{copy.viewAsTitle}</h4>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {copy.viewAsClose}
        </Button>
      </div>
      <p className="mt-1 text-slate-700">{copy.viewAsNote(email)}</p>
      <ReadOnlyDashboard.Provider value={true}>
        <div inert className="mt-4 space-y-6" data-testid="customer-view">
          {CATEGORIES.map((category) => {
            const services = dashboard.services.filter((s) => s.category === category);
            if (services.length === 0) return null;
            return (
              <div key={category}>
                <h5 className="mb-3 text-lg font-semibold text-slate-900">
                  {dashboardCopy.categoryTitle[category]}
                </h5>
                <ServiceList services={services} payments={dashboard.payments} />
              </div>
            );
          })}
          <div>
            <h5 className="mb-3 text-lg font-semibold text-slate-900">
              {dashboardCopy.paymentsTitle}
            </h5>
            <PaymentsTable payments={dashboard.payments} />
          </div>
        </div>
      </ReadOnlyDashboard.Provider>
    </section>
  );
}
