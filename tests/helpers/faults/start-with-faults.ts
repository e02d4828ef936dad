/**
 * The local stack (infra/local/start.ts), unchanged, with test-only faults patched in from outside
 * before it starts. Nothing here ships and infra/local carries no fault switch. STOREFRONT_FAULTS is
 * a comma-separated list:
 *  - `hold-purchase-events`: every PutEvents that carries a PurchaseCompleted hangs and never
 *    answers, so a fulfilment stops after it has written the purchase, the order and the user and
 *    before its event is out: the point where a crash hurts most.
 *  - `hold-welcome-mail`: every SES SendEmail and SendRawEmail (the welcome mail with its invoice
 *    PDF attached) hangs and never answers, so the welcome mail stops after its claim is taken and
 *    before the mail is out.
 *  - `detach-ses`: the SES stand-in may stop and come back (the test runs its own on the same port)
 *    without the stack taking itself down, as it does when a stand-in dies.
 *  - `hold-refund-request`: every Razorpay refund call hangs before it is sent, so the refunds
 *    worker stops after the intent is recorded and before Razorpay has the refund.
 *  - `hold-refund-answer`: every Razorpay refund call reaches Razorpay (the refund is made) and its
 *    answer never comes back, so the worker stops before it has recorded Razorpay's refund.
 *  - `hold-refund-requested-event`: every PutEvents that carries a RefundRequested hangs, so a
 *    cancellation stops after its intent is recorded and before the refunds worker is told.
 *  - `hold-invoice-number`: every DynamoDB write of a tax invoice number onto a purchase hangs, so
 *    a fulfilment stops after it reserved the number on the series' counter and before the
 *    purchase holds it: the one window where a crash leaves a number on no purchase.
 * Each fault prints a `[fault] ...` line when it acts, which the test waits for.
 */
import type { ChildProcess } from 'node:child_process';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SESClient, SendEmailCommand, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Children } from '../../../infra/local/processes';
import { RazorpayGateway } from '../../../lambdas/adapters/razorpay-api/razorpay-gateway';

const faults = new Set(
  (process.env.STOREFRONT_FAULTS ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean),
);
const known = new Set([
  'hold-purchase-events',
  'hold-welcome-mail',
  'detach-ses',
  'hold-invoice-number',
  'hold-refund-request',
  'hold-refund-answer',
  'hold-refund-requested-event',
]);
for (const fault of faults) {
  if (!known.has(fault)) throw new Error(`Unknown fault ${fault} in STOREFRONT_FAULTS.`);
}

function announce(line: string): void {
  console.log(`[fault] ${line}`);
}

if (faults.has('hold-purchase-events')) {
  const originalSend = EventBridgeClient.prototype.send;
  const holding = function (this: EventBridgeClient, command: unknown, ...rest: unknown[]) {
    const entries = command instanceof PutEventsCommand ? (command.input.Entries ?? []) : [];
    if (entries.some((entry) => entry.DetailType === 'PurchaseCompleted')) {
      announce('PutEvents PurchaseCompleted held');
      return new Promise<never>(() => undefined);
    }
    return (originalSend as (...args: unknown[]) => unknown).call(this, command, ...rest);
  };
  EventBridgeClient.prototype.send = holding as typeof originalSend;
}

if (faults.has('hold-refund-requested-event')) {
  const originalSend = EventBridgeClient.prototype.send;
  const holding = function (this: EventBridgeClient, command: unknown, ...rest: unknown[]) {
    const entries = command instanceof PutEventsCommand ? (command.input.Entries ?? []) : [];
    if (entries.some((entry) => entry.DetailType === 'RefundRequested')) {
      announce('PutEvents RefundRequested held');
      return new Promise<never>(() => undefined);
    }
    return (originalSend as (...args: unknown[]) => unknown).call(this, command, ...rest);
  };
  EventBridgeClient.prototype.send = holding as typeof originalSend;
}

if (faults.has('hold-welcome-mail')) {
  const originalSend = SESClient.prototype.send;
  const holding = function (this: SESClient, command: unknown, ...rest: unknown[]) {
    if (command instanceof SendEmailCommand || command instanceof SendRawEmailCommand) {
      announce('SendEmail held');
      return new Promise<never>(() => undefined);
    }
    return (originalSend as (...args: unknown[]) => unknown).call(this, command, ...rest);
  };
  SESClient.prototype.send = holding as typeof originalSend;
}

if (faults.has('detach-ses')) {
  const originalStart = Children.prototype.start;
  Children.prototype.start = function detachingStart(this: Children, options) {
    const child: ChildProcess = originalStart.call(this, options);
    if (options.name === 'aws-ses-v2-local') {
      // Children.start's own exit listener, added last, is the one that stops the stack.
      const stopsTheStack = child.listeners('exit').at(-1);
      if (stopsTheStack) child.off('exit', stopsTheStack as (...args: unknown[]) => void);
      announce(`ses pid ${child.pid}`);
    }
    return child;
  };
}

if (faults.has('hold-invoice-number')) {
  const originalSend = DynamoDBDocumentClient.prototype.send;
  const holding = function (this: DynamoDBDocumentClient, command: unknown, ...rest: unknown[]) {
    if (
      command instanceof UpdateCommand &&
      command.input.ExpressionAttributeNames?.['#number'] === 'invoiceNumber'
    ) {
      announce('invoice number write held');
      return new Promise<never>(() => undefined);
    }
    return (originalSend as (...args: unknown[]) => unknown).call(this, command, ...rest);
  };
  DynamoDBDocumentClient.prototype.send = holding as typeof originalSend;
}

if (faults.has('hold-refund-request') || faults.has('hold-refund-answer')) {
  const originalCreate = RazorpayGateway.prototype.createRefund;
  const answerLost = faults.has('hold-refund-answer');
  RazorpayGateway.prototype.createRefund = async function holding(
    this: RazorpayGateway,
    ...args: Parameters<RazorpayGateway['createRefund']>
  ) {
    if (answerLost) {
      const made = await originalCreate.apply(this, args);
      announce(`createRefund answer held (${made.id})`);
    } else {
      announce('createRefund request held');
    }
    return new Promise<never>(() => undefined);
  };
}

await import('../../../infra/local/start');
