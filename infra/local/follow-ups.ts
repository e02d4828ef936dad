/**
 * The local EventBridge Scheduler's one-time schedules, for converge's follow-ups (E31): the part
 * of Scheduler's REST-JSON API the adapter calls (lambdas/adapters/scheduler), served under
 * `/_local/scheduler` (AWS_ENDPOINT_URL_SCHEDULER): `POST /schedules/{Name}` (CreateSchedule),
 * `GET /schedules/{Name}?groupName=` (GetSchedule) and `DELETE /schedules/{Name}?groupName=`
 * (DeleteSchedule). A schedule is `at(yyyy-mm-ddThh:mm:ss)` in its time zone (UTC unless given),
 * with Scheduler's templated PutEvents target (an event bus's ARN with `EventBridgeParameters`
 * and the detail as `Input`); at its time the event is put on the local bus, and a schedule with
 * `ActionAfterCompletion: DELETE` is deleted then. A name taken in its group is
 * `409 ConflictException`, a group that does not exist `404 ResourceNotFoundException`, a request
 * Scheduler would refuse `400 ValidationException`, each with the `x-amzn-errortype` header the
 * SDK reads. Each schedule is a file under DATA_DIR/follow-ups/{group}/, written before the answer,
 * so a restart keeps it and fires what fell due while the stack was down.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { HOME_REGION, LOCAL_ACCOUNT_ID } from '../../lambdas/system/facts';
import { writeFileDurably } from './durable-file';
import { readText } from './stand-in-http';

/** What the scheduler needs of the local bus. */
export interface PutEventsTarget {
  putEvents(body: unknown): unknown;
}

interface StoredSchedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  ActionAfterCompletion: 'DELETE' | 'NONE';
  FlexibleTimeWindow: { Mode: string };
  Description?: string;
  Target: {
    Arn: string;
    RoleArn: string;
    Input?: string;
    EventBridgeParameters: { DetailType: string; Source: string };
  };
  /** When it runs (ms since the epoch). */
  fireAt: number;
  CreationDate: string;
  /** Set once it has run (a schedule kept after completion: ActionAfterCompletion NONE). */
  completedAt?: string;
}

class SchedulerError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;
const AT = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const BUS_ARN = /^arn:aws[\w-]*:events:[\w-]+:\d{12}:event-bus\/[\w.\-/]+$/;
const ROLE_ARN = /^arn:aws[\w-]*:iam::\d{12}:role\/.+$/;
/** setTimeout's longest delay; a later time is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LocalFollowUpSchedulerOptions {
  dataDir: string;
  bus: PutEventsTarget;
  /** The schedule groups that exist (the stack's follow-ups group). */
  groups: readonly string[];
  /** A target the bus refused is tried again this long after (default 1 s). */
  retryMs?: number;
  /** The scheduler's clock (tests move it on, then call fireDue). */
  now?: () => number;
}

export class LocalFollowUpScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly armed = new Map<string, StoredSchedule>();
  private readonly root: string;
  private readonly bus: PutEventsTarget;
  private readonly groups: readonly string[];
  private readonly retryMs: number;
  private readonly now: () => number;
  private stopped = false;

  constructor(options: LocalFollowUpSchedulerOptions) {
    this.bus = options.bus;
    this.groups = options.groups;
    this.retryMs = options.retryMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.root = join(options.dataDir, 'follow-ups');
    for (const group of this.groups) mkdirSync(join(this.root, group), { recursive: true });
  }

  /** Runs now every schedule whose time has come (by the scheduler's clock). */
  fireDue(): number {
    const due = [...this.armed.values()].filter((schedule) => schedule.fireAt <= this.now());
    for (const schedule of due.sort((a, b) => a.fireAt - b.fireAt)) this.fire(schedule);
    return due.length;
  }

  /** Arms every schedule a previous run kept; one already due runs at once. */
  start(): number {
    let armed = 0;
    for (const group of this.groups) {
      for (const file of readdirSync(join(this.root, group))) {
        if (!file.endsWith('.json')) continue;
        const schedule = JSON.parse(
          readFileSync(join(this.root, group, file), 'utf8'),
        ) as StoredSchedule;
        if (schedule.completedAt) continue;
        this.arm(schedule);
        armed += 1;
      }
    }
    return armed;
  }

  /** Stops firing; what has not run stays on disk for the next start. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** A request under the endpoint: `path` is what follows it (`/schedules/{Name}`). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(path, 'http://127.0.0.1');
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    try {
      if (!match) throw new SchedulerError(404, 'ResourceNotFoundException', 'No such resource.');
      const name = decodeURIComponent(match[1] ?? '');
      const body = await readText(req, 256 * 1024);
      if (req.method === 'POST') return answer(res, 200, this.create(name, parse(body)));
      const group = url.searchParams.get('groupName') || 'default';
      if (req.method === 'GET') return answer(res, 200, view(this.find(group, name)));
      if (req.method === 'DELETE') {
        this.find(group, name);
        this.remove(group, name);
        return answer(res, 200, {});
      }
      throw new SchedulerError(405, 'ValidationException', `${req.method} is not served locally.`);
    } catch (error) {
      if (!(error instanceof SchedulerError)) throw error;
      res.writeHead(error.status, {
        'content-type': 'application/json',
        'x-amzn-errortype': error.type,
      });
      res.end(JSON.stringify({ Message: error.message }));
    }
  }

  /** CreateSchedule: validated as Scheduler does, kept on disk, armed; answers its ARN. */
  private create(name: string, input: Record<string, unknown>): { ScheduleArn: string } {
    if (!NAME.test(name)) {
      throw new SchedulerError(400, 'ValidationException', `Invalid schedule name ${name}.`);
    }
    const group =
      typeof input.GroupName === 'string' && input.GroupName ? input.GroupName : 'default';
    if (!this.groups.includes(group)) {
      throw new SchedulerError(
        404,
        'ResourceNotFoundException',
        `Schedule group ${group} does not exist.`,
      );
    }
    const expression = String(input.ScheduleExpression ?? '');
    const zone = String(input.ScheduleExpressionTimezone ?? 'UTC');
    const fireAt = fireTimeOf(expression, zone);
    const window = input.FlexibleTimeWindow as { Mode?: unknown } | undefined;
    if (window?.Mode !== 'OFF' && window?.Mode !== 'FLEXIBLE') {
      throw new SchedulerError(400, 'ValidationException', 'FlexibleTimeWindow.Mode is required.');
    }
    const target = (input.Target ?? {}) as Record<string, unknown>;
    const parameters = target.EventBridgeParameters as
      { DetailType?: unknown; Source?: unknown } | undefined;
    if (typeof target.Arn !== 'string' || !BUS_ARN.test(target.Arn)) {
      throw new SchedulerError(
        400,
        'ValidationException',
        "Target.Arn must be an event bus's ARN: the local scheduler serves the PutEvents target only.",
      );
    }
    if (typeof target.RoleArn !== 'string' || !ROLE_ARN.test(target.RoleArn)) {
      throw new SchedulerError(400, 'ValidationException', 'Target.RoleArn is required.');
    }
    if (
      typeof parameters?.DetailType !== 'string' ||
      !parameters.DetailType ||
      typeof parameters.Source !== 'string' ||
      !parameters.Source ||
      parameters.Source.startsWith('aws.')
    ) {
      throw new SchedulerError(
        400,
        'ValidationException',
        'Target.EventBridgeParameters needs DetailType and Source (not aws.*).',
      );
    }
    if (target.Input !== undefined && typeof target.Input !== 'string') {
      throw new SchedulerError(400, 'ValidationException', 'Target.Input must be a string.');
    }
    const file = this.fileOf(group, name);
    if (this.exists(file)) {
      throw new SchedulerError(409, 'ConflictException', `Schedule ${name} already exists.`);
    }
    const schedule: StoredSchedule = {
      Name: name,
      GroupName: group,
      Arn: `arn:aws:scheduler:${HOME_REGION}:${LOCAL_ACCOUNT_ID}:schedule/${group}/${name}`,
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: zone,
      ActionAfterCompletion: input.ActionAfterCompletion === 'DELETE' ? 'DELETE' : 'NONE',
      FlexibleTimeWindow: { Mode: String(window.Mode) },
      ...(typeof input.Description === 'string' ? { Description: input.Description } : {}),
      Target: {
        Arn: target.Arn,
        RoleArn: target.RoleArn,
        ...(typeof target.Input === 'string' ? { Input: target.Input } : {}),
        EventBridgeParameters: { DetailType: parameters.DetailType, Source: parameters.Source },
      },
      fireAt,
      CreationDate: new Date(this.now()).toISOString(),
    };
    writeFileDurably(file, JSON.stringify(schedule));
    this.arm(schedule);
    return { ScheduleArn: schedule.Arn };
  }

  private find(group: string, name: string): StoredSchedule {
    const file = this.groups.includes(group) && NAME.test(name) && this.fileOf(group, name);
    if (!file || !this.exists(file)) {
      throw new SchedulerError(
        404,
        'ResourceNotFoundException',
        `Schedule ${name} does not exist.`,
      );
    }
    return JSON.parse(readFileSync(file, 'utf8')) as StoredSchedule;
  }

  private arm(schedule: StoredSchedule): void {
    if (this.stopped) return;
    const key = `${schedule.GroupName}/${schedule.Name}`;
    clearTimeout(this.timers.get(key));
    this.armed.set(key, schedule);
    const wait = Math.min(Math.max(0, schedule.fireAt - this.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (this.now() < schedule.fireAt) return this.arm(schedule); // a long wait, in steps
      this.fire(schedule);
    }, wait);
    timer.unref();
    this.timers.set(key, timer);
  }

  /** Puts the event on the bus (which keeps it before answering), then ends the schedule. */
  private fire(schedule: StoredSchedule): void {
    const key = `${schedule.GroupName}/${schedule.Name}`;
    if (this.armed.get(key) !== schedule) return; // run, or deleted, meanwhile
    const file = this.fileOf(schedule.GroupName, schedule.Name);
    const { Target: target } = schedule;
    try {
      this.bus.putEvents({
        Entries: [
          {
            Source: target.EventBridgeParameters.Source,
            DetailType: target.EventBridgeParameters.DetailType,
            Detail: target.Input ?? '{}',
            EventBusName: target.Arn,
          },
        ],
      });
    } catch (error) {
      // Scheduler retries a target that failed: so does this, until the bus takes it.
      console.error(`[follow-ups] ${schedule.Name} could not be put on the bus`, error);
      clearTimeout(this.timers.get(key));
      const timer = setTimeout(() => this.fire(schedule), this.retryMs);
      timer.unref();
      this.timers.set(key, timer);
      return;
    }
    this.armed.delete(key);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    if (schedule.ActionAfterCompletion === 'DELETE') {
      this.remove(schedule.GroupName, schedule.Name);
    } else {
      const completedAt = new Date(this.now()).toISOString();
      writeFileDurably(file, JSON.stringify({ ...schedule, completedAt }));
    }
  }

  private remove(group: string, name: string): void {
    const key = `${group}/${name}`;
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.armed.delete(key);
    rmSync(this.fileOf(group, name), { force: true });
  }

  private fileOf(group: string, name: string): string {
    return join(this.root, group, `${name}.json`);
  }

  private exists(file: string): boolean {
    try {
      readFileSync(file);
      return true;
    } catch {
      return false;
    }
  }
}

/** The time an `at()` expression names, in UTC (the only zone served locally). */
function fireTimeOf(expression: string, zone: string): number {
  const at = AT.exec(expression);
  if (!at) {
    throw new SchedulerError(
      400,
      'ValidationException',
      `Invalid ScheduleExpression ${expression}: the local scheduler serves one-time at(yyyy-mm-ddThh:mm:ss) schedules.`,
    );
  }
  if (zone !== 'UTC' && zone !== 'Etc/UTC') {
    throw new SchedulerError(
      400,
      'ValidationException',
      `The local scheduler serves UTC only, not ${zone}.`,
    );
  }
  const [, y, mo, d, h, mi, s] = at.map(Number);
  const time = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (Number.isNaN(time) || new Date(time).getUTCDate() !== d) {
    throw new SchedulerError(400, 'ValidationException', `Invalid date in ${expression}.`);
  }
  return time;
}

function view(schedule: StoredSchedule) {
  const { fireAt: _fireAt, completedAt: _completedAt, CreationDate, ...shown } = schedule;
  // REST-JSON timestamps are epoch seconds.
  return { ...shown, CreationDate: Date.parse(CreationDate) / 1000, State: 'ENABLED' };
}

function parse(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // below
  }
  throw new SchedulerError(400, 'ValidationException', 'The request body is not a JSON object.');
}

function answer(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}
