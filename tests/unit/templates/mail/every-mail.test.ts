/**
 * What holds for every mail the store sends, checked on each template's sample: a plain-text
 * alternative, no password ever, every value escaped, and only http(s) links.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLES } from './samples';

const NAMES = Object.keys(SAMPLES);
const HTML_TAG = /<\/?(p|div|table|tr|td|a|h1|h2|br|ul|ol|li|span|html|body|script|img)\b/i;
const PASSWORD_WITH_VALUE = /pass(word|code|wd)?\s*[:=]\s*\S/i;
const HOSTILE = {
  name: 'Asha <img src=x onerror=alert(1)>',
  planName: 'Basic "Hosting" & <b>more</b>',
  text: 'evil.in"><script>alert(1)</script>',
};

describe.each(NAMES)('the %s mail', (name) => {
  it('has a subject, an HTML body and a plain-text alternative without markup', () => {
    const mail = SAMPLES[name]!();

    expect(mail.subject.trim().length).toBeGreaterThan(5);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain(`<title>`);
    expect(mail.text).not.toMatch(HTML_TAG);
    expect(mail.text).toContain('Hosting Storefront');
  });

  it('never carries a password', () => {
    const mail = SAMPLES[name]!();

    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toMatch(PASSWORD_WITH_VALUE);
    }
  });

  it('escapes every value it is given, and keeps the text as written', () => {
    const mail = SAMPLES[name]!(HOSTILE);

    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Asha &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain(HOSTILE.name);
  });

  it('links only to http(s) addresses', () => {
    const mail = SAMPLES[name]!();

    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '');
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
  });
});
