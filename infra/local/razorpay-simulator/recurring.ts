/**
 * Razorpay's recurring payments, as the simulator answers them (docs/toolchain.md cites the
 * pages): Customers (`POST /v1/customers` with `fail_existing`), tokens (`GET
 * /v1/customers/{id}/tokens`, `DELETE /v1/customers/{id}/tokens/{token_id}`), the registration
 * made by paying an order with a `token` block in Checkout (card or UPI Autopay), and recurring
 * debits (`POST /v1/payments/create/recurring`). A card debit answers at once; a UPI debit stays
 * `created` for the notification step (24 h at Razorpay, `upiNotificationMs` here) before it is
 * captured or fails. Failure modes: insufficient funds, and a mandate revoked at the bank (the
 * token is cancelled, with its webhook). Test hooks: list tokens, revoke or pause one "at the
 * bank", and choose how the next debit ends.
 */
import {
  razorpayId,
  type DebitOutcome,
  type RazorpayCustomer,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayToken,
  type SimulatorState,
  type TokenStatus,
} from './state';
import type { WebhookSender } from './webhooks';

/** What a handler answers: a status and Razorpay's JSON. */
export interface Answer {
  status: number;
  body: unknown;
}

const error = (description: string, field?: string): Answer => ({
  status: 400,
  body: {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  },
});

const now = () => Math.floor(Date.now() / 1000);

export class RecurringPayments {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly state: SimulatorState,
    private readonly webhooks: WebhookSender,
    private readonly feeOf: (amount: number) => { fee: number; tax: number },
  ) {}

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** `POST /v1/customers {name, email, contact?, fail_existing?}`. */
  createCustomer(body: Record<string, unknown>): Answer {
    const { name, email, contact } = body;
    if (typeof name !== 'string' || !name.trim() || name.length > 50)
      return error('The name field is required and must be at most 50 characters.', 'name');
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
      return error('The email must be a valid email address.', 'email');
    const existing = Object.values(this.state.data.customers).find((c) => c.email === email);
    if (existing) {
      return String(body.fail_existing) === '0'
        ? { status: 200, body: existing }
        : error('Customer already exists for the merchant');
    }
    const customer: RazorpayCustomer = {
      id: razorpayId('cust'),
      entity: 'customer',
      name,
      email,
      contact: typeof contact === 'string' ? contact : null,
      created_at: now(),
    };
    this.state.data.customers[customer.id] = customer;
    this.state.save();
    return { status: 200, body: customer };
  }

  /** The order's `customer_id`, `method` and `token` block, checked as Razorpay does. */
  orderTerms(body: Record<string, unknown>): Answer | Partial<RazorpayOrder> {
    if (body.token === undefined) return {};
    const token = body.token as Record<string, unknown> | null;
    const customerId = body.customer_id;
    if (typeof customerId !== 'string' || !this.state.data.customers[customerId])
      return error('The customer_id is required for a recurring order.', 'customer_id');
    if (body.method !== undefined && body.method !== 'card' && body.method !== 'upi')
      return error('The method must be card or upi.', 'method');
    if (!token || typeof token.max_amount !== 'number' || !Number.isInteger(token.max_amount))
      return error('The token.max_amount must be an integer.', 'token.max_amount');
    if (typeof token.expire_at !== 'number' || token.expire_at <= now())
      return error('The token.expire_at must be a future time.', 'token.expire_at');
    const frequency = typeof token.frequency === 'string' ? token.frequency : 'as_presented';
    return {
      customer_id: customerId,
      ...(body.method ? { method: body.method as 'card' | 'upi' } : {}),
      token: { max_amount: token.max_amount, expire_at: token.expire_at, frequency },
    };
  }

  /**
   * A registration order paid in Checkout: its token is saved, confirmed (or, as the next
   * registration was set to end, rejected by the bank while the payment goes through), and
   * announced.
   */
  register(order: RazorpayOrder, payment: RazorpayPayment): void {
    if (!order.token || !order.customer_id) return;
    const method = order.method ?? payment.method;
    const settings = this.state.data.settings;
    const status = settings.nextRegistration;
    settings.nextRegistration = 'confirmed';
    const token: RazorpayToken = {
      id: razorpayId('token'),
      entity: 'token',
      token: razorpayId(''),
      customer_id: order.customer_id,
      method,
      max_amount: order.token.max_amount,
      expired_at: order.token.expire_at,
      recurring: true,
      recurring_details: {
        status,
        failure_reason: status === 'rejected' ? 'mandate rejected by the bank' : null,
      },
      card:
        method === 'card'
          ? { last4: '4242', network: 'Visa', type: 'credit', issuer: 'HDFC' }
          : null,
      vpa: method === 'upi' ? { username: 'success', handle: 'razorpay' } : null,
      created_at: now(),
    };
    this.state.data.tokens[token.id] = token;
    payment.token_id = token.id;
    payment.customer_id = order.customer_id;
    payment.recurring = true;
    payment.method = method;
    this.state.save();
    this.webhooks.enqueueEvent(
      `token.${status}`,
      { token: { ...token } },
      { orderId: order.id, paymentId: payment.id },
    );
  }

  /** `GET /v1/customers/{id}/tokens`. */
  listTokens(customerId: string): Answer {
    if (!this.state.data.customers[customerId])
      return error('The id provided does not exist', 'customer_id');
    const items = Object.values(this.state.data.tokens).filter((t) => t.customer_id === customerId);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  /** `DELETE /v1/customers/{id}/tokens/{token_id}`: the mandate is cancelled. */
  deleteToken(customerId: string, tokenId: string): Answer {
    const token = this.state.data.tokens[tokenId];
    if (
      !token ||
      token.customer_id !== customerId ||
      token.recurring_details.status === 'cancelled'
    )
      return error('The id provided does not exist', 'token_id');
    this.setStatus(token, 'cancelled', null);
    return { status: 200, body: { deleted: true } };
  }

  /** `POST /v1/payments/create/recurring`. */
  createRecurringPayment(body: Record<string, unknown>): Answer {
    const order = this.state.data.orders[String(body.order_id ?? '')];
    if (!order) return error('The id provided does not exist', 'order_id');
    if (order.status === 'paid') return error('Order has already been paid.', 'order_id');
    const token = this.state.data.tokens[String(body.token ?? '')];
    if (!token || token.customer_id !== body.customer_id)
      return error('The token provided does not exist for this customer.', 'token');
    if (String(body.recurring) !== '1') return error('The recurring field must be 1.', 'recurring');
    if (body.amount !== order.amount)
      return error('The amount must be the order amount.', 'amount');
    if (order.amount > token.max_amount)
      return error('The amount exceeds the maximum amount of the mandate.', 'amount');
    if (typeof body.email !== 'string' || typeof body.contact !== 'string')
      return error('The email and contact fields are required.', 'email');
    const pending = Object.values(this.state.data.payments).some(
      (p) => p.order_id === order.id && (p.status === 'created' || p.status === 'authorized'),
    );
    if (pending) return error('A payment on this order is already in progress.', 'order_id');

    if (token.recurring_details.status !== 'confirmed')
      return error(
        `The token is ${token.recurring_details.status}; it cannot be charged.`,
        'token',
      );
    const settings = this.state.data.settings;
    const outcome: DebitOutcome = settings.nextDebitOutcome;
    settings.nextDebitOutcome = 'success';
    const payment: RazorpayPayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'created',
      order_id: order.id,
      token_id: token.id,
      customer_id: token.customer_id,
      recurring: true,
      invoice_id: null,
      international: false,
      method: token.method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: typeof body.description === 'string' ? body.description.slice(0, 255) : null,
      card_id: token.method === 'card' ? razorpayId('card') : null,
      bank: null,
      wallet: null,
      vpa: token.method === 'upi' ? 'success@razorpay' : null,
      email: body.email,
      contact: body.contact,
      notes: order.notes,
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: now(),
    };
    this.state.data.payments[payment.id] = payment;
    order.attempts += 1;
    if (order.status === 'created') order.status = 'attempted';
    this.state.save();
    if (token.method === 'upi') {
      // UPI: the bank notifies the buyer first; the debit ends after that step.
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.settle(payment.id, outcome);
      }, settings.upiNotificationMs);
      this.timers.add(timer);
    } else {
      this.settle(payment.id, outcome);
    }
    return {
      status: 200,
      body: { razorpay_payment_id: payment.id, razorpay_order_id: order.id },
    };
  }

  /** Ends a debit: captured (auto-capture) or failed, with Razorpay's webhooks. */
  private settle(paymentId: string, outcome: DebitOutcome): void {
    const payment = this.state.data.payments[paymentId];
    const order = payment && this.state.data.orders[payment.order_id];
    if (!payment || !order || payment.status !== 'created') return;
    if (outcome === 'success') {
      payment.status = 'captured';
      payment.captured = true;
      Object.assign(payment, this.feeOf(payment.amount));
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      this.state.save();
      this.webhooks.enqueue(
        'payment.authorized',
        { ...payment, status: 'authorized', captured: false, fee: null, tax: null },
        order,
      );
      this.webhooks.enqueue('payment.captured', payment, order);
      this.webhooks.enqueue('order.paid', payment, order);
      return;
    }
    const revoked = outcome === 'mandate_revoked';
    Object.assign(payment, {
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: revoked
        ? 'The mandate was revoked by the customer at the bank.'
        : 'Payment failed due to insufficient funds.',
      error_source: 'customer',
      error_step: 'payment_debit_request',
      error_reason: revoked ? 'mandate_revoked' : 'insufficient_funds',
    });
    this.state.save();
    this.webhooks.enqueue('payment.failed', payment, order);
    const token = payment.token_id ? this.state.data.tokens[payment.token_id] : undefined;
    if (revoked && token && token.recurring_details.status !== 'cancelled')
      this.setStatus(token, 'cancelled', 'mandate revoked by the customer');
  }

  /** Test hook: the buyer revokes (or pauses, resumes) the mandate in their bank's app. */
  atTheBank(tokenId: string, status: TokenStatus): Answer {
    const token = this.state.data.tokens[tokenId];
    if (!token)
      return { status: 404, body: { error: { code: 'NOT_FOUND', description: 'No such token.' } } };
    if (!['cancelled', 'paused', 'confirmed', 'rejected'].includes(status))
      return error('status must be cancelled, paused, confirmed or rejected.', 'status');
    this.setStatus(token, status, status === 'confirmed' ? null : `${status} at the bank`);
    return { status: 200, body: token };
  }

  /** Test hook: how the next recurring debit ends. */
  nextDebit(outcome: unknown): Answer {
    if (outcome !== 'success' && outcome !== 'insufficient_funds' && outcome !== 'mandate_revoked')
      return error(
        'outcome must be "success", "insufficient_funds" or "mandate_revoked".',
        'outcome',
      );
    this.state.data.settings.nextDebitOutcome = outcome;
    this.state.save();
    return { status: 200, body: { outcome } };
  }

  /** Test hook: how the next mandate registration ends. */
  nextRegistration(outcome: unknown): Answer {
    if (outcome !== 'confirmed' && outcome !== 'rejected')
      return error('outcome must be "confirmed" or "rejected".', 'outcome');
    this.state.data.settings.nextRegistration = outcome;
    this.state.save();
    return { status: 200, body: { outcome } };
  }

  /** Test hook: the UPI notification step's length. */
  setUpiNotification(ms: unknown): Answer {
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 86_400_000)
      return error(
        'upiNotificationMs must be whole milliseconds, at most a day.',
        'upiNotificationMs',
      );
    this.state.data.settings.upiNotificationMs = ms;
    this.state.save();
    return { status: 200, body: { upiNotificationMs: ms } };
  }

  listAllTokens(): Answer {
    return { status: 200, body: { tokens: Object.values(this.state.data.tokens) } };
  }

  private setStatus(token: RazorpayToken, status: TokenStatus, reason: string | null): void {
    token.recurring_details = { status, failure_reason: reason };
    this.state.save();
    this.webhooks.enqueueEvent(
      `token.${status}` as 'token.cancelled',
      { token: { ...token } },
      { orderId: '', paymentId: '' },
    );
  }
}
