/**
 * Webhook delivery as Razorpay does it: the payload signed with the webhook secret
 * (X-Razorpay-Signature, HMAC-SHA256 hex of the raw body), a unique X-Razorpay-Event-Id, and
 * retries with backoff when the answer is not 2xx or does not come within 5 s. The retrying is the
 * local stack's durable queue; the deliveries are kept in the simulator's state (which
 * `/_simulator/deliveries` lists), so a restart resumes the pending ones.
 */
import { createHmac } from 'node:crypto';
import { DurableQueue, type JobStore } from '../durable-queue';
import {
  razorpayId,
  type DeliveryAttempt,
  type RazorpayOrder,
  type RazorpayPayment,
  type SimulatorState,
  type WebhookDelivery,
} from './state';

export const MAX_ATTEMPTS = 6;
const TIMEOUT_MS = 5000;

export type WebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed'
  | 'token.confirmed'
  | 'token.cancelled'
  | 'token.paused'
  | 'token.rejected';

/** The entities a webhook carries (`payload.payment.entity`, ...), as Razorpay nests them. */
export type WebhookEntities = Partial<Record<'payment' | 'order' | 'refund' | 'token', unknown>>;

export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export class WebhookSender {
  private readonly queue: DurableQueue<WebhookDelivery, DeliveryAttempt>;

  constructor(
    private readonly state: SimulatorState,
    private readonly url: string,
    private readonly webhookSecret: string,
    retryBaseMs: number,
  ) {
    const store: JobStore<WebhookDelivery> = {
      deadLetters: 'the simulator state, as status failed',
      pending: () => state.data.deliveries.filter((d) => d.status === 'pending'),
      save: (delivery) => {
        if (!state.data.deliveries.includes(delivery)) state.data.deliveries.push(delivery);
        state.save();
      },
    };
    this.queue = new DurableQueue({
      name: 'razorpay-simulator',
      store,
      maxAttempts: MAX_ATTEMPTS,
      retryBaseMs,
      run: (delivery) => this.send(delivery),
      describe: (d) => `webhook ${d.event} ${d.eventId} (${d.id})`,
    });
  }

  /**
   * Records a delivery (durably) and sends it soon after: `payment` (and `order` for order.paid).
   * Calling `schedule` for it afterwards changes nothing.
   */
  enqueue(
    event: WebhookEventName,
    payment: RazorpayPayment,
    order: RazorpayOrder,
  ): WebhookDelivery {
    const entities: WebhookEntities = event === 'order.paid' ? { payment, order } : { payment };
    return this.enqueueEvent(event, entities, { orderId: order.id, paymentId: payment.id });
  }

  /** Any event with the entities it carries, e.g. `{ refund, payment }` for refund.processed. */
  enqueueEvent(
    event: WebhookEventName,
    entities: WebhookEntities,
    ids: { orderId: string; paymentId: string },
  ): WebhookDelivery {
    const payload = Object.fromEntries(
      Object.entries(entities).map(([name, entity]) => [name, { entity }]),
    );
    const body = JSON.stringify({
      entity: 'event',
      account_id: this.state.data.accountId,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    const delivery: WebhookDelivery = {
      id: razorpayId('dlv'),
      eventId: razorpayId(''),
      event,
      orderId: ids.orderId,
      paymentId: ids.paymentId,
      url: this.url,
      body,
      status: 'pending',
      attempts: [],
      nextAttemptAt: Date.now(),
    };
    this.queue.enqueue(delivery);
    return delivery;
  }

  /** Sends a recorded delivery again, with the same event id and body (Razorpay's "resend"). */
  redeliver(delivery: WebhookDelivery): void {
    this.queue.retry(delivery);
  }

  /** At start: sends every delivery still pending at once (the storefront was down with us). */
  resumePending(): number {
    return this.queue.resume();
  }

  schedule(delivery: WebhookDelivery, delayMs: number): void {
    this.queue.schedule(delivery, delayMs);
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  private async send(
    delivery: WebhookDelivery,
  ): Promise<{ ok: boolean; attempt: DeliveryAttempt }> {
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | undefined;
    try {
      delivery.url = this.url; // the storefront's address now, which may have moved since a restart
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-signature': signBody(delivery.body, this.webhookSecret),
          'x-razorpay-event-id': delivery.eventId,
        },
        body: delivery.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      statusCode = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error =
        err instanceof Error && err.name === 'TimeoutError'
          ? 'no answer within 5 s'
          : 'connection failed';
    }
    return {
      ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
      attempt: {
        at: new Date(started).toISOString(),
        statusCode,
        durationMs: Date.now() - started,
        ...(error ? { error } : {}),
      },
    };
  }
}
