/**
 * What a reply by mail must show before it joins a ticket (D27, lambdas/domain/inbound-mail.ts):
 * SES's verdicts on its sender, spam and viruses; what of its text is the reply; whose address it is.
 */
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  senderAuthenticated,
  spamOrVirus,
  stripQuotedReply,
} from '../../../lambdas/domain/inbound-mail';

const passed = { spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' };

describe('senderAuthenticated', () => {
  it('takes SPF or DKIM passing alone, as long as DMARC did not fail', () => {
    expect(senderAuthenticated({ ...passed, dkim: 'FAIL' })).toBe(true);
    expect(senderAuthenticated({ ...passed, spf: 'FAIL' })).toBe(true);
    expect(senderAuthenticated({ ...passed, spf: 'FAIL', dkim: 'GRAY' })).toBe(false);
    expect(senderAuthenticated({ ...passed, dmarc: 'fail' })).toBe(false);
  });
});

describe('spamOrVirus', () => {
  it('is a mail SES found spam or a virus in, in either case, and not one it has no verdict on', () => {
    expect(spamOrVirus({ ...passed, spam: 'PASS', virus: 'fail' })).toBe(true);
    expect(spamOrVirus({ ...passed, spam: 'FAIL', virus: 'PASS' })).toBe(true);
    expect(spamOrVirus({ ...passed, spam: 'PASS', virus: 'PASS' })).toBe(false);
    expect(spamOrVirus(passed)).toBe(false);
  });
});

describe('stripQuotedReply', () => {
  it('keeps every line of the reply, whatever line endings the mail client wrote, without trailing spaces', () => {
    expect(stripQuotedReply('The site is down.\rIt says 503.')).toBe(
      'The site is down.\nIt says 503.',
    );
    expect(stripQuotedReply('The site is down.   \r\nIt says 503.\t ')).toBe(
      'The site is down.\nIt says 503.',
    );
  });

  it('keeps a ">" or "--" written inside a line, and a line that only starts with "--"', () => {
    const text = 'Load went 5 > 3 today --\nI ran it with\n--verbose\nand it failed.';
    expect(stripQuotedReply(text)).toBe(text);
  });

  it('cuts at the first of the quote headers, the ">" lines and the signature, whichever comes first', () => {
    expect(
      stripQuotedReply(
        'Thanks!\n\nOn Fri, 27 Nov 2026 at 10:00, Support <support@example.in> wrote:\nold text\n-----Original Message-----\nolder',
      ),
    ).toBe('Thanks!');
    expect(stripQuotedReply('Thanks!\n> your earlier answer\n-- \nAsha Verma')).toBe('Thanks!');
    // A signature line whose trailing space the client dropped is a signature too.
    expect(stripQuotedReply('Thanks!\n--\nAsha Verma\n+91 98765 43210')).toBe('Thanks!');
  });
});

describe('addressOf', () => {
  it('reads the address in the angle brackets, not one written in the display name', () => {
    expect(addressOf('"support@hostbuy.in" <Asha@Example.in>')).toBe('asha@example.in');
    expect(addressOf('Asha <a@b.in>')).toBe('a@b.in');
  });
});
