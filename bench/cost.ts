/**
 * What AWS bills for a piece of work (issue #30), from the usage the bench counted: Lambda
 * requests and GB-seconds (duration × configured memory, Arm as the stack deploys), DynamoDB
 * on-demand read and write request units, HTTP API requests, EventBridge events, SES mails and
 * Secrets Manager calls, at on-demand list prices in US dollars, then in rupees at a stated rate.
 * Pure arithmetic: the prices and their sources are in docs/toolchain.md (Cost of a purchase).
 */

/** US dollars per unit. */
export interface PriceList {
  lambdaRequest: number;
  lambdaGbSecond: number;
  dynamoReadUnit: number;
  dynamoWriteUnit: number;
  httpApiRequest: number;
  eventBridgeEvent: number;
  sesMail: number;
  secretsManagerCall: number;
}

/**
 * The prices used (docs/toolchain.md cites each page): Lambda on Arm $0.20 per million requests
 * and $0.0000133334 per GB-second; DynamoDB on-demand $0.125 per million read request units and
 * $0.625 per million write request units; HTTP API $1.00 per million requests; EventBridge $1.00
 * per million custom events; SES $0.10 per 1,000 mails; Secrets Manager $0.05 per 10,000 calls.
 */
export const PRICES: PriceList = {
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecond: 0.0000133334,
  dynamoReadUnit: 0.125 / 1e6,
  dynamoWriteUnit: 0.625 / 1e6,
  httpApiRequest: 1.0 / 1e6,
  eventBridgeEvent: 1.0 / 1e6,
  sesMail: 0.1 / 1000,
  secretsManagerCall: 0.05 / 10_000,
};

/** Rupees per US dollar used for the report (stated beside every rupee figure). */
export const RUPEES_PER_DOLLAR = 88;

export interface LambdaUse {
  fn: string;
  invocations: number;
  /** Billed duration summed over the invocations (each rounded up to the millisecond). */
  billedMs: number;
  memoryMb: number;
}

export interface Usage {
  lambdas: LambdaUse[];
  dynamoReadUnits: number;
  dynamoWriteUnits: number;
  apiRequests: number;
  events: number;
  mails: number;
  secretsCalls: number;
}

export interface CostLine {
  what: string;
  quantity: string;
  dollars: number;
  rupees: number;
}

/** Lambda bills each invocation's duration rounded up to the next millisecond. */
export function billedMs(durationsMs: readonly number[]): number {
  return durationsMs.reduce((sum, ms) => sum + Math.max(1, Math.ceil(ms)), 0);
}

export function gbSeconds(use: Pick<LambdaUse, 'billedMs' | 'memoryMb'>): number {
  return (use.billedMs / 1000) * (use.memoryMb / 1024);
}

/** Every line of the bill, most expensive first. */
export function costLines(
  usage: Usage,
  prices: PriceList = PRICES,
  rate = RUPEES_PER_DOLLAR,
): CostLine[] {
  const line = (what: string, quantity: string, dollars: number): CostLine => ({
    what,
    quantity,
    dollars,
    rupees: dollars * rate,
  });
  const lines: CostLine[] = [];
  for (const use of usage.lambdas) {
    const gbs = gbSeconds(use);
    lines.push(
      line(
        `Lambda ${use.fn}`,
        `${use.invocations} × ${Math.round(use.billedMs / Math.max(1, use.invocations))} ms × ${use.memoryMb} MB = ${gbs.toFixed(4)} GB-s`,
        use.invocations * prices.lambdaRequest + gbs * prices.lambdaGbSecond,
      ),
    );
  }
  lines.push(
    line(
      'DynamoDB reads',
      `${usage.dynamoReadUnits} RRU`,
      usage.dynamoReadUnits * prices.dynamoReadUnit,
    ),
    line(
      'DynamoDB writes',
      `${usage.dynamoWriteUnits} WRU`,
      usage.dynamoWriteUnits * prices.dynamoWriteUnit,
    ),
    line(
      'API Gateway (HTTP API)',
      `${usage.apiRequests} requests`,
      usage.apiRequests * prices.httpApiRequest,
    ),
    line('EventBridge', `${usage.events} events`, usage.events * prices.eventBridgeEvent),
    line('SES', `${usage.mails} mails`, usage.mails * prices.sesMail),
    line(
      'Secrets Manager',
      `${usage.secretsCalls} calls`,
      usage.secretsCalls * prices.secretsManagerCall,
    ),
  );
  return lines.sort((a, b) => b.dollars - a.dollars);
}

export function totalRupees(lines: readonly CostLine[]): number {
  return lines.reduce((sum, l) => sum + l.rupees, 0);
}

/** Rupees to four decimals (a hundredth of a paisa), as the report prints them. */
export function formatRupees(rupees: number): string {
  return `₹${rupees.toFixed(4)}`;
}
