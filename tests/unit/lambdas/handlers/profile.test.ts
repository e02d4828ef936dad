import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandler } from '../../../../lambdas/handlers/profile';
import { InMemoryMailLog } from '../../../helpers/fakes/mail-log';
import { FakeIdentityDirectory } from '../../../helpers/fakes/identity';
import {
  InMemoryServicesStore,
  InMemoryRateLimiter,
  InMemoryUsersStore,
  RecordingLog,
  RecordingMailer,
} from '../../../helpers/fakes/stores';
import { BUYER } from '../../../helpers/fakes/world';
import { httpEvent, parse, withoutAuthorizer } from './handler-world';

const OTHER = { sub: '0b9e6a52-3f1d-4b7c-8e2a-5c6d7e8f9a0b', email: 'ravi.k@example.in' };

let users: InMemoryUsersStore;
let identity: FakeIdentityDirectory;
let handler: ReturnType<typeof makeHandler>;
beforeEach(() => {
  users = new InMemoryUsersStore();
  identity = new FakeIdentityDirectory();
  handler = makeHandler({
    users,
    identity,
    services: new InMemoryServicesStore(),
    mailer: new RecordingMailer(),
    mailLog: new InMemoryMailLog(),
    siteUrl: () => 'https://store.example.in',
    limits: new InMemoryRateLimiter(),
    log: new RecordingLog(),
    now: () => new Date('2026-11-22T02:00:00.000Z'),
  });
});

const put = (body?: unknown) =>
  httpEvent('put-profile.json', body === undefined ? {} : { body: JSON.stringify(body) });

function asCaller(event: APIGatewayProxyEventV2, claims: Record<string, string>) {
  const context = event.requestContext as unknown as {
    authorizer: { jwt: { claims: Record<string, string> } };
  };
  Object.assign(context.authorizer.jwt.claims, claims);
  return event;
}

describe('profile handler', () => {
  it('GET answers the profile of the user the token names', async () => {
    const { statusCode, json } = parse(await handler(httpEvent('get-profile.json')));

    expect(statusCode).toBe(200);
    expect(json).toEqual({
      email: BUYER.email,
      name: BUYER.name,
      phone: BUYER.phone,
      billing: null,
    });
  });

  it('PUT saves the profile and answers it as stored', async () => {
    const { statusCode, json } = parse(await handler(put()));

    expect(statusCode).toBe(200);
    expect(json).toEqual({
      email: BUYER.email,
      name: 'Asha Verma',
      phone: '+919876543210',
      billing: {
        name: 'Verma Traders',
        line1: '12, MG Road',
        line2: 'Shanthala Nagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        gstin: '29AAPFU0939F1ZR',
      },
    });
    expect(parse(await handler(httpEvent('get-profile.json'))).json).toEqual(json);
  });

  it("another user's token reads and writes only that user's own profile", async () => {
    await handler(put());

    const theirs = parse(await handler(asCaller(httpEvent('get-profile.json'), OTHER)));

    expect(theirs.json).toMatchObject({ email: OTHER.email, billing: null });
    expect(users.items.get(BUYER.userId)?.billing?.name).toBe('Verma Traders');
  });

  it('answers 400 invalid_gstin with the sentence for a GSTIN of another state', async () => {
    const { statusCode, json } = parse(
      await handler(
        put({
          billing: {
            name: 'Verma Traders',
            line1: '12, MG Road',
            city: 'Kochi',
            state: 'Kerala',
            pincode: '682001',
            gstin: '29AAPFU0939F1ZR',
          },
        }),
      ),
    );

    expect(statusCode).toBe(400);
    expect(json).toEqual({
      error: { code: 'invalid_gstin', message: 'This GSTIN is not valid for the selected state.' },
    });
    expect(users.items.get(BUYER.userId)?.billing).toBeUndefined();
  });

  it.each([
    [{ phone: '12345' }, 'Please enter a 10-digit Indian mobile number'],
    [{ name: ' ', phone: '12345' }, 'Please check these fields: Name, Phone number.'],
    [{ email: 'new@example.in' }, 'This request has fields we do not accept: email.'],
    [{ phone: 9876543210 }, 'Please check these fields: phone.'],
    [{ billing: { name: 'A', line1: 'B', city: 'C', state: 'Karnataka' } }, 'billing.pincode'],
  ])('answers 400 validation_failed with a readable message to %j', async (body, message) => {
    const { statusCode, json } = parse(await handler(put(body)));

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({
      error: { code: 'validation_failed', message: expect.stringContaining(message) },
    });
    expect(identity.calls).toEqual([]);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const { statusCode, json } = parse(
      await handler(httpEvent('put-profile.json', { body: 'name=A' })),
    );

    expect(statusCode).toBe(400);
    expect(json).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('answers 401 without an ID token', async () => {
    const event = withoutAuthorizer(httpEvent('get-profile.json'));

    expect(parse(await handler(event)).statusCode).toBe(401);
  });

  it('answers 500, never a stack trace, when the record cannot be written after Cognito took the change', async () => {
    users.updateProfile = async () => {
      throw new Error('ProvisionedThroughputExceededException at /var/task/index.js:1');
    };

    const answer = await handler(put({ name: 'Asha R' }));

    expect(answer.statusCode).toBe(500);
    expect(parse(answer).json).toMatchObject({ error: { code: 'internal_error' } });
    expect(answer.body).not.toMatch(/var\/task|Provisioned/);
    expect(identity.calls).toHaveLength(1);
  });
});
