/**
 * The inbound-mail Lambda's parser (lambdas/adapters/mail/parse-mail.ts, docs/decisions.md E36):
 * postal-mime, with html-to-text for a mail with no text/plain part. Mails in the charsets,
 * encodings and shapes a buyer's reply comes in are parsed to the sender as written, the subject,
 * the text and the Message-ID, and, as a cross-check, to what mailparser (the parser before E36,
 * still installed for the tests' mail reader) made of the same mail.
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { parseMail } from '../../../../lambdas/adapters/mail/parse-mail';
import type { ParsedMail } from '../../../../lambdas/ports/inbound-mail';

// ---- Mails in the charsets, encodings and shapes a buyer's reply comes in ----

const bytes = (...hex: string[]) => Buffer.from(hex.join('').replace(/\s/g, ''), 'hex');
const mail = (...parts: (string | Buffer)[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part.replaceAll('\n', '\r\n')) : part,
    ),
  );
const HEADERS = `From: "Asha Rao" <asha@example.in>
To: Support <support@storefront.example>
Date: Fri, 27 Nov 2026 10:15:00 +0530
Message-ID: <reply-1@example.in>
In-Reply-To: <ticket-T-1042@storefront.example>
References: <ticket-T-1042@storefront.example> <ack-T-1042@storefront.example>
MIME-Version: 1.0
`;

// こんにちは in ISO-2022-JP (JIS X 0208 between ESC $ B and ESC ( B) and in Shift_JIS.
const KONNICHIWA_JIS = bytes('1b2442 2433 2473 244b 2441 244f 1b2842');
const KONNICHIWA_SJIS = bytes('82b1 82f1 82c9 82bf 82cd');
const PRIVET_1251 = bytes('cff0e8e2e5f2'); // Привет
const ANNYEONG_EUCKR = bytes('bec8b3e7'); // 안녕
const NIHAO_GB2312 = bytes('c4e3bac3'); // 你好

/**
 * A mail and what it parses to; the sender, subject and Message-ID not named are HEADERS' and a
 * `[#T-1042]` subject. `mailparser` says where mailparser's parse differed.
 */
interface Case extends Partial<ParsedMail> {
  name: string;
  raw: Buffer;
  text: string;
  mailparser?: 'no text';
}

const MAILS: Case[] = [
  {
    name: 'UTF-8, quoted-printable, with links of every kind',
    raw: mail(
      HEADERS,
      'Subject: Re: [#T-1042] Website down\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n',
      'Paid =E2=82=B9 999. See https://example.com/a?b=3Dc, www.example.org, ops@example.net,\nshop.onion, git://host/repo and @storefront.\n\n> On Fri, Support wrote:\n> quoted\n',
    ),
    subject: 'Re: [#T-1042] Website down',
    text: 'Paid ₹ 999. See https://example.com/a?b=c, www.example.org, ops@example.net,\nshop.onion, git://host/repo and @storefront.\n\n> On Fri, Support wrote:\n> quoted\n',
  },
  {
    name: 'ISO-8859-1, quoted-printable, an encoded-word subject',
    raw: mail(
      HEADERS,
      'Subject: =?ISO-8859-1?Q?R=E9ponse_=E0_[#T-1042]?=\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nCaf=E9 d=E9j=E0 vu\n',
    ),
    text: 'Café déjà vu\n',
    subject: 'Réponse à [#T-1042]',
  },
  {
    name: 'windows-1251, base64, a base64 encoded-word subject',
    raw: mail(
      HEADERS,
      `Subject: =?windows-1251?B?${PRIVET_1251.toString('base64')}?= [#T-1042]\nContent-Type: text/plain; charset=windows-1251\nContent-Transfer-Encoding: base64\n\n${PRIVET_1251.toString('base64')}\n`,
    ),
    text: 'Привет',
    subject: 'Привет [#T-1042]',
  },
  {
    name: 'Shift_JIS, base64, an ISO-2022-JP sender name',
    raw: mail(
      `From: =?ISO-2022-JP?B?${KONNICHIWA_JIS.toString('base64')}?= <taro@example.jp>\n`,
      HEADERS.replace(/^From:.*\n/, ''),
      `Subject: [#T-1042]\nContent-Type: text/plain; charset=Shift_JIS\nContent-Transfer-Encoding: base64\n\n${KONNICHIWA_SJIS.toString('base64')}\n`,
    ),
    from: '"こんにちは" <taro@example.jp>',
    text: 'こんにちは',
  },
  {
    name: 'ISO-2022-JP, 7bit',
    raw: mail(
      HEADERS,
      'Subject: [#T-1042]\nContent-Type: text/plain; charset=ISO-2022-JP\nContent-Transfer-Encoding: 7bit\n\n',
      KONNICHIWA_JIS,
      '\n',
    ),
    text: 'こんにちは\n',
  },
  {
    name: 'EUC-KR and GB2312 parts',
    raw: mail(
      HEADERS,
      'Subject: [#T-1042]\nContent-Type: multipart/mixed; boundary="b1"\n\n--b1\nContent-Type: text/plain; charset=euc-kr\nContent-Transfer-Encoding: 8bit\n\n',
      ANNYEONG_EUCKR,
      '\n--b1\nContent-Type: text/plain; charset=gb2312\nContent-Transfer-Encoding: 8bit\n\n',
      NIHAO_GB2312,
      '\n--b1--\n',
    ),
    text: '안녕\n\n你好\n',
  },
  {
    name: 'HTML only',
    raw: mail(
      HEADERS,
      'Subject: [#T-1042]\nContent-Type: text/html; charset=utf-8\n\n<html><body><p>Hello <b>there</b> &amp; thanks &#8377; 999. The site has been down since this morning and its page says the database cannot be reached.</p><ul><li>one</li><li>two</li></ul><a href="https://example.com">site</a><blockquote>old</blockquote></body></html>\n',
    ),
    // html-to-text's defaults, as mailparser rendered it: wrapped at 80, lists, links and quotes.
    text: 'Hello there & thanks ₹ 999. The site has been down since this morning and its\npage says the database cannot be reached.\n\n * one\n * two\n\nsite [https://example.com]\n\n> old',
  },
  {
    name: 'multipart/alternative, text and HTML',
    raw: mail(
      HEADERS,
      'Subject: [#T-1042]\nContent-Type: multipart/alternative; boundary="alt"\n\n--alt\nContent-Type: text/plain; charset=utf-8\n\nPlain reply\n--alt\nContent-Type: text/html; charset=utf-8\n\n<p>HTML reply</p>\n--alt--\n',
    ),
    text: 'Plain reply\n',
  },
  {
    name: 'multipart/mixed with an attachment and a forwarded mail',
    raw: mail(
      HEADERS,
      `Subject: [#T-1042] screenshot\nContent-Type: multipart/mixed; boundary="mix"\n\n--mix\nContent-Type: text/plain; charset=utf-8; format=flowed\n\nThe error is in the attached file, and the mail I got is below. It is a long line that \nis flowed.\n--mix\nContent-Type: application/pdf; name="error.pdf"\nContent-Disposition: attachment; filename*=utf-8''r%C3%A9sum%C3%A9.pdf\nContent-Transfer-Encoding: base64\n\n${Buffer.from('%PDF-1.4 not really').toString('base64')}\n--mix\nContent-Type: message/rfc822\n\nFrom: "Host <b>" <noreply@host.example>\nSubject: =?UTF-8?Q?Your_site_=E2=9C=94?=\nContent-Type: text/plain; charset=utf-8\n\nForwarded body\n--mix--\n`,
    ),
    subject: '[#T-1042] screenshot',
    // The forwarded mail is an attachment, as it was for mailparser: not in the reply's text.
    text: 'The error is in the attached file, and the mail I got is below. It is a long line that is flowed.\n',
  },
  {
    name: 'multipart/related, HTML with an inline image and no text part',
    raw: mail(
      HEADERS.replace('<reply-1@example.in>', 'reply-2@example.in'),
      'Subject: [#T-1042]\nContent-Type: multipart/related; boundary="rel"\n\n--rel\nContent-Type: text/html; charset=utf-8\n\n<p>Still down <img src="cid:shot@example.in"></p>\n--rel\nContent-Type: image/png\nContent-ID: <shot@example.in>\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n--rel--\n',
    ),
    // A Message-ID written without its angle brackets gets them, as mailparser gave it.
    messageId: '<reply-2@example.in>',
    text: 'Still down [cid:shot@example.in]',
    // mailparser converted only an HTML body at the root: this reply was ignored as empty.
    mailparser: 'no text',
  },
  {
    name: 'a bare sender, no Message-ID, a folded subject',
    raw: mail(
      'From: asha@example.in\nTo: support@storefront.example\nSubject: Re: the site\n  [#T-1042]\nContent-Type: text/plain; charset=us-ascii\n\nThanks\n',
    ),
    from: 'asha@example.in',
    subject: 'Re: the site  [#T-1042]',
    messageId: undefined,
    text: 'Thanks\n',
  },
];

const expected = ({ name: _name, raw: _raw, mailparser: _mp, ...parsed }: Case): ParsedMail => {
  const mail: ParsedMail = {
    from: '"Asha Rao" <asha@example.in>',
    subject: '[#T-1042]',
    messageId: '<reply-1@example.in>',
    ...parsed,
  };
  if (mail.messageId === undefined) delete mail.messageId;
  return mail;
};

const normalised = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('parseMail', () => {
  it.each(MAILS)('$name', async (m) => {
    expect(await parseMail(m.raw)).toEqual(expected(m));
  });

  it.each(MAILS)('$name: as mailparser parsed it', async (m) => {
    const parsed = await parseMail(m.raw);
    const before = await simpleParser(m.raw);

    expect(parsed.from).toBe(before.from?.text);
    // A folded subject: RFC 5322 unfolding keeps the fold's space, mailparser made it one space.
    expect(normalised(parsed.subject)).toBe(normalised(before.subject));
    expect(parsed.messageId).toBe(before.messageId);
    if (m.mailparser === 'no text') expect(before.text).toBeUndefined();
    else expect(normalised(parsed.text)).toBe(normalised(before.text));
  });
});
