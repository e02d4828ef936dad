import { describe, expect, it } from 'vitest';
import {
  button,
  escapeHtml,
  heading,
  list,
  note,
  paragraph,
  quote,
  renderMail,
  rows,
  safeHref,
  UnsafeMailLinkError,
  type MailDocument,
} from '../../../../lambdas/templates/mail/layout';

const doc = (changes: Partial<MailDocument> = {}): MailDocument => ({
  subject: 'Your Basic Hosting is paid — we are setting it up',
  preheader: 'Payment received',
  heading: 'Your Basic Hosting is paid — we are setting it up',
  greetName: 'Asha Verma',
  blocks: [],
  siteUrl: 'https://shop.example.in/',
  footer: 'You get this mail because you bought a service from us.',
  ...changes,
});

describe('the mail layout', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('escapes every value of every kind of block, and of the frame', () => {
    const evil = '<i>"x" & \'y\'</i>';
    const mail = renderMail(
      doc({
        subject: evil,
        preheader: evil,
        heading: evil,
        greetName: evil,
        blocks: [
          paragraph(evil),
          heading(evil),
          rows([{ label: evil, value: evil, href: 'https://shop.example.in/?a=1&b=2' }]),
          rows([{ label: evil, value: evil, total: true }], { amounts: true }),
          button(evil, 'https://shop.example.in/dashboard'),
          list([evil], { ordered: true }),
          note(evil),
          quote(evil),
        ],
        footer: evil,
      }),
    );

    expect(mail.html).not.toContain('<i>');
    expect(mail.html.split('&lt;i&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/i&gt;').length - 1).toBe(
      15, // title, preheader, h1, greeting, ten values in the blocks, footer
    );
    expect(mail.html).toContain('href="https://shop.example.in/?a=1&amp;b=2"');
    expect(mail.text).toContain(evil);
  });

  it('refuses a link that is not http or https', () => {
    expect(() => safeHref('javascript:alert(1)')).toThrow(UnsafeMailLinkError);
    expect(() => safeHref('data:text/html,x')).toThrow(UnsafeMailLinkError);
    expect(() => safeHref('/dashboard')).toThrow(UnsafeMailLinkError);
    expect(() => renderMail(doc({ blocks: [button('Go', 'javascript:alert(1)')] }))).toThrow(
      UnsafeMailLinkError,
    );
  });

  it('keeps a subject, a name and a row on one line whatever they contain', () => {
    const mail = renderMail(
      doc({
        subject: 'Contact form: Asha\r\nBcc: all@example.in',
        greetName: 'Asha\nVerma',
        blocks: [rows([{ label: 'Name', value: 'Asha\r\n  Verma' }])],
      }),
    );

    expect(mail.subject).toBe('Contact form: Asha Bcc: all@example.in');
    expect(mail.text).toContain('Hello Asha Verma,');
    expect(mail.text).toContain('  Name: Asha Verma');
  });

  it('greets without a name when there is none, and not at all when told', () => {
    expect(renderMail(doc({ greetName: '  ' })).text).toContain('Hello,\n');
    expect(renderMail(doc({ noGreeting: true })).text).not.toContain('Hello');
  });

  it('writes the text alternative as a person would: amounts in a column, links spelled out', () => {
    const mail = renderMail(
      doc({
        blocks: [
          rows(
            [
              { label: 'Subtotal', value: '₹29,988.00' },
              { label: 'GST (18%)', value: '₹5,397.84' },
              { label: 'Total paid', value: '₹35,385.84', total: true },
            ],
            { amounts: true },
          ),
          rows([{ label: 'Control panel', value: 'Open it', href: 'https://panel.example.in/' }]),
          button('Go to your dashboard', 'https://shop.example.in/dashboard'),
          list(['Open Renew', 'Pay'], { ordered: true }),
        ],
      }),
    );

    expect(mail.text).toContain(
      ['  Subtotal:    ₹29,988.00', '  GST (18%):    ₹5,397.84', '  Total paid:  ₹35,385.84'].join(
        '\n',
      ),
    );
    expect(mail.text).toContain('  Control panel: Open it (https://panel.example.in/)');
    expect(mail.text).toContain('Go to your dashboard: https://shop.example.in/dashboard');
    expect(mail.text).toContain('1. Open Renew\n2. Pay');
    expect(mail.text).toContain('Hosting Storefront · https://shop.example.in\n');
  });
});
