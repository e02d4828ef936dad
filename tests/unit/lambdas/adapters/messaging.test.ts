import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand, SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { simpleParser } from 'mailparser';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadEvent } from '../../../../events/load-event';
import { EventBridgePublisher } from '../../../../lambdas/adapters/eventbridge/event-publisher';
import { razorpayCredentialsLoader } from '../../../../lambdas/adapters/secrets/razorpay-secrets';
import { composeMimeMessage } from '../../../../lambdas/adapters/ses/mime-message';
import { SesMailer } from '../../../../lambdas/adapters/ses/ses-mailer';
import type { PurchaseCompletedDetail } from '../../../../lambdas/domain/api';
import { EVENT_BUS_NAME, EVENT_SOURCES } from '../../../../lambdas/system/facts';

const ses = new SESClient({ region: 'ap-south-1' });
const events = new EventBridgeClient({ region: 'ap-south-1' });
const secrets = new SecretsManagerClient({ region: 'ap-south-1' });
const sesMock = mockClient(ses);
const eventsMock = mockClient(events);
const secretsMock = mockClient(secrets);

beforeEach(() => {
  sesMock.reset();
  eventsMock.reset();
  secretsMock.reset();
});

const pdf = () => Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x0a]);

describe('SesMailer', () => {
  it('sends one SES v1 SendEmail with an HTML and a text body', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    await new SesMailer(ses, () => 'Storefront <no-reply@example.in>').send({
      to: 'asha@example.in',
      replyTo: 'reply@example.in',
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });

    expect(sesMock.commandCalls(SendEmailCommand)[0]?.args[0].input).toEqual({
      Source: 'Storefront <no-reply@example.in>',
      Destination: { ToAddresses: ['asha@example.in'] },
      ReplyToAddresses: ['reply@example.in'],
      Message: {
        Subject: { Data: 'Hello', Charset: 'UTF-8' },
        Body: {
          Html: { Data: '<p>Hi</p>', Charset: 'UTF-8' },
          Text: { Data: 'Hi', Charset: 'UTF-8' },
        },
      },
    });
  });

  it('sends a mail with attachments as one SendRawEmail MIME message, and no SendEmail', async () => {
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-2' });
    const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x0a]);

    await new SesMailer(ses, () => 'no-reply@example.in', composeMimeMessage).send({
      to: 'asha@example.in',
      subject: 'Your plan is ₹2,948.82 a month',
      html: '<p>₹ Hi</p>',
      text: '₹ Hi',
      attachments: [
        { fileName: 'INV-26-27-000001.pdf', contentType: 'application/pdf', content: pdf },
      ],
    });

    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
    const input = sesMock.commandCalls(SendRawEmailCommand)[0]?.args[0].input;
    expect(input?.Source).toBe('no-reply@example.in');
    expect(input?.Destinations).toEqual(['asha@example.in']);
    // Read back as a mail client would: the subject's ₹ decoded, the PDF byte for byte.
    const parsed = await simpleParser(Buffer.from(input?.RawMessage?.Data ?? new Uint8Array()));
    expect(parsed.subject).toBe('Your plan is ₹2,948.82 a month');
    expect(parsed.from?.text).toBe('no-reply@example.in');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : parsed.to).toBe(
      'asha@example.in',
    );
    expect(parsed.text?.trim()).toBe('₹ Hi');
    expect(parsed.html).toContain('<p>₹ Hi</p>');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('INV-26-27-000001.pdf');
    expect(parsed.attachments[0]?.contentType).toBe('application/pdf');
    expect(Uint8Array.from(parsed.attachments[0]?.content ?? [])).toEqual(pdf);
  });

  it('refuses a mail with attachments when it was given no MIME composer, and sends nothing', async () => {
    const mailer = new SesMailer(ses, () => 'no-reply@example.in');

    await expect(
      mailer.send({
        to: 'asha@example.in',
        subject: 'Your invoice',
        html: '<p>Hi</p>',
        text: 'Hi',
        attachments: [
          { fileName: 'INV-26-27-000001.pdf', contentType: 'application/pdf', content: pdf() },
        ],
      }),
    ).rejects.toThrow(/sends no attachments/);
    expect(sesMock.calls()).toHaveLength(0);
  });
});

describe('EventBridgePublisher', () => {
  const detail = loadEvent<{ detail: PurchaseCompletedDetail }>(
    'eventbridge/purchase-completed.json',
  ).detail;

  it('puts PurchaseCompleted on the bus with the contract source and detail', async () => {
    eventsMock
      .on(PutEventsCommand)
      .resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });

    await new EventBridgePublisher(events, () => EVENT_BUS_NAME).publishPurchaseCompleted(detail);

    const entry = eventsMock.commandCalls(PutEventsCommand)[0]?.args[0].input.Entries?.[0];
    expect(entry).toMatchObject({
      Source: EVENT_SOURCES.payments,
      DetailType: 'PurchaseCompleted',
      EventBusName: EVENT_BUS_NAME,
    });
    expect(JSON.parse(entry?.Detail ?? '')).toEqual(detail);
  });

  it('throws when the bus refuses the entry, so fulfilment retries the publish', async () => {
    eventsMock.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }],
    });

    await expect(
      new EventBridgePublisher(events, () => EVENT_BUS_NAME).publishPurchaseCompleted(detail),
    ).rejects.toThrow('InternalFailure');
  });
});

describe('Razorpay credentials', () => {
  it('come from the environment settings locally, without calling Secrets Manager', async () => {
    const load = razorpayCredentialsLoader(
      () => ({
        source: 'environment',
        keyId: 'rzp_test_local',
        keySecret: 'ks',
        webhookSecret: 'ws',
      }),
      secrets,
    );

    expect(await load()).toEqual({ keyId: 'rzp_test_local', keySecret: 'ks', webhookSecret: 'ws' });
    expect(secretsMock.calls()).toHaveLength(0);
  });

  it('are fetched from Secrets Manager once per cold start', async () => {
    secretsMock.on(GetSecretValueCommand).resolves({
      SecretString: JSON.stringify({ keyId: 'rzp_live_x', keySecret: 'ks', webhookSecret: 'ws' }),
    });
    const load = razorpayCredentialsLoader(
      () => ({ source: 'secretsManager', secretArn: 'arn:secret', keyId: undefined }),
      secrets,
    );

    await Promise.all([load(), load()]);
    expect(await load()).toEqual({ keyId: 'rzp_live_x', keySecret: 'ks', webhookSecret: 'ws' });
    expect(secretsMock.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(secretsMock.commandCalls(GetSecretValueCommand)[0]?.args[0].input).toEqual({
      SecretId: 'arn:secret',
    });
  });

  it('name the missing field of a malformed secret, and are fetched again after a failure', async () => {
    secretsMock
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ keyId: 'k' }) })
      .resolvesOnce({
        SecretString: JSON.stringify({ keyId: 'k', keySecret: 's', webhookSecret: 'w' }),
      });
    const load = razorpayCredentialsLoader(
      () => ({ source: 'secretsManager', secretArn: 'arn:secret', keyId: undefined }),
      secrets,
    );

    await expect(load()).rejects.toThrow(/keySecret, webhookSecret/);
    await expect(load()).resolves.toMatchObject({ keySecret: 's' });
  });
});
