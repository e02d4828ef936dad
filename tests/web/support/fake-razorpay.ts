import type {
  RazorpayFailure,
  RazorpayOptions,
  RazorpaySuccess,
} from '../../../web/src/lib/razorpay-checkout';

/** Stands in for Razorpay Checkout's `window.Razorpay`; tests drive its callbacks. */
export class FakeRazorpay {
  static instances: FakeRazorpay[] = [];
  opened = false;
  private failedHandlers: Array<(response: RazorpayFailure) => void> = [];

  constructor(readonly options: RazorpayOptions) {
    FakeRazorpay.instances.push(this);
  }

  open() {
    this.opened = true;
  }

  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void) {
    if (event === 'payment.failed') this.failedHandlers.push(callback);
  }

  /** What the sheet's Pay button leads to. */
  succeed(response: RazorpaySuccess) {
    this.options.handler(response);
  }

  /** What the sheet's Fail button leads to. */
  fail(description: string) {
    for (const handler of this.failedHandlers) {
      handler({ error: { code: 'BAD_REQUEST_ERROR', description, reason: 'payment_failed' } });
    }
  }

  dismiss() {
    this.options.modal?.ondismiss?.();
  }

  static last(): FakeRazorpay {
    const instance = FakeRazorpay.instances.at(-1);
    if (!instance) throw new Error('Razorpay Checkout was never opened');
    return instance;
  }

  static install() {
    FakeRazorpay.instances = [];
    window.Razorpay = FakeRazorpay;
  }
}
