/**
 * The converge Lambda (D22): EventBridge's PurchaseCompleted (real-shaped, from events/) in, the
 * service delivered once; ServiceChanged converges the named service; a malformed detail is
 * thrown (retried, then dead-lettered), never dropped, and logged by field names only.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import type { PurchaseCompletedDetail } from '../../../../lambdas/domain/api';
import type { Months } from '../../../../lambdas/domain/pricing';
import { whmUsernameFor } from '../../../../lambdas/domain/provisioning';
import { MalformedPurchaseCompletedError } from '../../../../lambdas/handlers/deps/purchase-completed';
import { makeHandler } from '../../../../lambdas/handlers/provision-service';
import { ProvisionerUnavailableError } from '../../../../lambdas/ports/provisioning';
import { serviceIdFor } from '../../../../lambdas/use-cases/extend-service';
import { InMemoryPanel, InMemoryProvisioningRecords } from '../../../helpers/fakes/provisioning';
import {
  InMemoryUsersStore,
  RecordingEventPublisher,
  RecordingLog,
  RecordingMailer,
} from '../../../helpers/fakes/stores';

type Event = EventBridgeEvent<'PurchaseCompleted', unknown>;

const SITE_URL = 'https://store.example.in';
const PANEL_URL = 'https://server1.example.in:2083';

let records: InMemoryProvisioningRecords;
let panel: InMemoryPanel;
let events: RecordingEventPublisher;
let mailer: RecordingMailer;
let log: RecordingLog;
let handler: ReturnType<typeof makeHandler>;

/** The sample event as fulfilment publishes it now: naming its service, which it wrote first. */
function purchaseCompleted(changes: Partial<PurchaseCompletedDetail> = {}): Event {
  const event = loadEvent<Event & { detail: PurchaseCompletedDetail }>(
    'eventbridge/purchase-completed.json',
  );
  const detail = { ...event.detail, domain: 'ashaverma.in', ...changes };
  detail.serviceId ??= serviceIdFor(detail.userId, detail);
  records.services.items.set(`${detail.userId}#${detail.serviceId}`, {
    userId: detail.userId,
    serviceId: detail.serviceId,
    planId: detail.planId,
    planName: detail.planName,
    category: detail.category,
    domain: 'ashaverma.in',
    renewalDate: detail.renewalDate,
    version: 1,
    periods: {
      [detail.purchaseId]: {
        purchaseId: detail.purchaseId,
        paymentId: detail.paymentId,
        purchaseDate: detail.purchaseDate,
        startDate: detail.purchaseDate,
        renewalDate: detail.renewalDate,
        months: detail.months as Months,
        amountPaise: detail.amountPaise,
      },
    },
    createdAt: detail.purchaseDate,
    updatedAt: detail.purchaseDate,
  });
  return { ...event, detail };
}

beforeEach(() => {
  records = new InMemoryProvisioningRecords();
  panel = new InMemoryPanel();
  events = new RecordingEventPublisher();
  mailer = new RecordingMailer();
  log = new RecordingLog();
  handler = makeHandler({
    records,
    services: records.services,
    users: new InMemoryUsersStore(),
    panel,
    announce: (detail) => events.publish('ServiceProvisioned', detail),
    mailer,
    siteUrl: () => SITE_URL,
    placeholderDomain: () => 'sites.example.in',
    panelUrl: () => PANEL_URL,
    log,
    now: () => new Date('2026-11-22T02:02:06.000Z'),
  });
});

describe('provisionService handler', () => {
  it('creates the hosting account, announces ServiceProvisioned and mails the buyer', async () => {
    const event = purchaseCompleted();
    const { serviceId, userId } = event.detail as PurchaseCompletedDetail & { serviceId: string };

    const result = await handler(event);

    const username = whmUsernameFor(serviceId, 'ashaverma.in');
    expect(result).toEqual({
      outcome: 'in_step',
      desired: 'active',
      actual: 'live',
      actions: ['deliver:provisioned'],
    });
    expect([...panel.accounts.keys()]).toEqual([username]);
    expect(records.stored(userId, serviceId)).toMatchObject({ state: 'ready', username });
    expect(events.events).toEqual([
      {
        detailType: 'ServiceProvisioned',
        detail: expect.objectContaining({ serviceId, username, panelUrl: PANEL_URL }),
      },
    ]);
    expect(mailer.sent.map((mail) => mail.subject)).toEqual(['Your Basic Hosting is ready']);
  });

  it('a second event for the same purchase (verify and the webhook) creates nothing more', async () => {
    const event = purchaseCompleted();
    await handler(event);

    const again = await handler({ ...event, id: 'c2a1e0f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b' });

    expect(again).toMatchObject({ outcome: 'in_step', actions: [] });
    expect(panel.createCalls).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('a VPS waits for an operator: no panel call, no mail here', async () => {
    const result = await handler(
      purchaseCompleted({ planId: 'basicvps', planName: 'Basic VPS', category: 'vps' }),
    );

    expect(result).toMatchObject({
      outcome: 'in_step',
      desired: 'setting_up',
      actual: 'absent',
      actions: ['deliver:manual'],
    });
    expect(panel.calls).toBe(0);
    expect(mailer.sent).toEqual([]);
  });

  it('WHM down: throws for the bus to retry, and the service stays pending', async () => {
    const event = purchaseCompleted();
    const { serviceId, userId } = event.detail as PurchaseCompletedDetail & { serviceId: string };
    panel.down = true;

    await expect(handler(event)).rejects.toBeInstanceOf(ProvisionerUnavailableError);

    expect(records.stored(userId, serviceId)).toMatchObject({ state: 'pending' });
    expect(records.stored(userId, serviceId)?.claim).toBeUndefined();
    // Recorded out of step, with the panel's error, for the reconciler and the console.
    const service = await records.services.getService(userId, serviceId);
    expect(service?.life).toMatchObject({
      desired: 'setting_up',
      actual: 'absent',
      outOfStepSince: '2026-11-22T02:02:06.000Z',
      lastError: expect.stringContaining('did not answer') as unknown,
    });
    expect(service?.lifeQueue).toBe('out-of-step');
  });

  it.each([
    ['no userId', { userId: undefined }, 'userId'],
    ['an email that is not one', { email: 'asha.verma' }, 'email'],
    ['an unknown category', { category: 'dedicated' }, 'category'],
    ['a date that is not one', { renewalDate: 'next year' }, 'renewalDate'],
  ])(
    'a detail with %s is thrown, naming the field and never its value',
    async (_, change, field) => {
      const event = purchaseCompleted();
      const detail = { ...(event.detail as Record<string, unknown>), ...change };

      const failure = await handler({ ...event, detail }).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(MalformedPurchaseCompletedError);
      expect((failure as Error).message).toContain(field);
      expect(log.text()).toContain(field);
      expect(log.text()).not.toContain('asha.verma');
      expect(panel.calls).toBe(0);
    },
  );
});
