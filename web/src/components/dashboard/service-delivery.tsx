import { useState } from 'react';
import { deliveryModeOf } from '@domain/provisioning';
import { Button } from '../button';
import { dashboardCopy as copy } from '../../content/dashboard';
import { storageCopy } from '../../content/storage';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { controlPanelUrl } from './api/open-control-panel';
import type { ServiceCard } from './group-services';
import { serviceWords } from './status-badge';

const SETTING_UP = new Set(['pending', 'manual', 'failed']);
/** Only a service that should be serving now offers its control panel (D22). */
const LIVE = new Set<ServiceCard['state']>(['active', 'grace']);

/**
 * A service's delivery on its card (D18): "Setting up" while the panel account is being made or
 * an operator is on it, "Needs attention" once the panel refused (#26; still no error of the
 * buyer's: the operator fixes it), then how to reach
 * it, and for a ready hosting account that should be live (D22: active or in grace; never once
 * cancelled, suspended or ended) the single-use sign-in to its control panel.
 */
export function ServiceDelivery({ card }: { card: ServiceCard }) {
  const { provisioning } = card;
  const onPanel = deliveryModeOf(card.category) === 'panel';
  // An ended service is not being set up, whatever its record says (D22).
  if (card.state === 'ended' || card.state === 'removed') {
    if (provisioning.state !== 'ready' && provisioning.state !== 'suspended') return null;
  } else if (provisioning.state === 'failed' && provisioning.reason) {
    // A domain taken before it could be registered (D23): the card says why.
    return (
      <div className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
        {provisioning.reason}
      </div>
    );
  } else if (
    SETTING_UP.has(provisioning.state) &&
    (card.transfer?.state === 'requested' || card.transfer?.state === 'pending')
  ) {
    // A domain moving in (D23): the losing registrar decides, which takes days.
    return (
      <div className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" role="status">
        <span className="font-semibold">{copy.transferLabel}</span>{' '}
        {copy.transferWaiting(card.domain ?? '')}
        {card.transfer.detail ? (
          <span className="mt-1 block text-sky-800">
            {copy.transferRegistrarSays(card.transfer.detail)}
          </span>
        ) : null}
      </div>
    );
  } else if (SETTING_UP.has(provisioning.state)) {
    return (
      <div className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" role="status">
        <span className="font-semibold">
          {/* Its words while being made: Setting up, or Needs attention once refused (#26). */}
          {serviceWords({ ...card, state: 'setting_up' }).word}
        </span>{' '}
        {onPanel
          ? copy.settingUpPanel
          : card.category === 'storage'
            ? storageCopy.settingUp
            : copy.settingUpManual}
      </div>
    );
  }
  if (provisioning.state !== 'ready' && provisioning.state !== 'suspended') return null;
  // A storage service's access is its own card (storage-card.tsx, D24).
  if (card.category === 'storage' && card.storage) return null;
  const rows: [string, string][] = [
    ...(provisioning.username
      ? [[copy.accessLabels.username, provisioning.username] as [string, string]]
      : []),
    ...(provisioning.server
      ? [[copy.accessLabels.server, provisioning.server] as [string, string]]
      : []),
    ...(provisioning.nameservers?.length
      ? [[copy.accessLabels.nameservers, provisioning.nameservers.join(', ')] as [string, string]]
      : []),
    ...Object.entries(provisioning.details ?? {}),
  ];
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      {rows.length > 0 ? (
        <>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {copy.accessTitle}
          </h4>
          <dl
            className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
            data-testid="access-details"
          >
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium break-all text-slate-800">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {onPanel && provisioning.state === 'ready' && LIVE.has(card.state) ? (
        <OpenControlPanel card={card} />
      ) : null}
    </div>
  );
}

function OpenControlPanel({ card }: { card: ServiceCard }) {
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string>();
  const errorId = `panel-error-${card.id}`;

  async function open() {
    setError(undefined);
    setOpening(true);
    // Opened in the click itself, so that no popup blocker stops it, and pointed at the panel
    // once the single-use link is back; without the tab, this page goes there instead.
    const tab = window.open('', '_blank');
    try {
      const url = await controlPanelUrl(card.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (caught) {
      tab?.close();
      setError(caught instanceof ApiError ? caught.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setOpening(false);
    }
  }

  return (
    <div className="mt-3">
      <Button
        variant="primary"
        size="sm"
        onClick={() => void open()}
        disabled={opening}
        aria-label={copy.openPanelLabel(card.name)}
        aria-describedby={error ? errorId : undefined}
      >
        {opening ? copy.openingPanel : copy.openPanel}
      </Button>
      <p className="mt-1 text-xs text-slate-500">{copy.panelNote}</p>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
