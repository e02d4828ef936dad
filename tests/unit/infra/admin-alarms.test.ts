/**
 * Alarms point at the operator's console: every CloudWatch alarm of the stack names the /admin
 * page that shows what to do, and that page is one the console serves (web/src/app/routes.tsx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesise, type Synthesised } from '../../infra/stack-fixture';

/**
 * The console's pages that alarms may name: web/src/app/routes.tsx serves them (ADMIN_PATHS;
 * tests/web/admin checks it has these).
 */
const CONSOLE_PAGES = [
  '/admin/stuck',
  '/admin/orders',
  '/admin/today',
  '/admin/provisioning',
  '/admin/tickets',
];

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
}, 120_000);
afterAll(() => synthesised?.dispose());

function alarmDescriptions(): [string, string][] {
  const alarms = synthesised.template.findResources('AWS::CloudWatch::Alarm');
  return Object.entries(alarms).map(([id, alarm]) => {
    const description = (alarm as { Properties: { AlarmDescription?: unknown } }).Properties
      .AlarmDescription;
    // A description with a token (a queue's path) is an Fn::Join; its literal parts carry the page.
    return [id, typeof description === 'string' ? description : JSON.stringify(description)];
  });
}

describe('alarms and the console', () => {
  it('every alarm names the console page that shows what to do', () => {
    const alarms = alarmDescriptions();

    expect(alarms.length).toBeGreaterThanOrEqual(4);
    for (const [id, description] of alarms) {
      const page = /Open (\/admin\/[a-z]+)/.exec(description)?.[1];
      expect(page, `${id}: ${description}`).toBeDefined();
      expect(CONSOLE_PAGES).toContain(page);
    }
  });

  it('sends failed mail and dead letters to Stuck', () => {
    const stuck = alarmDescriptions().filter(([id]) => /Errors|NotEmpty/.test(id));

    expect(stuck.length).toBeGreaterThan(0);
    for (const [, description] of stuck) expect(description).toContain('Open /admin/stuck');
  });
});
