import { useEffect, useId, useState } from 'react';
import type { Service, ServiceVps } from '@domain/services';
import { VPS_OS_IDS, VPS_OS_NAMES, type VpsOs } from '@domain/vps';
import { vpsCopy as copy } from '../../content/vps';
import { useCardAction } from '../../lib/use-card-action';
import { vpsApi } from './api/vps';
import { useReadOnlyDashboard } from './read-only';

/** How often a card whose server is being reinstalled asks how it stands. */
export const REINSTALL_POLL_MS = 5_000;

const BUTTON =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50 disabled:opacity-50';

/**
 * A VPS on its dashboard card (D24): IP, OS, hostname, power (as the service record last saw it),
 * how to log in, Start / Stop / Reboot, SSH keys, and Reinstall after typing the hostname. Each
 * action answers the service as it is now, which the card then shows. A reinstall takes minutes
 * (the server platform clones the system again): the card says "Reinstalling…", offers no other
 * change meanwhile, and asks every few seconds until the server runs the new system.
 */
export function VpsCard({
  serviceId,
  state,
  initial,
}: {
  serviceId: string;
  state: Service['state'];
  initial: ServiceVps;
}) {
  const [vps, setVps] = useState(initial);
  const { busy, error, act: attempt } = useCardAction(copy.couldNot);
  const [notice, setNotice] = useState<string | null>(null);
  const [keys, setKeys] = useState(initial.sshKeys.join('\n'));
  const [os, setOs] = useState<VpsOs>(initial.os);
  const [confirm, setConfirm] = useState('');
  const ids = { keys: useId(), os: useId(), confirm: useId() };
  const live = state === 'active' || state === 'grace' || state === 'setting_up';
  const made = Boolean(vps.ip);
  const readOnly = useReadOnlyDashboard();
  const reinstalling = vps.reinstalling;
  const usable = made && live && !reinstalling;

  // The power state as the server has it now (the dashboard's list reads the record only).
  useEffect(() => {
    if (!initial.ip || readOnly) return;
    let current = true;
    vpsApi.current(serviceId).then(
      ({ service }) => {
        if (current && service.vps) setVps(service.vps);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [serviceId, initial.ip, readOnly]);

  // Being reinstalled: asked again every few seconds until the new system runs.
  const reinstallingSince = reinstalling?.requestedAt;
  useEffect(() => {
    if (!reinstallingSince || readOnly) return;
    let current = true;
    const timer = setInterval(() => {
      vpsApi.current(serviceId).then(
        ({ service }) => {
          if (current && service.vps) setVps(service.vps);
        },
        () => undefined,
      );
    }, REINSTALL_POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [serviceId, reinstallingSince, readOnly]);

  async function act(run: () => Promise<{ service: Service }>, done?: string) {
    setNotice(null);
    await attempt(async () => {
      const { service } = await run();
      if (service.vps) {
        setVps(service.vps);
        setKeys(service.vps.sshKeys.join('\n'));
      }
      if (done) setNotice(done);
    });
  }

  const power = reinstalling
    ? copy.reinstallingPower(VPS_OS_NAMES[reinstalling.os])
    : vps.power === 'running'
      ? copy.running
      : vps.power === 'stopped'
        ? copy.stopped
        : copy.unknown;

  return (
    <section className="mt-4 border-t border-slate-100 pt-4" data-testid="vps-card">
      <h4 className="text-sm font-semibold text-slate-900">{copy.cardTitle}</h4>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{copy.hostname}</dt>
        <dd className="font-medium text-slate-800">{vps.hostname}</dd>
        <dt className="text-slate-500">{copy.os}</dt>
        <dd className="text-slate-800" data-testid="vps-os">
          {VPS_OS_NAMES[vps.os]}
        </dd>
        {made ? (
          <>
            <dt className="text-slate-500">{copy.ip}</dt>
            <dd className="font-mono text-slate-800" data-testid="vps-ip">
              {vps.ip}
            </dd>
            <dt className="text-slate-500">{copy.power}</dt>
            <dd className="text-slate-800" data-testid="vps-power">
              <span
                className={`mr-1.5 inline-block h-2 w-2 rounded-full ${reinstalling ? 'bg-amber-500' : vps.power === 'running' ? 'bg-green-600' : 'bg-slate-400'}`}
                aria-hidden
              />
              {power}
            </dd>
            {/* Mid-reinstall the old system's login no longer works: shown again once it runs. */}
            {vps.user && !reinstalling ? (
              <>
                <dt className="text-slate-500">{copy.login}</dt>
                <dd className="font-mono text-xs break-all text-slate-800">
                  ssh {vps.user}@{vps.ip}
                </dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      {!made ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="vps-waiting">
          {vps.waitsForKey ? copy.waitsForKey : copy.settingUp}
        </p>
      ) : null}
      {reinstalling ? (
        <p className="mt-2 text-sm text-slate-600" role="status" data-testid="vps-reinstalling">
          {copy.reinstallingNote(VPS_OS_NAMES[reinstalling.os])}
        </p>
      ) : null}
      {usable ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={BUTTON}
            disabled={busy || vps.power === 'running'}
            onClick={() => void act(() => vpsApi.power(serviceId, 'start'))}
          >
            {copy.start}
          </button>
          <button
            type="button"
            className={BUTTON}
            disabled={busy || vps.power === 'stopped'}
            onClick={() => void act(() => vpsApi.power(serviceId, 'stop'))}
          >
            {copy.stop}
          </button>
          <button
            type="button"
            className={BUTTON}
            disabled={busy}
            onClick={() => void act(() => vpsApi.power(serviceId, 'reboot'))}
            data-testid="vps-reboot"
          >
            {copy.reboot}
          </button>
          {busy ? <span className="self-center text-sm text-slate-500">{copy.busy}</span> : null}
        </div>
      ) : null}
      {live && !reinstalling ? (
        <div className="mt-4">
          <label htmlFor={ids.keys} className="block text-sm font-medium text-slate-800">
            {copy.keysTitle}
          </label>
          <textarea
            id={ids.keys}
            rows={3}
            spellCheck={false}
            value={keys}
            onChange={(event) => setKeys(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs text-slate-900"
            data-testid="vps-keys"
          />
          <p className="mt-1 text-xs text-slate-500">{copy.keysHint}</p>
          <button
            type="button"
            className={`${BUTTON} mt-2`}
            disabled={busy}
            onClick={() =>
              void act(
                () =>
                  vpsApi.setKeys(
                    serviceId,
                    keys
                      .split('\n')
                      .map((line) => line.trim())
                      .filter(Boolean),
                  ),
                copy.keysSaved,
              )
            }
          >
            {copy.keysSave}
          </button>
        </div>
      ) : null}
      {usable ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            {copy.reinstallTitle}
          </summary>
          <p className="mt-2 text-sm text-slate-600">{copy.reinstallWarning(vps.hostname)}</p>
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={ids.os} className="block text-xs text-slate-500">
                {copy.os}
              </label>
              <select
                id={ids.os}
                value={os}
                onChange={(event) => {
                  const chosen = VPS_OS_IDS.find((id) => id === event.target.value);
                  if (chosen) setOs(chosen);
                }}
                className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
              >
                {VPS_OS_IDS.map((id) => (
                  <option key={id} value={id}>
                    {VPS_OS_NAMES[id]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={ids.confirm} className="block text-xs text-slate-500">
                {copy.reinstallConfirmLabel}
              </label>
              <input
                id={ids.confirm}
                type="text"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={confirm}
                placeholder={vps.hostname}
                onChange={(event) => setConfirm(event.target.value)}
                className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                data-testid="vps-reinstall-confirm"
              />
            </div>
            <button
              type="button"
              className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-50"
              disabled={busy || confirm.trim().toLowerCase() !== vps.hostname}
              onClick={() =>
                // The card then says "Reinstalling…" (its own status line) until the new system runs.
                void act(() => vpsApi.reinstall(serviceId, os, confirm)).then(() => setConfirm(''))
              }
            >
              {copy.reinstallButton}
            </button>
          </div>
        </details>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-3 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
