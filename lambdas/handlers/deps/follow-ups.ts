/**
 * Converge's own next pass (E31): one-time EventBridge Scheduler schedules in the follow-ups'
 * group, which put a ServiceChanged for the service on the bus (locally the local scheduler,
 * infra/local/follow-ups.ts, at AWS_ENDPOINT_URL_SCHEDULER).
 */
import { scheduler } from '../../adapters/scheduler/clients';
import { SchedulerFollowUps } from '../../adapters/scheduler/scheduler-follow-ups';
import { followUpsConfig } from '../../config/config';
import { wiring } from './wiring';

wiring.needs.add('scheduleFollowUps');

export const followUps = new SchedulerFollowUps(scheduler, () => followUpsConfig());
