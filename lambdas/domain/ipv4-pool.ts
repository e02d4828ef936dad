/**
 * The operator's IPv4 ranges, as configured: `FIRST-LAST/PREFIX@GATEWAY`, comma-separated
 * ("203.0.113.10-203.0.113.250/24@203.0.113.1"). Pure: parsing and the addresses in order.
 */
export interface Ipv4Range {
  first: string;
  last: string;
  prefixLength: number;
  gateway: string;
}

export class Ipv4PoolConfigError extends Error {
  override readonly name = 'Ipv4PoolConfigError';
}

const ADDRESS = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function ipv4ToNumber(address: string): number | undefined {
  const match = ADDRESS.exec(address.trim());
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 255)) return undefined;
  return parts.reduce((sum, part) => sum * 256 + part, 0);
}

export function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export function parseIpv4Ranges(text: string | undefined): Ipv4Range[] {
  const ranges: Ipv4Range[] = [];
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([\d.]+)-([\d.]+)\/(\d{1,2})@([\d.]+)$/.exec(entry);
    const first = match ? ipv4ToNumber(match[1] as string) : undefined;
    const last = match ? ipv4ToNumber(match[2] as string) : undefined;
    const gateway = match ? ipv4ToNumber(match[4] as string) : undefined;
    const prefixLength = match ? Number(match[3]) : NaN;
    if (
      first === undefined ||
      last === undefined ||
      gateway === undefined ||
      last < first ||
      prefixLength < 8 ||
      prefixLength > 30
    ) {
      throw new Ipv4PoolConfigError(
        `IPV4_POOL entry "${entry}" is not FIRST-LAST/PREFIX@GATEWAY (like 203.0.113.10-203.0.113.250/24@203.0.113.1).`,
      );
    }
    const size = 2 ** (32 - prefixLength);
    const network = Math.floor(first / size) * size;
    if (
      Math.floor(last / size) * size !== network ||
      Math.floor(gateway / size) * size !== network
    ) {
      throw new Ipv4PoolConfigError(
        `IPV4_POOL entry "${entry}": the range and its gateway must be in one /${prefixLength} network.`,
      );
    }
    if (gateway >= first && gateway <= last) {
      throw new Ipv4PoolConfigError(`IPV4_POOL entry "${entry}": the gateway is inside the range.`);
    }
    ranges.push({
      first: numberToIpv4(first),
      last: numberToIpv4(last),
      prefixLength,
      gateway: numberToIpv4(gateway),
    });
  }
  return ranges;
}

/** Every address of the ranges, in order, with its network. */
export function* addressesOf(
  ranges: readonly Ipv4Range[],
): Generator<{ address: string; prefixLength: number; gateway: string }> {
  for (const range of ranges) {
    const last = ipv4ToNumber(range.last) as number;
    for (let n = ipv4ToNumber(range.first) as number; n <= last; n += 1) {
      yield { address: numberToIpv4(n), prefixLength: range.prefixLength, gateway: range.gateway };
    }
  }
}
