import { beforeEach, describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import type { PurchaseCompletedDetail } from '../../../../lambdas/domain/api';
import {
  whmUsernameFor,
  type ServiceProvisionedDetail,
} from '../../../../lambdas/domain/provisioning';
import type { LogPort } from '../../../../lambdas/ports/logger';
import {
  ProvisionerAccessDeniedError,
  ProvisionerUnavailableError,
} from '../../../../lambdas/ports/provisioning';
import {
  MAX_USERNAME_ATTEMPTS,
  provisionService,
  ProvisioningInProgressError,
  UnknownPlanError,
  type ProvisionRequest,
  type ProvisionServiceDeps,
} from '../../../../lambdas/use-cases/provision-service';
import {
  InMemoryPanel,
  InMemoryProvisioningRecords,
  type PanelAccount,
} from '../../../helpers/fakes/provisioning';
import { RecordingMailer } from '../../../helpers/fakes/stores';

const LEASE_MS = 120_000;
const PLACEHOLDER_BASE = 'sites.example.in';
const PANEL_URL = 'https://server1.example.in:2083';
const SITE_URL = 'https://store.example.in';
/** EventBridge event ids: verify and the webhook each publish their own PurchaseCompleted. */
const FROM_VERIFY = '7bf73129-1428-4cd3-a780-95db273d1602';
const FROM_WEBHOOK = 'c2a1e0f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

class Crash extends Error {
  override readonly name = 'Crash';
}

/**
 * Set when a crash is simulated: the process is gone, so nothing it would still do (giving its
 * claim back in a catch, say) reaches the stores or the panel.
 */
let killed = false;

/** Lets other pending work run, as a network round trip would; a killed process does nothing. */
async function tick(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (killed) throw new Crash('the process was killed');
}

/**
 * Makes one method of `target` crash the process once, before or after it does its work (after:
 * the work is done, the answer is lost), as a Lambda killed at that point would.
 */
function crashOnce<T extends object>(
  target: T,
  method: keyof T & string,
  when: 'before' | 'after',
) {
  const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
  let armed = true;
  Object.assign(target, {
    [method]: async (...args: unknown[]) => {
      if (armed && when === 'before') {
        armed = false;
        killed = true;
        throw new Crash(`${method} ${when}`);
      }
      const result = await original(...args);
      if (armed && when === 'after') {
        armed = false;
        killed = true;
        throw new Crash(`${method} ${when}`);
      }
      return result;
    },
  });
}

const silentLog: LogPort = { info: () => undefined, warn: () => undefined, error: () => undefined };

let records: InMemoryProvisioningRecords;
let panel: InMemoryPanel;
let mailer: RecordingMailer;
let mailFails: boolean;
let announced: ServiceProvisionedDetail[];
let announceFails: boolean;
let clock: number;
let deps: ProvisionServiceDeps;

const sample = () =>
  loadEvent<{ detail: PurchaseCompletedDetail }>('eventbridge/purchase-completed.json').detail;

/**
 * The purchase's PurchaseCompleted detail, with its service on the store as fulfilment leaves it
 * before publishing (provisioning is kept on the service's item).
 */
function purchase(overrides: Partial<ProvisionRequest> = {}): ProvisionRequest {
  const request = { ...sample(), domain: 'ashaverma.in', ...overrides };
  const serviceId = request.serviceId ?? request.purchaseId;
  const key = `${request.userId}#${serviceId}`;
  if (!records.services.items.has(key)) {
    records.services.items.set(key, {
      userId: request.userId,
      serviceId,
      planId: request.planId,
      planName: request.planName,
      category: request.category,
      renewalDate: request.renewalDate,
      version: 1,
      periods: {},
      createdAt: request.purchaseDate,
      updatedAt: request.purchaseDate,
    });
  }
  return request;
}

const record = (request: ProvisionRequest) =>
  records.get(request.userId, request.serviceId ?? request.purchaseId);

beforeEach(() => {
  killed = false;
  records = new InMemoryProvisioningRecords({ leaseMs: LEASE_MS, roundTrip: tick });
  panel = new InMemoryPanel({ roundTrip: tick });
  mailFails = false;
  mailer = new RecordingMailer();
  const send = mailer.send.bind(mailer);
  mailer.send = async (mail) => {
    await tick();
    if (mailFails) throw new Error('SES refused the mail');
    await send(mail);
  };
  announced = [];
  announceFails = false;
  // The sample's purchase is fulfilled at 02:02:03 on 22 November 2026.
  clock = Date.parse('2026-11-22T02:02:05.000Z');
  deps = {
    records,
    panel,
    announce: async (detail) => {
      await tick();
      if (announceFails) throw new Error('EventBridge refused the event');
      announced.push(detail);
    },
    mailer,
    siteUrl: () => SITE_URL,
    placeholderDomain: () => PLACEHOLDER_BASE,
    panelUrl: () => PANEL_URL,
    log: silentLog,
    now: () => new Date(clock),
  };
});

describe('a hosting purchase', () => {
  it('creates one panel account with the plan’s package, keeps it and announces it', async () => {
    const request = purchase();
    const username = whmUsernameFor(request.purchaseId, 'ashaverma.in');

    const outcome = await provisionService(deps, request, FROM_VERIFY);

    expect(outcome).toBe('provisioned');
    expect([...panel.accounts]).toEqual([
      [
        username,
        {
          domain: 'ashaverma.in',
          package: 'storefront_basic',
          email: 'asha.verma@example.in',
          suspended: false,
        },
      ],
    ]);
    expect(await record(request)).toMatchObject({
      state: 'ready',
      username,
      domain: 'ashaverma.in',
      package: 'storefront_basic',
      server: 'server1.example.in',
      nameservers: ['ns1.example.in', 'ns2.example.in'],
      panelUrl: PANEL_URL,
    });
    expect(announced).toEqual([
      {
        serviceId: request.purchaseId,
        userId: request.userId,
        email: 'asha.verma@example.in',
        name: 'Asha Verma',
        planId: 'basichosting',
        planName: 'Basic Hosting',
        category: 'hosting',
        domain: 'ashaverma.in',
        username,
        server: 'server1.example.in',
        nameservers: ['ns1.example.in', 'ns2.example.in'],
        panelUrl: PANEL_URL,
        provisionedAt: '2026-11-22T02:02:05.000Z',
      },
    ]);
  });

  it('is keyed by the service when the event names one', async () => {
    const request = purchase({ serviceId: 'svc_3f1c0d9a7b2e4c6d8e0f1a2b' });

    await provisionService(deps, request, FROM_VERIFY);

    expect(await records.get(request.userId, 'svc_3f1c0d9a7b2e4c6d8e0f1a2b')).toMatchObject({
      state: 'ready',
      username: whmUsernameFor('svc_3f1c0d9a7b2e4c6d8e0f1a2b', 'ashaverma.in'),
    });
  });

  it('without a domain ("I\'ll add it later") gets the service’s placeholder domain', async () => {
    const request = purchase({ domain: undefined });

    await provisionService(deps, request, FROM_VERIFY);

    const [[username, account]] = [...panel.accounts] as [[string, PanelAccount]];
    expect(account.domain).toMatch(/^site-[a-z0-9]{10}\.sites\.example\.in$/);
    expect(username).toMatch(/^sit[a-z0-9]{8}$/);
  });

  it("puts a bundle's hosting part on the package of the hosting it includes", async () => {
    const request = purchase({
      planId: 'standardbundle',
      planName: 'Standard Bundle',
      category: 'bundle',
    });

    await provisionService(deps, request, FROM_VERIFY);

    expect([...panel.accounts.values()].map((a) => a.package)).toEqual(['storefront_premium']);
  });

  it('already provisioned: a later delivery neither creates nor announces again', async () => {
    const request = purchase();
    await provisionService(deps, request, FROM_VERIFY);

    const outcome = await provisionService(deps, request, FROM_WEBHOOK);

    expect(outcome).toBe('already_provisioned');
    expect(panel.creates).toBe(1);
    expect(announced).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('VPS, storage and domains', () => {
  it.each([
    ['basicvps', 'Basic VPS', 'vps'],
    ['standardstorage', 'Standard Storage', 'storage'],
    ['premiumdomain', 'Premium Domain', 'domain'],
  ] as const)(
    '%s waits for an operator and never touches the panel',
    async (planId, planName, category) => {
      const request = purchase({ planId, planName, category });

      const outcome = await provisionService(deps, request, FROM_VERIFY);

      expect(outcome).toBe('manual');
      expect(await record(request)).toMatchObject({ state: 'manual' });
      expect(panel.calls).toBe(0);
      expect(announced).toEqual([]);
      expect(mailer.sent).toEqual([]);
    },
  );
});

describe('exactly once', () => {
  it('ten deliveries at once make one account and one announcement', async () => {
    const request = purchase();

    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => provisionService(deps, request, `delivery-${i}`)),
    );

    const values = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason));
    expect(values.filter((v) => v === 'provisioned')).toHaveLength(1);
    expect(
      values.every((v) =>
        ['provisioned', 'in_progress', 'already_provisioned'].includes(v as string),
      ),
    ).toBe(true);
    expect(panel.createCalls).toBe(1);
    expect(panel.accounts.size).toBe(1);
    expect(announced).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('ten copies of one delivery at once: one account; the rest are retried by the bus', async () => {
    const request = purchase();

    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => provisionService(deps, request, FROM_VERIFY)),
    );
    clock += LEASE_MS + 1;
    const retry = await provisionService(deps, request, FROM_VERIFY);

    expect(
      outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'provisioned'),
    ).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ProvisioningInProgressError);
    }
    expect(retry).toBe('already_provisioned');
    expect(panel.creates).toBe(1);
    expect(announced).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  const crashPoints: [string, () => object, string, 'before' | 'after'][] = [
    ['begin', () => records, 'begin', 'after'],
    ['claim', () => records, 'claim', 'after'],
    ['choose', () => records, 'choose', 'after'],
    ['summary', () => panel, 'summary', 'after'],
    ['create (before WHM acts)', () => panel, 'create', 'before'],
    ['create (WHM made it, the answer was lost)', () => panel, 'create', 'after'],
    ['settle (before it is written)', () => records, 'settle', 'before'],
    ['settle (written)', () => records, 'settle', 'after'],
    ['get (after settle)', () => records, 'get', 'after'],
    ['markAnnounced (published, not marked)', () => records, 'markAnnounced', 'before'],
  ];

  it.each(crashPoints)(
    'a crash at %s, then the bus’s retry: one account, ready, announced',
    async (_name, target, method, when) => {
      const request = purchase();
      crashOnce(target() as Record<string, unknown>, method, when);

      await expect(provisionService(deps, request, FROM_VERIFY)).rejects.toBeInstanceOf(Crash);
      killed = false;
      clock += LEASE_MS + 1;
      const outcome = await provisionService(deps, request, FROM_VERIFY);

      expect(['provisioned', 'already_provisioned']).toContain(outcome);
      expect(panel.creates).toBe(1);
      expect(panel.accounts.size).toBe(1);
      expect(await record(request)).toMatchObject({
        state: 'ready',
        announcedAt: expect.any(String),
      });
      // At least once: a crash between publishing and marking it publishes it again.
      expect(announced.length).toBeGreaterThanOrEqual(1);
      expect(announced.length).toBeLessThanOrEqual(2);
      expect(mailer.sent.length).toBe(announced.length);
    },
  );

  it('a crashed holder blocks its own retry until its lease runs out, then the retry takes over', async () => {
    const request = purchase();
    crashOnce(records as unknown as Record<string, unknown>, 'choose', 'after');
    await expect(provisionService(deps, request, FROM_VERIFY)).rejects.toBeInstanceOf(Crash);
    killed = false;

    const [early, racer] = await Promise.allSettled([
      provisionService(deps, request, FROM_VERIFY),
      provisionService(deps, request, FROM_WEBHOOK),
    ]);

    expect(early.status === 'rejected' && early.reason).toBeInstanceOf(ProvisioningInProgressError);
    expect(racer).toEqual({ status: 'fulfilled', value: 'in_progress' });
    expect(panel.creates).toBe(0);
    clock += LEASE_MS + 1;
    expect(await provisionService(deps, request, FROM_VERIFY)).toBe('provisioned');
  });
});

describe('when the panel is down or refuses', () => {
  it('WHM down: throws for the bus to retry, the service stays "Setting up", and a retry finishes it', async () => {
    const request = purchase();
    panel.down = true;

    await expect(provisionService(deps, request, FROM_VERIFY)).rejects.toBeInstanceOf(
      ProvisionerUnavailableError,
    );
    const meanwhile = await record(request);
    panel.down = false;
    // The claim was given back: the retry need not wait for the lease.
    const outcome = await provisionService(deps, request, FROM_VERIFY);

    expect(meanwhile?.state).toBe('pending');
    expect(outcome).toBe('provisioned');
    expect(panel.creates).toBe(1);
  });

  it('credentials refused: thrown too (retried, then dead-lettered and alarmed)', async () => {
    panel.deniesAccess = true;

    await expect(provisionService(deps, purchase(), FROM_VERIFY)).rejects.toBeInstanceOf(
      ProvisionerAccessDeniedError,
    );
  });

  it('a domain already on another account: failed with WHM’s reason, for an operator; not retried', async () => {
    panel.accounts.set('other1234', {
      domain: 'ashaverma.in',
      package: 'storefront_basic',
      email: 'someone@example.in',
      suspended: false,
    });
    const request = purchase();

    const outcome = await provisionService(deps, request, FROM_VERIFY);
    const again = await provisionService(deps, request, FROM_WEBHOOK);

    expect(outcome).toBe('failed');
    expect(again).toBe('failed');
    expect(await record(request)).toMatchObject({
      state: 'failed',
      failureReason: expect.stringContaining('ashaverma.in'),
    });
    expect(panel.creates).toBe(0);
    expect(announced).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('a username taken by an account of another domain: the next derived name is used', async () => {
    const request = purchase();
    const first = whmUsernameFor(request.purchaseId, 'ashaverma.in', 0);
    panel.accounts.set(first, {
      domain: 'someone-else.in',
      package: 'storefront_basic',
      email: 'someone@example.in',
      suspended: false,
    });

    const outcome = await provisionService(deps, request, FROM_VERIFY);

    expect(outcome).toBe('provisioned');
    expect(await record(request)).toMatchObject({
      username: whmUsernameFor(request.purchaseId, 'ashaverma.in', 1),
      usernameAttempt: 1,
    });
  });

  it(`gives up after ${MAX_USERNAME_ATTEMPTS} taken names, as failed`, async () => {
    const request = purchase();
    for (let attempt = 0; attempt < MAX_USERNAME_ATTEMPTS; attempt += 1) {
      panel.accounts.set(whmUsernameFor(request.purchaseId, 'ashaverma.in', attempt), {
        domain: `taken${attempt}.in`,
        package: 'storefront_basic',
        email: 'someone@example.in',
        suspended: false,
      });
    }

    expect(await provisionService(deps, request, FROM_VERIFY)).toBe('failed');
    expect(panel.creates).toBe(0);
  });

  it('ServiceProvisioned refused by the bus: thrown, and the retry announces without a second account', async () => {
    const request = purchase();
    announceFails = true;

    await expect(provisionService(deps, request, FROM_VERIFY)).rejects.toThrow('EventBridge');
    announceFails = false;
    const outcome = await provisionService(deps, request, FROM_VERIFY);

    expect(outcome).toBe('already_provisioned');
    expect(panel.creates).toBe(1);
    expect(announced).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('an unknown plan is dead-lettered for a person', async () => {
    await expect(
      provisionService(deps, purchase({ planId: 'goldhosting' }), FROM_VERIFY),
    ).rejects.toBeInstanceOf(UnknownPlanError);
  });
});

describe('a renewal', () => {
  async function suspendedService(): Promise<ProvisionRequest> {
    const request = purchase();
    await provisionService(deps, request, FROM_VERIFY);
    const stored = records.stored(request.userId, request.purchaseId)!;
    stored.state = 'suspended';
    panel.accounts.get(stored.username as string)!.suspended = true;
    return request;
  }

  it('of a suspended (expired) service is converge’s to lift: delivery itself changes nothing', async () => {
    const request = await suspendedService();
    clock = Date.parse('2027-12-01T00:00:00.000Z');
    const renewal = purchase({
      purchaseId: 'pur_pay_Pq8hU5vWx9cZe2',
      serviceId: request.purchaseId,
      renewal: true,
      purchaseDate: '2027-12-01T00:00:00.000Z',
      renewalDate: '2028-12-01T00:00:00.000Z',
    });

    const outcome = await provisionService(deps, renewal, 'renewal-delivery');

    expect(outcome).toBe('nothing_to_do');
    expect([...panel.accounts.values()].map((a) => a.suspended)).toEqual([true]);
    expect(panel.creates).toBe(1);
  });

  it('a late retry of an old purchase never lifts a suspension that came after it', async () => {
    const request = await suspendedService();
    clock = Date.parse('2027-12-01T00:00:00.000Z');

    const outcome = await provisionService(deps, request, 'late-retry');

    expect(outcome).toBe('nothing_to_do');
    expect([...panel.accounts.values()].map((a) => a.suspended)).toEqual([true]);
  });
});

describe('the buyer’s mail once the account is ready', () => {
  it('gives the username, server, nameservers, the panel’s address and the dashboard, never a password', async () => {
    const request = purchase();
    const username = whmUsernameFor(request.purchaseId, 'ashaverma.in');

    await provisionService(deps, request, FROM_VERIFY);

    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe('asha.verma@example.in');
    expect(mail?.subject).toBe('Your Basic Hosting is ready');
    for (const text of [mail?.text ?? '', mail?.html ?? '']) {
      expect(text).toContain(username);
      expect(text).toContain('server1.example.in');
      expect(text).toContain('ns1.example.in, ns2.example.in');
      expect(text).toContain(PANEL_URL);
      expect(text).toContain(`${SITE_URL}/dashboard`);
      expect(text).not.toMatch(/password\s*[:=]/i);
    }
  });

  it('SES down: thrown for the bus to retry; the retry mails once, with no second account', async () => {
    const request = purchase();
    mailFails = true;

    await expect(provisionService(deps, request, FROM_VERIFY)).rejects.toThrow('SES');
    const meanwhile = await record(request);
    mailFails = false;
    const outcome = await provisionService(deps, request, FROM_VERIFY);

    expect(meanwhile).toMatchObject({ state: 'ready' });
    expect(meanwhile?.announcedAt).toBeUndefined();
    expect(outcome).toBe('already_provisioned');
    expect(mailer.sent).toHaveLength(1);
    expect(panel.creates).toBe(1);
    expect(await record(request)).toMatchObject({ announcedAt: expect.any(String) });
  });

  it('a delivery arriving while another announces leaves the mail to it', async () => {
    const request = purchase();
    await provisionService(deps, request, FROM_VERIFY);
    // As if the first delivery had crashed after settling: ready, not announced, claim free.
    delete records.stored(request.userId, request.purchaseId)!.announcedAt;
    const holder = await records.claim(
      request.userId,
      request.purchaseId,
      FROM_VERIFY,
      new Date(clock),
    );

    const outcome = await provisionService(deps, request, FROM_WEBHOOK);

    expect(holder.state).toBe('claimed');
    expect(outcome).toBe('in_progress');
    expect(mailer.sent).toHaveLength(1);
  });
});
