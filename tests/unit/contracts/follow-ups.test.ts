/**
 * One contract for the FollowUps port (E31), run against the in-memory follow-ups the use-case
 * specs use (InMemoryFollowUps) and against the real adapter (SchedulerFollowUps, EventBridge
 * Scheduler's CreateSchedule through the AWS SDK) on the local scheduler (infra/local/follow-ups.ts,
 * served as the local stack serves it, under /_local/scheduler), so the fake's rules cannot drift
 * from what the adapter makes of Scheduler: a follow-up comes at the start of its slot as a
 * ServiceChanged for the service, one per service and slot however often it is asked for, and an
 * ask that cannot reach the scheduler throws.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFollowUpScheduler } from '../../../infra/local/follow-ups';
import { closeServer, listenOnLoopback } from '../../../infra/local/stand-in-http';
import {
  followUpScheduleName,
  SchedulerFollowUps,
} from '../../../lambdas/adapters/scheduler/scheduler-follow-ups';
import type { ServiceChangedDetail } from '../../../lambdas/domain/api';
import type { FollowUps } from '../../../lambdas/ports/follow-ups';
import { EVENT_BUS_NAME, HOME_REGION, LOCAL_ACCOUNT_ID } from '../../../lambdas/system/facts';
import { InMemoryFollowUps } from '../../helpers/fakes/follow-ups';

const SLOT_MS = 1_000;
const GROUP = 'storefront-follow-ups';
const BUS_ARN = `arn:aws:events:${HOME_REGION}:${LOCAL_ACCOUNT_ID}:event-bus/${EVENT_BUS_NAME}`;
const ROLE_ARN = `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/storefront-follow-ups`;

interface Subject {
  readonly followUps: FollowUps;
  /** The subject's clock, ms since the epoch. */
  now(): number;
  /** Moves the clock to `ms`: answers the events the follow-ups due by then put on the bus. */
  clockTo(
    ms: number,
  ): Promise<{ detailType: string; source: string; detail: ServiceChangedDetail }[]>;
  /** The scheduler cannot be reached. */
  down(): Promise<void>;
  stop(): Promise<void>;
}

function fakeSubject(): Subject {
  const followUps = new InMemoryFollowUps(SLOT_MS);
  let clock = Date.parse('2026-11-27T04:00:00.250Z');
  return {
    followUps,
    now: () => clock,
    async clockTo(ms) {
      clock = ms;
      return followUps.due(new Date(ms)).map((detail) => ({
        detailType: 'ServiceChanged',
        source: 'storefront.lifecycle',
        detail,
      }));
    },
    async down() {
      followUps.down = true;
    },
    async stop() {},
  };
}

interface PutEventsBody {
  Entries: { Source: string; DetailType: string; Detail: string; EventBusName: string }[];
}

async function standInSubject(): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'follow-ups-contract-'));
  let ahead = 0;
  const put: PutEventsBody[] = [];
  const scheduler = new LocalFollowUpScheduler({
    dataDir,
    bus: { putEvents: (body) => put.push(body as PutEventsBody) },
    groups: [GROUP],
    now: () => Date.now() + ahead,
  });
  const { server, origin } = await serve(scheduler);
  const client = new SchedulerClient({
    endpoint: `${origin}/_local/scheduler`,
    region: HOME_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  let taken = 0;
  return {
    followUps: new SchedulerFollowUps(client, () => ({
      groupName: GROUP,
      roleArn: ROLE_ARN,
      busArn: BUS_ARN,
      slotMs: SLOT_MS,
    })),
    now: () => Date.now() + ahead,
    async clockTo(ms) {
      ahead = ms - Date.now();
      scheduler.fireDue();
      const came = put.slice(taken);
      taken = put.length;
      return came.flatMap((body) =>
        body.Entries.map((entry) => {
          expect(entry.EventBusName).toBe(BUS_ARN);
          return {
            detailType: entry.DetailType,
            source: entry.Source,
            detail: JSON.parse(entry.Detail) as ServiceChangedDetail,
          };
        }),
      );
    },
    async down() {
      await closeServer(server);
    },
    async stop() {
      scheduler.stop();
      client.destroy();
      await closeServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The scheduler under /_local/scheduler, as the local gateway serves it. */
async function serve(
  scheduler: LocalFollowUpScheduler,
): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/_local\/scheduler/, '');
    scheduler.handle(req, res, path).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  return { server, origin: await listenOnLoopback(server, 0) };
}

const BUYER = 'user_asha';

describe.each([
  ['the in-memory follow-ups', fakeSubject],
  ['EventBridge Scheduler (the adapter on the local scheduler)', standInSubject],
])('FollowUps: %s', (_name, make) => {
  let subject: Subject;
  beforeEach(async () => {
    subject = await make();
  });
  afterEach(() => subject.stop());

  /** The start of the slot after the one now is in, and its neighbour. */
  const nextSlot = () => Math.ceil((subject.now() + 1) / SLOT_MS) * SLOT_MS;

  it('comes at the start of its slot, not before, as a ServiceChanged for the service', async () => {
    const slot = nextSlot() + SLOT_MS;
    // A bundle's part: its id has a character a schedule's name cannot.
    const ref = { userId: BUYER, serviceId: 'svc_bundle1~vps' };

    await subject.followUps.convergeAt(ref, new Date(slot - 400));

    expect(await subject.clockTo(slot - 1)).toEqual([]);
    expect(await subject.clockTo(slot)).toEqual([
      {
        detailType: 'ServiceChanged',
        source: 'storefront.lifecycle',
        detail: { ...ref, fact: 'follow-up', at: new Date(slot).toISOString() },
      },
    ]);
    expect(await subject.clockTo(slot + 5 * SLOT_MS)).toEqual([]);
  });

  it('asked for again in the same slot, it comes once; in another slot, it comes again', async () => {
    const slot = nextSlot() + SLOT_MS;
    const ref = { userId: BUYER, serviceId: 'svc_basicvps1' };

    await subject.followUps.convergeAt(ref, new Date(slot - 900));
    await subject.followUps.convergeAt(ref, new Date(slot - 100));
    await subject.followUps.convergeAt(ref, new Date(slot));
    await subject.followUps.convergeAt(ref, new Date(slot + SLOT_MS));
    // Another service in the same slot is its own follow-up.
    await subject.followUps.convergeAt({ userId: BUYER, serviceId: 'svc_other' }, new Date(slot));

    const came = await subject.clockTo(slot + SLOT_MS);
    expect(came.map((event) => [event.detail.serviceId, event.detail.at])).toEqual([
      ['svc_basicvps1', new Date(slot).toISOString()],
      ['svc_other', new Date(slot).toISOString()],
      ['svc_basicvps1', new Date(slot + SLOT_MS).toISOString()],
    ]);
  });

  it('an ask that cannot reach the scheduler throws (converge then falls back on the bus)', async () => {
    await subject.down();
    await expect(
      subject.followUps.convergeAt(
        { userId: BUYER, serviceId: 'svc_basicvps1' },
        new Date(nextSlot()),
      ),
    ).rejects.toThrow();
  });
});

describe('the local scheduler speaks EventBridge Scheduler’s API', () => {
  let dataDir: string;
  let server: Server;
  let client: SchedulerClient;
  let scheduler: LocalFollowUpScheduler;
  const put: PutEventsBody[] = [];

  async function open(now = Date.now) {
    scheduler = new LocalFollowUpScheduler({
      dataDir,
      bus: { putEvents: (body) => put.push(body as PutEventsBody) },
      groups: [GROUP],
      now,
    });
    const served = await serve(scheduler);
    server = served.server;
    client = new SchedulerClient({
      endpoint: `${served.origin}/_local/scheduler`,
      region: HOME_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
  }

  async function close() {
    scheduler.stop();
    client.destroy();
    await closeServer(server);
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'follow-ups-api-'));
    put.length = 0;
    await open();
  });
  afterEach(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const create = (name: string, overrides: Record<string, unknown> = {}) =>
    client.send(
      new CreateScheduleCommand({
        Name: name,
        GroupName: GROUP,
        ScheduleExpression: 'at(2030-01-01T00:00:00)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: BUS_ARN,
          RoleArn: ROLE_ARN,
          EventBridgeParameters: { DetailType: 'ServiceChanged', Source: 'storefront.lifecycle' },
          Input: '{"userId":"u","serviceId":"s","fact":"follow-up"}',
        },
        ...overrides,
      }),
    );

  it('CreateSchedule answers the ARN; the same name again is ConflictException; GetSchedule reads it', async () => {
    const name = followUpScheduleName('svc_bundle1~vps', new Date('2030-01-01T00:00:00Z'));
    expect(name).toMatch(/^svc_bundle1_vps-[0-9a-f]{8}-20300101T000000$/);

    const created = await create(name);

    expect(created.ScheduleArn).toBe(
      `arn:aws:scheduler:${HOME_REGION}:${LOCAL_ACCOUNT_ID}:schedule/${GROUP}/${name}`,
    );
    await expect(create(name)).rejects.toBeInstanceOf(ConflictException);
    const read = await client.send(new GetScheduleCommand({ Name: name, GroupName: GROUP }));
    expect(read).toMatchObject({
      Name: name,
      GroupName: GROUP,
      ScheduleExpression: 'at(2030-01-01T00:00:00)',
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: BUS_ARN, RoleArn: ROLE_ARN },
    });
  });

  it('refuses what Scheduler refuses: an unknown group, a rate() schedule, a target without its event parameters', async () => {
    await expect(create('x', { GroupName: 'nope' })).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
    await expect(create('x', { ScheduleExpression: 'rate(5 minutes)' })).rejects.toBeInstanceOf(
      ValidationException,
    );
    await expect(
      create('x', { Target: { Arn: BUS_ARN, RoleArn: ROLE_ARN } }),
    ).rejects.toBeInstanceOf(ValidationException);
    await expect(create('a name with spaces')).rejects.toThrow();
  });

  it('keeps a schedule across a restart and runs it then, once, deleting it', async () => {
    await create('kept');
    await close();
    const later = Date.parse('2030-01-01T00:00:01Z');
    await open(() => later);

    expect(scheduler.start()).toBe(1);
    expect(scheduler.fireDue()).toBe(1);
    expect(put).toHaveLength(1);
    expect(scheduler.fireDue()).toBe(0);
    await expect(
      client.send(new GetScheduleCommand({ Name: 'kept', GroupName: GROUP })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
