/**
 * What a reply by mail must show before it joins a ticket (D27, lambdas/domain/inbound-mail.ts):
 * SES's verdicts on its sender, spam and viruses.
 */
import { describe, expect, it } from 'vitest';
import { senderAuthenticated, spamOrVirus } from '../../../lambdas/domain/inbound-mail';

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
