/**
 * The pre-debit notice's one-click opt-out (D25): a link that needs no sign-in, so it carries its
 * own proof. Signed (HMAC-SHA256), single-purpose (it names the action, the buyer and the service,
 * and does nothing else), and expiring (30 days: past the debit it announces). The key is derived
 * from a secret the stack already holds (Razorpay's key secret) with a label of its own, so a
 * signature made for anything else (a checkout signature) never verifies here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServiceRef } from '../../ports/auto-renew';

const PURPOSE = 'auto-renew-off';
export const OPT_OUT_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface Claims {
  p: typeof PURPOSE;
  u: string;
  s: string;
  /** Expiry, unix milliseconds. */
  e: number;
}

function keyFrom(secret: string): Buffer {
  return createHmac('sha256', secret)
    .update('hosting-storefront auto-renew opt-out link v1')
    .digest();
}

function sign(body: string, secret: string): string {
  return createHmac('sha256', keyFrom(secret)).update(body).digest('base64url');
}

export function optOutToken(ref: ServiceRef, now: Date, secret: string): string {
  const claims: Claims = {
    p: PURPOSE,
    u: ref.userId,
    s: ref.serviceId,
    e: now.getTime() + OPT_OUT_LINK_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(body, secret)}`;
}

export type OptOutTokenCheck =
  { ok: true; ref: ServiceRef } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/** Checks the signature before reading anything, then the purpose and the expiry. */
export function readOptOutToken(token: string, now: Date, secret: string): OptOutTokenCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || token.length > 1000)
    return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'bad_signature' };
  let claims: Partial<Claims>;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Claims>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.p !== PURPOSE || typeof claims.u !== 'string' || typeof claims.s !== 'string')
    return { ok: false, reason: 'malformed' };
  if (typeof claims.e !== 'number' || claims.e <= now.getTime())
    return { ok: false, reason: 'expired' };
  return { ok: true, ref: { userId: claims.u, serviceId: claims.s } };
}

/** The page the mail's button opens (the web app asks the buyer to confirm nothing: one click). */
export function optOutUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/auto-renew/off?t=${encodeURIComponent(token)}`;
}
