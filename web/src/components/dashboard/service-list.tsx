import type { CancelServiceResponse, Payment, Service } from '@domain/api';
import { DomainCard } from './domain-card';
import { ChooseDomain } from './choose-domain';
import { bundleCopy } from '../../content/bundles';
import { VpsCard } from './vps-card';
import { StorageCard } from './storage-card';
import { BundleParts } from './bundle-card';
import { supportTicketsCopy } from '../../content/support-tickets';
import { formatInr } from '@domain/money';
import { expiresSoon, renewalCheckoutPath } from '@domain/renewal-schedule';
import { ButtonLink } from '../button';
import { dashboardCopy as copy } from '../../content/dashboard';
import { formatDate } from './format';
import { groupServices, type ServiceCard } from './group-services';
import { AutoRenewControl } from './auto-renew-control';
import { CancelService } from './cancel-service';
import { RefundStatus } from './refund-status';
import { ServiceDelivery } from './service-delivery';

const freeDomainIntro = bundleCopy.choose.freeIntro;
import { serviceWords, StatusBadge } from './status-badge';

/** The card's status in the buyer's words (#26); an active service near its date says so. */
function RenewalBadges({ card }: { card: ServiceCard }) {
  const soon = expiresSoon(
    { status: card.status, renewalDate: card.renewalDate, lastPaidAt: card.lastPurchaseDate },
    new Date(),
  );
  return (
    <span className="flex flex-wrap justify-end gap-1.5">
      {soon && !card.suspended ? (
        <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {copy.expiresSoon}
        </span>
      ) : null}
      <StatusBadge words={serviceWords(card)} testId="service-status" />
    </span>
  );
}

/** Renew (D14): the days left while active; for a suspended service, the one thing to do. */
function RenewalAction({ card }: { card: ServiceCard }) {
  if (!card.renewable) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {card.suspended ? (
        <p className="w-full text-sm text-red-800">{copy.suspendedNote}</p>
      ) : card.status === 'active' ? (
        <p className="text-sm text-slate-600" data-testid="days-left">
          {copy.daysLeft(card.daysLeft)}
        </p>
      ) : null}
      <ButtonLink
        // A smaller plan chosen for the renewal is what the renewal buys (D26).
        to={renewalCheckoutPath(
          card.pendingPlan ? { ...card, planId: card.pendingPlan.planId } : card,
        )}
        variant={card.suspended || card.status !== 'active' ? 'accent' : 'secondary'}
        size="sm"
        aria-label={copy.renewLabel(card.name)}
      >
        {copy.renew}
      </ButtonLink>
    </div>
  );
}

const getHelpLabel = supportTicketsCopy.getHelp;

/**
 * D26: Change plan on a live service, and a smaller plan chosen for the renewal; a domain's tier
 * is chosen the same way, for its renewal (#29).
 */
function PlanChange({ card }: { card: ServiceCard }) {
  const changeable = card.state === 'active' && !card.suspended;
  if (!changeable && !card.pendingPlan) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
      {card.pendingPlan ? (
        <p className="text-sm text-slate-700" data-testid="pending-plan">
          {copy.pendingPlan(card.pendingPlan.planName, formatDate(card.pendingPlan.from))}
        </p>
      ) : (
        <span />
      )}
      {changeable ? (
        <ButtonLink
          to={`/change-plan?service=${encodeURIComponent(card.id)}`}
          variant="secondary"
          size="sm"
          aria-label={copy.changePlanLabel(card.name)}
        >
          {copy.changePlan}
        </ButtonLink>
      ) : null}
    </div>
  );
}

/** One card per held service, with its payments inside (not one card per payment). */
export function ServiceList({
  services,
  payments,
  onCancelled = () => undefined,
  onChanged = () => undefined,
  onGetHelp,
}: {
  services: readonly Service[];
  payments: readonly Payment[];
  /** A service was cancelled for a refund (D16): the dashboard reads itself again. */
  onCancelled?: (answer: CancelServiceResponse) => void;
  /** Auto-renew was turned on or off (D25): the dashboard reads itself again. */
  onChanged?: () => void;
  /** Opens a support ticket about this service (D27). */
  onGetHelp?: (serviceId: string) => void;
}) {
  const cards = groupServices(services, payments);
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {cards.map((card) => (
        <li
          key={card.key}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="service"
        >
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold text-slate-900">
              {card.name}
              {card.planUpdating ? (
                <span
                  className="ml-2 inline-flex rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900"
                  title={copy.planUpdatingNote}
                  data-testid="plan-updating"
                >
                  {copy.planUpdating}
                </span>
              ) : null}
            </h3>
            <RenewalBadges card={card} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {card.domain ? (
              <>
                <dt className="text-slate-500">{copy.domainLabel}</dt>
                <dd className="font-medium text-slate-800">{card.domain}</dd>
              </>
            ) : null}
            {card.freeDomain ? (
              <>
                <dt className="text-slate-500">{copy.freeDomainLabel}</dt>
                <dd className="text-slate-800 wrap-anywhere" data-testid="free-domain">
                  {copy.freeDomainValue(card.freeDomain)}
                </dd>
              </>
            ) : null}
            <dt className="text-slate-500">{copy.renewalLabel}</dt>
            <dd className="font-medium text-slate-800">{formatDate(card.renewalDate)}</dd>
            <dt className="text-slate-500">{copy.purchasedLabel}</dt>
            <dd className="text-slate-700">{formatDate(card.firstPurchaseDate)}</dd>
          </dl>
          {/* A VPS's server card (D24) says all of its delivery: set-up, address, login. */}
          {card.category === 'vps' && card.vps ? null : <ServiceDelivery card={card} />}
          {card.chooseDomain ? (
            <ChooseDomain partId={card.id} onChosen={onChanged} intro={freeDomainIntro} />
          ) : null}
          {card.category === 'domain' && card.domain && card.provisioning?.state === 'ready' ? (
            <DomainCard domain={card.domain} />
          ) : null}
          {card.category === 'vps' && card.vps ? (
            <VpsCard serviceId={card.id} state={card.state} initial={card.vps} />
          ) : null}
          {card.category === 'storage' &&
          card.storage &&
          card.state !== 'ended' &&
          card.state !== 'removed' ? (
            <StorageCard
              serviceId={card.id}
              storage={card.storage}
              live={
                (card.state === 'active' || card.state === 'grace') &&
                card.provisioning.state === 'ready'
              }
            />
          ) : null}
          {card.category === 'bundle' ? <BundleParts card={card} onChanged={onChanged} /> : null}
          <RenewalAction card={card} />
          <PlanChange card={card} />
          <AutoRenewControl card={card} onChanged={onChanged} />
          <CancelService card={card} onCancelled={onCancelled} />
          {onGetHelp ? (
            <button
              type="button"
              onClick={() => onGetHelp(card.id)}
              className="mt-3 text-sm font-medium text-brand-700 hover:underline"
            >
              {getHelpLabel}
            </button>
          ) : null}
          {card.payments.length > 0 ? (
            <div className="mt-4 border-t border-slate-100 pt-3">
              <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {copy.servicePaymentsTitle}
              </h4>
              <ul
                className="mt-2 space-y-1 text-sm"
                aria-label={copy.servicePaymentsLabel(card.name)}
              >
                {card.payments.map((payment) => (
                  <li key={payment.id} className="flex justify-between gap-4">
                    <span className="text-slate-700">{formatDate(payment.date)}</span>
                    <span className="text-slate-800 tabular-nums">
                      {copy.paidAmount(formatInr(payment.amountPaise))}
                      {payment.refund ? (
                        <span className="ml-2">
                          <RefundStatus refund={payment.refund} />
                        </span>
                      ) : null}
                      {payment.status === 'paid' ? null : (
                        <span className="ml-2 text-slate-500">
                          {copy.paymentStatus[payment.status] ?? payment.status}
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
