/**
 * Converge's follow-ups (E31) as EventBridge Scheduler one-time schedules: `CreateSchedule` in the
 * follow-ups' own schedule group, `at(yyyy-mm-ddThh:mm:ss)` in UTC at the start of the asked slot,
 * no flexible window, deleted by Scheduler once it has run (`ActionAfterCompletion: DELETE`). Its
 * target is the bus through Scheduler's templated PutEvents target (the bus's ARN,
 * `EventBridgeParameters {DetailType, Source}`, the detail as `Input`), under a role that may only
 * put events on that bus. The schedule is named from the service and the slot, so a second ask
 * for the same slot is Scheduler's `ConflictException`: the follow-up exists already, which is
 * what was asked. API: docs/toolchain.md (EventBridge Scheduler).
 */
import { createHash } from 'node:crypto';
import {
  ConflictException,
  CreateScheduleCommand,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { ServiceChangedDetail } from '../../domain/api';
import { followUpSlot, type FollowUpRef, type FollowUps } from '../../ports/follow-ups';
import { DETAIL_TYPES, SOURCE_OF } from '../../system/facts';

export interface FollowUpSettings {
  groupName: string;
  /** The role Scheduler takes to put the event on the bus. */
  roleArn: string;
  /** The schedules' target: the bus. */
  busArn: string;
  slotMs: number;
}

export class SchedulerFollowUps implements FollowUps {
  constructor(
    private readonly client: SchedulerClient,
    private readonly settings: () => FollowUpSettings,
  ) {}

  async convergeAt(ref: FollowUpRef, at: Date): Promise<void> {
    const { groupName, roleArn, busArn, slotMs } = this.settings();
    const slot = followUpSlot(at, slotMs);
    const detail: ServiceChangedDetail = { ...ref, fact: 'follow-up', at: slot.toISOString() };
    try {
      await this.client.send(
        new CreateScheduleCommand({
          Name: followUpScheduleName(ref.serviceId, slot),
          GroupName: groupName,
          ScheduleExpression: `at(${slot.toISOString().slice(0, 19)})`,
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Description: `Converge ${ref.serviceId} again`,
          Target: {
            Arn: busArn,
            RoleArn: roleArn,
            EventBridgeParameters: {
              DetailType: DETAIL_TYPES.serviceChanged,
              Source: SOURCE_OF.ServiceChanged,
            },
            Input: JSON.stringify(detail),
          },
        }),
      );
    } catch (error) {
      // The same service and slot: that follow-up is asked for already.
      if (error instanceof ConflictException) return;
      throw error;
    }
  }
}

/**
 * A schedule's name (1–64 of `[0-9a-zA-Z-_.]`): the service id as far as those characters allow
 * (a bundle part's `~` becomes `_`), a short hash of the whole id so that two ids alike there stay
 * apart, and the slot's UTC time to the second, e.g. `svc_basicvps1-1a2b3c4d-20261127T040100`.
 */
export function followUpScheduleName(serviceId: string, slot: Date): string {
  const readable = serviceId.replace(/[^0-9A-Za-z_.-]/g, '_').slice(0, 32);
  const hash = createHash('sha256').update(serviceId).digest('hex').slice(0, 8);
  const stamp = slot.toISOString().slice(0, 19).replace(/[-:]/g, '');
  return `${readable}-${hash}-${stamp}`;
}
