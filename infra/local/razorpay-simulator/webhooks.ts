/**
 * Webhook delivery as Razorpay does it: the payload signed with the webhook secret
 * (X-Razorpay-Signature, HMAC-SHA256 hex of the raw body), a unique X-Razorpay-Event-Id, and
 * retries with backoff when the answer is not 2xx or does not come within 5 s. Pending deliveries
 * are part of the persisted state, so a restart resumes them.
 */
import { createHmac } from 'node:crypto';
import {
  razorpayId,
  type RazorpayOrder,
  type RazorpayPayment,
  type SimulatorState,
  type WebhookDelivery,
} from './state';

export const MAX_ATTEMPTS = 6;
const TIMEOUT_MS = 5000;

export type WebhookEventName = 'payment.captured' | 'order.paid' | 'payment.failed';

export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly state: SimulatorState,
    private readonly url: string,
    private readonly webhookSecret: string,
    private readonly retryBaseMs: number,
  ) {}

  /** Records a delivery (durably) and sends it soon after. */
  enqueue(
    event: WebhookEventName,
    payment: RazorpayPayment,
    order: RazorpayOrder,
  ): WebhookDelivery {
    const contains = event === 'order.paid' ? ['payment', 'order'] : ['payment'];
    const payload: Record<string, { entity: unknown }> = { payment: { entity: payment } };
    if (event === 'order.paid') payload.order = { entity: order };
    const body = JSON.stringify({
      entity: 'event',
      account_id: this.state.data.accountId,
      event,
      contains,
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    const delivery: WebhookDelivery = {
      id: razorpayId('dlv'),
      eventId: razorpayId(''),
      event,
      orderId: order.id,
      paymentId: payment.id,
      url: this.url,
      body,
      status: 'pending',
      attempts: [],
      nextAttemptAt: Date.now(),
    };
    this.state.data.deliveries.push(delivery);
    this.state.save();
    return delivery;
  }

  /** Sends a recorded delivery again, with the same event id and body (Razorpay's "resend"). */
  redeliver(delivery: WebhookDelivery): void {
    delivery.status = 'pending';
    delivery.resentAt = new Date().toISOString();
    delivery.nextAttemptAt = Date.now();
    this.state.save();
    this.schedule(delivery, 0);
  }

  /** At start: sends every delivery still pending at once (the storefront was down with us). */
  resumePending(): number {
    const pending = this.state.data.deliveries.filter((d) => d.status === 'pending');
    for (const delivery of pending) this.schedule(delivery, 0);
    return pending.length;
  }

  schedule(delivery: WebhookDelivery, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const work = this.attempt(delivery).finally(() => this.inFlight.delete(work));
      this.inFlight.add(work);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
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
    if (this.stopped && statusCode === null) return; // shutting down: the attempt does not count
    delivery.attempts.push({
      at: new Date(started).toISOString(),
      statusCode,
      durationMs: Date.now() - started,
      ...(error ? { error } : {}),
    });
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      delivery.status = 'delivered';
      delivery.nextAttemptAt = null;
    } else if (
      delivery.attempts.filter((a) => a.at >= lastResend(delivery)).length >= MAX_ATTEMPTS
    ) {
      delivery.status = 'failed';
      delivery.nextAttemptAt = null;
    } else {
      const failures = delivery.attempts.length;
      const delay = this.retryBaseMs * 2 ** Math.min(failures - 1, 10);
      delivery.nextAttemptAt = Date.now() + delay;
      this.schedule(delivery, delay);
    }
    this.state.save();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}

/** Attempts count towards the limit from the last resend on. */
function lastResend(delivery: WebhookDelivery): string {
  return delivery.resentAt ?? '';
}
