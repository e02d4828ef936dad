import { useState } from 'react';
import type { Plan, Service } from '@domain/api';
import {
  domainPricePerYear,
  isDomainPlanId,
  parseDomainName,
  type DomainExtension,
} from '@domain/domain-names';
import { tierFeaturesGained, tierFeaturesLost } from '@domain/domain-tiers';
import { formatInr } from '@domain/money';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { changePlanCopy as copy } from '../../../content/change-plan';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api';
import { useCardAction } from '../../../lib/use-card-action';
import { chooseSmallerPlan, keepCurrentPlan } from '../api/change-plan-api';
import { formatDay } from '../renewal';

function extensionOf(domain: string | undefined): DomainExtension | undefined {
  try {
    return parseDomainName(domain).extension;
  } catch {
    return undefined;
  }
}

/** What a move from `from` to `to` on `date` takes away and brings, in the buyer's words. */
export function TierConsequences({ from, to, date }: { from: string; to: string; date: string }) {
  const lost = tierFeaturesLost(from, to);
  const gained = tierFeaturesGained(from, to);
  if (lost.length === 0 && gained.length === 0) return null;
  return (
    <ul
      className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700"
      data-testid="tier-consequences"
    >
      {lost.map((feature) => (
        <li key={feature} className="text-amber-900">
          {copy.tierLoses[feature](date)}
        </li>
      ))}
      {gained.map((feature) => (
        <li key={feature}>{copy.tierGains[feature](date)}</li>
      ))}
    </ul>
  );
}

/**
 * A domain's tier at its renewal (#29, D26): every other domain tier, larger or smaller, with its
 * yearly price for the name's extension; choosing one asks for a confirmation that says what the
 * registrar will take away on the day (privacy, DS records) and what comes with it. A choice made
 * is shown with the same words and can be taken back before its day.
 */
export function DomainTierChange({
  service,
  plans,
  onChanged,
}: {
  service: Service;
  plans: Plan[];
  onChanged: () => Promise<void>;
}) {
  const { busy, error, act: attempt } = useCardAction(NETWORK_ERROR_MESSAGE);
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const renewal = formatDay(service.renewalDate);
  const extension = extensionOf(service.domain);
  const tiers = plans.filter((p) => p.category === 'domain' && p.id !== service.planId);
  const pending = service.pendingPlan;

  const act = async (action: () => Promise<unknown>) => {
    if (busy) return;
    await attempt(async () => {
      await action();
      setConfirming(null);
      await onChanged();
    });
  };

  return (
    <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 className="text-xl font-semibold text-slate-900">{copy.tierTitle}</h2>
      <p className="mt-1 text-sm text-slate-600">{copy.tierIntro(renewal)}</p>
      {error ? (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {pending ? (
        <div className="mt-4" data-testid="pending-plan">
          <p className="text-sm font-medium text-slate-800">
            {copy.pendingNote(pending.planName, formatDay(pending.from))}
          </p>
          <TierConsequences
            from={service.planId}
            to={pending.planId}
            date={formatDay(pending.from)}
          />
          <Button
            className="mt-3"
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => void act(() => keepCurrentPlan(service.id))}
          >
            {busy ? copy.saving : copy.keepCurrent(service.name)}
          </Button>
        </div>
      ) : confirming ? (
        <div className="mt-4 rounded-xl border border-slate-200 p-4" data-testid="tier-confirm">
          <h3 className="font-semibold text-slate-900">
            {copy.confirmTitle(confirming.name, renewal)}
          </h3>
          <TierConsequences from={service.planId} to={confirming.id} date={renewal} />
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="accent"
              size="sm"
              disabled={busy}
              onClick={() => void act(() => chooseSmallerPlan(service.id, confirming.id))}
            >
              {busy ? copy.saving : copy.confirmTier(confirming.name)}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => setConfirming(null)}
            >
              {copy.notNow}
            </Button>
          </div>
        </div>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {tiers.map((plan) => (
            <li
              key={plan.id}
              className="flex flex-col justify-between gap-3 rounded-xl border border-slate-200 p-4"
            >
              <div>
                <p className="font-medium text-slate-900">{plan.name}</p>
                {extension && isDomainPlanId(plan.id) ? (
                  <p className="text-sm text-slate-600">
                    {copy.tierPrice(formatInr(domainPricePerYear(plan.id, extension)), extension)}
                  </p>
                ) : null}
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => setConfirming(plan)}
              >
                {copy.chooseTier(plan.name)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
