/**
 * 500 malformed requests across every API route (tests/helpers/faults/malformed-requests.ts), 8 at
 * a time: no 5xx, and each answer is the status the contract gives with a readable error, either
 * the API's `{error: {code, message}}` or the authorizer's `{"message": "Unauthorized"}`.
 */
import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../helpers/local-stack';
import {
  api,
  isCodeMail,
  mailbox,
  newUser,
  placeOrder,
  signIn,
  signUp,
} from '../../helpers/storefront-client';
import { mapWithConcurrency } from '../../helpers/faults/fault-stack';
import {
  malformedRequests,
  TOTAL,
  type MalformedRequest,
} from '../../helpers/faults/malformed-requests';

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

let stack: LocalStack;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  // 500 requests in a burst: this measures the handlers' answers to bad input, not the per-route
  // throttle (tests/integration/abuse-limits.test.ts covers that), so the local throttle is off.
  stack = await startLocalStack({ env: { LOCAL_THROTTLE: 'off' } });
});

afterAll(async () => {
  agent.destroy();
  await stack?.dispose();
});

/** Sends the request exactly as written: the path is not normalised, the body not re-encoded. */
function send(req: MalformedRequest): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: stack.ports.storefront,
        method: req.method,
        path: req.path,
        agent,
        headers: {
          ...req.headers,
          ...(req.body !== undefined ? { 'content-length': Buffer.byteLength(req.body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** What is wrong with an answer, or undefined when it is what the contract gives. */
function problemWith(req: MalformedRequest, answer: Answer): string | undefined {
  if (answer.status !== req.expected.status)
    return `status ${answer.status}, expected ${req.expected.status}: ${answer.text.slice(0, 200)}`;
  if (!answer.contentType.startsWith('application/json'))
    return `content-type ${answer.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `not JSON: ${answer.text.slice(0, 200)}`;
  }
  if (req.expected.code === undefined) {
    return JSON.stringify(body) === '{"message":"Unauthorized"}'
      ? undefined
      : `not the authorizer's answer: ${answer.text.slice(0, 200)}`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
  if (!error || error.code !== req.expected.code)
    return `error code ${String(error?.code)}, expected ${req.expected.code}`;
  if (typeof error.message !== 'string' || error.message.length < 10)
    return `no readable message: ${answer.text.slice(0, 200)}`;
  if (/\n\s+at |node_modules|\.ts:\d+|Error:/.test(error.message))
    return `the message shows internals: ${error.message}`;
  if (
    Object.keys(body as object).join() !== 'error' ||
    Object.keys(error).sort().join() !== 'code,message'
  )
    return `unexpected shape: ${answer.text.slice(0, 200)}`;
  return undefined;
}

describe('500 malformed requests across every API route', () => {
  it('get no 5xx, and each a 4xx with a readable error', async () => {
    // Arrange: a signed-in buyer with an unpaid order (for the verify and token cases)
    const user = newUser('malformed');
    await signUp(stack, user);
    const idToken = await signIn(stack, user);
    const order = await placeOrder(stack, idToken, { planId: 'basichosting', months: 12 });
    const requests = malformedRequests({ idToken, orderId: order.body.orderId });
    expect(requests).toHaveLength(TOTAL);
    // every route of the API is covered (GET /api/plans takes no input: its malformed form is the plan id)
    for (const [method, pattern] of [
      ['GET', /^\/api\/plans\/[^/]+$/],
      ['POST', /^\/api\/checkout\/quote$/],
      ['POST', /^\/api\/checkout\/orders$/],
      ['POST', /^\/api\/checkout\/verify$/],
      ['GET', /^\/api\/me\/dashboard$/],
      ['POST', /^\/api\/webhooks\/razorpay$/],
      ['POST', /^\/api\/contact$/],
    ] as const)
      expect(requests.some((r) => r.method === method && pattern.test(r.path))).toBe(true);

    // Act: 8 at a time
    const answers = await mapWithConcurrency(requests, 8, send);

    // Assert: no 5xx at all, and every answer as the contract gives it
    expect(answers.filter((a) => a.status >= 500).length).toBe(0);
    const problems = requests.flatMap((req, i) => {
      const problem = problemWith(req, answers[i]!);
      return problem ? [`${req.method} ${req.path.slice(0, 60)} [${req.name}]: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
    expect(answers.every((a) => a.status >= 400 && a.status < 500)).toBe(true);

    // Nothing was bought and no mail went out (the contact form was never valid)
    const board = await api<{ services: unknown[] }>(stack, 'GET', '/api/me/dashboard', {
      token: idToken,
    });
    expect(board.body.services).toEqual([]);
    expect((await mailbox(stack)).filter((m) => !isCodeMail(m))).toEqual([]);
  }, 90_000);
});
