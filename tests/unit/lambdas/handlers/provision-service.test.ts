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
import { ConvergeBusyError } from '../../../../lambdas/use-cases/converge-service';
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
/** EventBridge event ids of other deliveries than the sample's. */
const FROM_WEBHOOK = 'c2a1e0f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const FROM_FACT = '0d3c2b1a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
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

/** A fact recorded on the service: its ServiceChanged, as service-facts.ts publishes it. */
function serviceChanged(userId: string, serviceId: string): Event {
  return {
    ...loadEvent<Event>('eventbridge/purchase-completed.json'),
    id: FROM_FACT,
    'detail-type': 'ServiceChanged' as 'PurchaseCompleted',
    source: 'storefront.lifecycle',
    detail: { userId, serviceId, fact: 'hold', at: '2026-11-22T02:02:06.000Z' },
  };
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

    const again = await handler({ ...event, id: FROM_WEBHOOK });

    expect(again).toMatchObject({ outcome: 'in_step', actions: [] });
    expect(panel.createCalls).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('verify’s and the webhook’s PurchaseCompleted at once: one account, one mail, and neither delivery throws for the bus to retry', async () => {
    const event = purchaseCompleted();

    const results = await Promise.all([handler(event), handler({ ...event, id: FROM_WEBHOOK })]);

    expect(results.map((r) => r.outcome).sort()).toEqual(['handed_over', 'in_step']);
    expect(panel.createCalls).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('a fact recorded while another delivery holds the claim is handed to it: both applied, each provider call made once, nothing thrown', async () => {
    const event = purchaseCompleted();
    const { serviceId, userId } = event.detail as PurchaseCompletedDetail & { serviceId: string };
    // The account's creation waits until the second delivery has answered.
    let creationMayGoOn!: () => void;
    const gate = new Promise<void>((resolve) => (creationMayGoOn = resolve));
    const create = panel.create.bind(panel);
    let creating = false;
    panel.create = async (spec) => {
      creating = true;
      await gate;
      return create(spec);
    };
    const delivering = handler(event);
    while (!creating) await new Promise<void>((resolve) => setImmediate(resolve));
    // An operator's hold is recorded (service-facts.ts's write: the version moves on)...
    const item = records.services.items.get(`${userId}#${serviceId}`)!;
    Object.assign(item, { hold: { at: '2026-11-22T02:02:06.000Z' }, version: item.version + 1 });

    // ...and its ServiceChanged finds the claim held by the delivery.
    const changed = await handler(serviceChanged(userId, serviceId));
    creationMayGoOn();
    const delivered = await delivering;

    expect(changed.outcome).toBe('handed_over');
    expect(delivered).toMatchObject({
      outcome: 'in_step',
      desired: 'suspended',
      actual: 'suspended',
      actions: ['deliver:provisioned', 'suspend'],
    });
    expect(panel.createCalls).toBe(1);
    expect([...panel.accounts.values()].map((a) => a.suspended)).toEqual([true]);
    expect(panel.calls).toBe(3); // summary, createacct, suspendacct
  });

  it('a claim held by an operator’s converge is not handed over: thrown for the bus to retry', async () => {
    const event = purchaseCompleted();
    const { serviceId, userId } = event.detail as PurchaseCompletedDetail & { serviceId: string };
    await handler(event);
    const item = records.services.items.get(`${userId}#${serviceId}`)!;
    Object.assign(item, { hold: { at: '2026-11-22T02:02:06.000Z' }, version: item.version + 1 });
    const now = new Date('2026-11-22T02:02:06.000Z');
    await records.claim(userId, serviceId, 'operator:entry-1', now);

    await expect(handler(serviceChanged(userId, serviceId))).rejects.toBeInstanceOf(
      ConvergeBusyError,
    );
    expect(records.services.items.get(`${userId}#${serviceId}`)!.version).toBe(item.version);
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
