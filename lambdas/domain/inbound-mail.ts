/**
 * Replies by mail (D27): what of an inbound mail becomes a ticket reply. Pure.
 *
 * A reply is threaded by the `[TKT-…]` in its subject (ticketNumberIn) and taken only from the
 * ticket's own address, and only when the receiving service vouches for that address (SPF or
 * DKIM passed, DMARC not failed): a forged From is ignored and never answered. The quoted
 * conversation below the reply (mail clients' "On … wrote:", "-----Original Message-----",
 * `>` lines, Outlook's "From: … Sent: …" block) and the signature (`-- `) are cut off.
 */

/** The receiving service's verdicts (SES: receipt.spfVerdict/dkimVerdict/dmarcVerdict). */
export interface MailVerdicts {
  spf: string;
  dkim: string;
  dmarc: string;
  spam?: string;
  virus?: string;
}

export type InboundRefusal =
  | 'no_ticket_number'
  | 'ticket_not_found'
  | 'sender_not_owner'
  | 'sender_not_authenticated'
  | 'spam_or_virus'
  | 'empty_reply'
  | 'ticket_closed'
  | 'duplicate'
  | 'ticket_too_long';

/** Whether the verdicts vouch for the From address: SPF or DKIM passed, DMARC did not fail. */
export function senderAuthenticated(verdicts: MailVerdicts): boolean {
  const pass = (v: string) => v.toUpperCase() === 'PASS';
  return (pass(verdicts.spf) || pass(verdicts.dkim)) && verdicts.dmarc.toUpperCase() !== 'FAIL';
}

export function spamOrVirus(verdicts: MailVerdicts): boolean {
  return verdicts.spam?.toUpperCase() === 'FAIL' || verdicts.virus?.toUpperCase() === 'FAIL';
}

/** The lines where a quoted earlier message begins, as mail clients write them. */
const QUOTE_HEADERS = [
  // Gmail, Apple Mail, Thunderbird: "On Fri, 27 Nov 2026 at 10:00, Support <…> wrote:" (may wrap)
  /^On\b[\s\S]{0,300}?\bwrote:\s*$/m,
  // Outlook and others
  /^-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^_{10,}\s*$/m,
  /^From:\s.+\n(?:.*\n){0,3}?(?:Sent|Date):\s.+$/im,
  // Hindi Gmail: "… ने लिखा:"
  /^.{0,300}ने लिखा:\s*$/m,
];

/** The reply itself: the text above the quoted conversation and the signature, trimmed. */
export function stripQuotedReply(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  let end = normalized.length;
  for (const pattern of QUOTE_HEADERS) {
    const match = pattern.exec(normalized);
    if (match && match.index < end) end = match.index;
  }
  // The first run of ">" lines (a reply quoted inline keeps the text written between them only
  // up to the first quote: support reads the rest on the ticket).
  const quoted = /^>.*$/m.exec(normalized);
  if (quoted && quoted.index < end) end = quoted.index;
  const signature = /^-- ?$/m.exec(normalized);
  if (signature && signature.index < end) end = signature.index;
  return normalized
    .slice(0, end)
    .replace(/[ \t]+$/gm, '')
    .trim();
}

/** The address in a From header's value, lower-cased (`"Asha" <Asha@Example.in>` → `asha@example.in`). */
export function addressOf(from: string): string | undefined {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  const bare = angle?.[1] ?? /[^\s<>"]+@[^\s<>"]+/.exec(from)?.[0];
  return bare?.toLowerCase();
}
