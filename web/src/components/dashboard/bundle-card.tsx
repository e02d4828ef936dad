import { bundleCopy as copy } from '../../content/bundles';
import { dashboardCopy } from '../../content/dashboard';
import type { ServiceCard } from './group-services';
import { DomainCard } from './domain-card';
import { StorageCard } from './storage-card';
import { VpsCard } from './vps-card';
import { ChooseDomain } from './choose-domain';
import { serviceWords, StatusBadge } from './status-badge';

/**
 * A bundle's parts on its card (D24): each part with its state in words and the same controls as
 * the card of its kind (the domain's settings, the storage keys, the VPS's power and keys), each
 * acting on the part's own id. The hosting part's access is the card's own (ServiceDelivery).
 * After the bundle changed plan (D26) each part shows its new plan at once, "Updating…" until its
 * provider has it.
 */
export function BundleParts({
  card,
  onChanged = () => undefined,
}: {
  card: ServiceCard;
  /** After the buyer chose the bundle's domain: the dashboard reads itself again. */
  onChanged?: () => void;
}) {
  const parts = card.parts ?? [];
  if (parts.length === 0) return null;
  const live = card.state === 'active' || card.state === 'grace';
  return (
    <section className="mt-4 border-t border-slate-100 pt-3" data-testid="bundle-parts">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {copy.partsTitle}
      </h4>
      <ul className="mt-2 space-y-4">
        {parts.map((part) => (
          <li key={part.id + part.kind} data-testid={`bundle-part-${part.kind}`}>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">
                {copy.kinds[part.kind]}: {part.name}
                {part.kind === 'domain' && part.domain ? (
                  <span className="text-slate-600"> ({part.domain})</span>
                ) : null}
                {part.planUpdating ? (
                  <span
                    className="ml-2 inline-flex rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900"
                    title={dashboardCopy.planUpdatingNote}
                    data-testid="part-updating"
                  >
                    {dashboardCopy.planUpdating}
                  </span>
                ) : null}
              </span>
              <StatusBadge
                words={serviceWords({ ...card, provisioning: part.provisioning })}
                testId="part-state"
              />
            </div>
            {part.state === 'failed' ? (
              <p className="mt-1 text-sm text-amber-900" role="status">
                {part.provisioning.reason ?? copy.failedNote}
              </p>
            ) : null}
            {part.kind === 'domain' && part.domain && part.state === 'ready' ? (
              <DomainCard domain={part.domain} />
            ) : null}
            {/* Bought with its domain left empty, or its name taken meanwhile: chosen here (D24). */}
            {part.kind === 'domain' &&
            (!part.domain || part.chooseDomain) &&
            (live || card.state === 'setting_up') ? (
              <ChooseDomain partId={part.id} onChosen={onChanged} />
            ) : null}
            {part.kind === 'vps' && part.vps ? (
              <VpsCard serviceId={part.id} state={card.state} initial={part.vps} />
            ) : null}
            {part.kind === 'storage' &&
            part.storage &&
            card.state !== 'ended' &&
            card.state !== 'removed' ? (
              <StorageCard
                serviceId={part.id}
                storage={part.storage}
                live={live && part.state === 'ready'}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
