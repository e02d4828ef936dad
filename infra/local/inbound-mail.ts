/**
 * Replies by mail, locally (D27): what SES receiving does in AWS. `POST /_local/mail/inbound`
 * `{"raw": "<the MIME message>", "verdicts"?: {"spf","dkim","dmarc","spam","virus"}}` stores the
 * raw message in the tickets' bucket on the object storage stand-in (as the receipt rule's S3
 * action would, under `inbound-mail/<id>`) and invokes the inbound-mail Lambda with an SES
 * receipt event naming it. The verdicts default to PASS (a mail from a real mailbox); a test sends
 * `{"spf": "FAIL", "dkim": "FAIL", ...}` for a forged sender. Answers the Lambda's outcome.
 */
import { randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { SESEvent } from 'aws-lambda';
import { TICKET_FILES } from '../../lambdas/system/facts';
import type { LambdaRuntime } from './lambda-runtime';

const VERDICTS = ['spf', 'dkim', 'dmarc', 'spam', 'virus'] as const;
const STATUSES = new Set(['PASS', 'FAIL', 'GRAY', 'PROCESSING_FAILED']);
/** SES accepts mail up to 40 MB; a local hook needs far less. */
const MAX_RAW_CHARS = 1024 * 1024;

export interface InboundMailHook {
  /** The object storage stand-in's S3 origin, the bucket, and the key that owns it. */
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  runtime: LambdaRuntime;
}

export async function deliverInboundMail(
  hook: InboundMailHook,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const input = body as { raw?: unknown; verdicts?: Record<string, unknown> } | null;
  if (
    typeof input?.raw !== 'string' ||
    input.raw.length === 0 ||
    input.raw.length > MAX_RAW_CHARS
  ) {
    return refusal('Send {"raw": "<the MIME message, headers and body>"} (at most 1 MB).');
  }
  const verdicts: Record<string, string> = {};
  for (const name of VERDICTS) {
    const given = input.verdicts?.[name] ?? 'PASS';
    if (typeof given !== 'string' || !STATUSES.has(given)) {
      return refusal(`verdicts.${name} must be one of PASS, FAIL, GRAY, PROCESSING_FAILED.`);
    }
    verdicts[name] = given;
  }
  const messageId = `local${randomBytes(16).toString('hex')}`;
  const s3 = new S3Client({
    endpoint: hook.endpoint,
    region: hook.region,
    forcePathStyle: true,
    credentials: hook.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
  try {
    await s3.send(
      new PutObjectCommand({
        Bucket: hook.bucket,
        Key: `${TICKET_FILES.inboundMailPrefix}${messageId}`,
        Body: input.raw,
        ContentType: 'message/rfc822',
      }),
    );
  } finally {
    s3.destroy();
  }
  const outcome = await hook.runtime.invoke('inboundMail', sesEvent(messageId, verdicts));
  if (!outcome.ok) {
    return {
      status: 500,
      body: { error: { code: 'lambda_failed', message: outcome.error.errorMessage } },
    };
  }
  return { status: 200, body: { sesMessageId: messageId, outcomes: outcome.result } };
}

function refusal(message: string) {
  return { status: 400, body: { error: { code: 'validation_failed', message } } };
}

/** SES's receipt event for a Lambda action (what the handler reads of it). */
function sesEvent(messageId: string, verdicts: Record<string, string>): SESEvent {
  const status = (name: string) => ({ status: verdicts[name] ?? 'PASS' });
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: { messageId, timestamp: new Date().toISOString() },
          receipt: {
            spfVerdict: status('spf'),
            dkimVerdict: status('dkim'),
            dmarcVerdict: status('dmarc'),
            spamVerdict: status('spam'),
            virusVerdict: status('virus'),
            action: { type: 'Lambda', invocationType: 'Event' },
          },
        },
      },
    ],
  } as unknown as SESEvent;
}
