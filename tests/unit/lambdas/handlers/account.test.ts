/**
 * The account routes of the profile function (D28): the users record follows a verified email
 * change and the old address is told; an account is deleted only after a fresh sign-in, with the
 * email typed, and with every service ended; its record and Cognito user go, its invoices stay.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandler } from '../../../../lambdas/handlers/profile';
import type { ServiceRecord } from '../../../../lambdas/ports/services';
import { FakeIdentityDirectory } from '../../../helpers/fakes/identity';
import { InMemoryMailLog } from '../../../helpers/fakes/mail-log';
import {
  InMemoryServicesStore,
  InMemoryRateLimiter,
  InMemoryUsersStore,
  RecordingLog,
  RecordingMailer,
} from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import { httpEvent, parse } from './handler-world';

const NOW = new Date('2026-11-22T02:02:00.000Z');
let users: InMemoryUsersStore;
let identity: FakeIdentityDirectory;
let services: InMemoryServicesStore;
let mailer: RecordingMailer;
let mailLog: InMemoryMailLog;
let handler: ReturnType<typeof makeHandler>;

beforeEach(async () => {
  users = new InMemoryUsersStore();
  identity = new FakeIdentityDirectory();
  services = new InMemoryServicesStore();
  mailer = new RecordingMailer();
  mailLog = new InMemoryMailLog();
  handler = makeHandler({
    users,
    identity,
    services,
    mailer,
    mailLog,
    siteUrl: () => 'https://store.example.in',
    limits: new InMemoryRateLimiter(),
    log: new RecordingLog(),
    now: () => NOW,
  });
  await users.createUserIfMissing({ ...BUYER, createdAt: '2026-01-01T00:00:00.000Z' });
});

function withClaims(event: APIGatewayProxyEventV2, claims: Record<string, string>) {
  const context = event.requestContext as unknown as {
    authorizer: { jwt: { claims: Record<string, string> } };
  };
  Object.assign(context.authorizer.jwt.claims, claims);
  return event;
}

const remove = (confirmEmail = BUYER.email, claims: Record<string, string> = {}) =>
  withClaims(
    httpEvent('post-account-delete.json', { body: JSON.stringify({ confirmEmail }) }),
    claims,
  );

function service(state: 'live' | 'ended'): ServiceRecord {
  return {
    userId: BUYER.userId,
    serviceId: `svc_${state}`,
    planId: 'basichosting',
    planName: 'Basic Hosting',
    category: 'hosting',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    renewalDate: '2027-11-01T00:00:00.000Z',
    version: 1,
    periods: {
      pur_1: {
        purchaseId: 'pur_1',
        paymentId: 'pay_1',
        purchaseDate: '2026-11-01T00:00:00.000Z',
        startDate: '2026-11-01T00:00:00.000Z',
        renewalDate: '2027-11-01T00:00:00.000Z',
        months: 12,
        amountPaise: 3538584,
      },
    },
    ...(state === 'ended' ? { endedAt: '2026-11-10T00:00:00.000Z' } : {}),
  } as ServiceRecord;
}

describe('POST /api/me/email', () => {
  it('moves the record to the verified email the token names and tells the old address', async () => {
    const event = withClaims(httpEvent('post-email.json'), { email: 'asha@verma.example.in' });

    const { statusCode, json } = parse(await handler(event));

    expect(statusCode).toBe(200);
    expect(json).toMatchObject({ email: 'asha@verma.example.in', name: BUYER.name });
    expect((await users.getUser(BUYER.userId))?.email).toBe('asha@verma.example.in');
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [BUYER.email, 'Your sign-in email was changed'],
    ]);
    expect(mailer.sent[0]?.text).toContain('asha@verma.example.in');
  });

  it('changes nothing and mails nobody when the token names the email the record holds', async () => {
    const { statusCode } = parse(await handler(httpEvent('post-email.json')));

    expect(statusCode).toBe(200);
    expect((await users.getUser(BUYER.userId))?.email).toBe(BUYER.email);
    expect(mailer.sent).toEqual([]);
  });

  it('answers 429 too_many_requests with Retry-After after 5 in an hour, and only to that buyer', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(parse(await handler(httpEvent('post-email.json'))).statusCode).toBe(200);
    }

    const refused = parse(await handler(httpEvent('post-email.json')));
    const other = parse(
      await handler(
        withClaims(httpEvent('post-email.json'), {
          sub: '0b9e6a52-3f1d-4b7c-8e2a-5c6d7e8f9a0b',
          email: 'ravi.k@example.in',
        }),
      ),
    );

    expect(refused.statusCode).toBe(429);
    // NOW is 02:02:00: 58 minutes to the next hour.
    expect(refused.headers['retry-after']).toBe(String(58 * 60));
    expect(refused.json).toMatchObject({
      error: { code: 'too_many_requests', message: expect.stringContaining('in 58 minutes') },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 401 for an email the token does not say is verified', async () => {
    const event = withClaims(httpEvent('post-email.json'), {
      email: 'asha@verma.example.in',
      email_verified: 'false',
    });

    expect(parse(await handler(event)).statusCode).toBe(401);
    expect((await users.getUser(BUYER.userId))?.email).toBe(BUYER.email);
  });
});

describe('POST /api/me/account/delete', () => {
  it('deletes the record, the Cognito user and the mail log when every service has ended, and mails the buyer', async () => {
    services.items.set(`${BUYER.userId}#svc_ended`, service('ended'));
    const logged = {
      userId: BUYER.userId,
      at: '2026-01-01T00:00:00.000Z',
      kind: 'welcome' as const,
      subject: 'Your Basic Hosting is paid — we are setting it up',
      to: BUYER.email,
      status: 'sent' as const,
      body: { html: '<p>Asha Verma, Pune</p>', text: 'Asha Verma, Pune' },
    };
    await mailLog.record({ ...logged, mailId: '2026-01-01T00:00:00.000Z#a' });
    await mailLog.record({
      ...logged,
      userId: 'someone-else',
      mailId: '2026-01-01T00:00:00.000Z#b',
    });

    const { statusCode, json } = parse(await handler(remove()));

    expect(statusCode).toBe(200);
    expect(json).toEqual({ deleted: true });
    expect(await users.getUser(BUYER.userId)).toBeUndefined();
    expect(identity.deleted).toEqual([BUYER.userId]);
    // Their mail log goes with the account (D28); another customer's stays.
    expect(mailLog.mails.map((m) => m.userId)).toEqual(['someone-else']);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [BUYER.email, 'Your account is deleted'],
    ]);
    expect(mailer.sent[0]?.text).toContain('72 months');
  });

  it('answers 409 services_active naming each live service, and deletes nothing', async () => {
    services.items.set(`${BUYER.userId}#svc_live`, service('live'));

    const { statusCode, json } = parse(await handler(remove()));

    expect(statusCode).toBe(409);
    expect(json).toEqual({
      error: {
        code: 'services_active',
        message: expect.stringContaining(
          'End your services before you delete your account: Basic Hosting.',
        ),
      },
    });
    expect(await users.getUser(BUYER.userId)).toBeDefined();
    expect(identity.deleted).toEqual([]);
  });

  it('answers 400 when the typed email is not the account’s', async () => {
    const { statusCode, json } = parse(await handler(remove('someone@example.in')));

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
    expect(identity.deleted).toEqual([]);
  });

  it('answers 403 reauth_required for a sign-in older than 5 minutes', async () => {
    const stale = String(NOW.getTime() / 1000 - 6 * 60);

    const { statusCode, json } = parse(await handler(remove(BUYER.email, { auth_time: stale })));

    expect(statusCode).toBe(403);
    expect(json).toMatchObject({ error: { code: 'reauth_required' } });
    expect(await users.getUser(BUYER.userId)).toBeDefined();
  });

  it('accepts the email typed in another case, and a retry after the deletion changes nothing more', async () => {
    await handler(remove(BUYER.email.toUpperCase()));
    const again = parse(await handler(remove()));

    expect(again.statusCode).toBe(200);
    expect(identity.deleted).toEqual([BUYER.userId, BUYER.userId]);
    expect(await users.getUser(BUYER.userId)).toBeUndefined();
  });
});
