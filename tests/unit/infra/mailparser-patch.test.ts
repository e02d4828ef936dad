/**
 * mailparser and libmime as installed (docs/decisions.md E36): 3.9.31 and 5.4.6 with
 * patches/mailparser+3.9.31.patch and patches/libmime+5.4.6.patch applied by patch-package, so the
 * modules only some mails need (iconv-lite and encoding-japanese for other charsets, html-to-text
 * for an HTML-only mail, he and linkify-it with tlds for the text's HTML rendering) load on first
 * use instead of at import. What a mail parses to must not change: each mail below is parsed by the
 * installed packages and by the packages as published (the installed files with the patches taken
 * back out, checked against the published files' SHA-256), with mailparser's defaults and with the
 * inbound-mail Lambda's options, and the two results compared whole.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail, SimpleParserOptions } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../infra/lib/paths';

type SimpleParser = (source: Buffer, options?: SimpleParserOptions) => Promise<ParsedMail>;

const PATCHED = [
  {
    file: 'node_modules/mailparser/lib/mail-parser.js',
    patch: 'patches/mailparser+3.9.31.patch',
    // lib/mail-parser.js of mailparser 3.9.31 as npm publishes it.
    sha256: '5a475ab8d88823a63cf596728d6a028ab7ed6c8c1b6e3f925c4d92a38feb47b7',
  },
  {
    file: 'node_modules/libmime/lib/charset.js',
    patch: 'patches/libmime+5.4.6.patch',
    // lib/charset.js of libmime 5.4.6 as npm publishes it.
    sha256: '10180181a088081704b4a0274f91eaa78dc72f2316d864c4c8303b923cbac01e',
  },
] as const;

/** What the patches defer: none of it may load when mailparser is imported. */
const ON_FIRST_USE = [
  'iconv-lite',
  'encoding-japanese',
  'html-to-text',
  'he',
  'linkify-it',
  'tlds',
] as const;

let outDir: string;
let installedParser: SimpleParser;
let publishedParser: SimpleParser;

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'storefront-mailparser-patch-'));
  // A node_modules of links to the installed packages, but with its own copies of mailparser,
  // libmime and mailsplit (which requires libmime), the patches taken back out of the copies.
  const modules = join(outDir, 'node_modules');
  mkdirSync(modules);
  const installedModules = join(REPO_ROOT, 'node_modules');
  for (const name of readdirSync(installedModules)) {
    if (name === 'mailparser' || name === 'libmime' || name === '@zone-eu') {
      cpSync(join(installedModules, name), join(modules, name), {
        recursive: true,
        dereference: true,
      });
    } else {
      symlinkSync(join(installedModules, name), join(modules, name));
    }
  }
  for (const { patch } of PATCHED) {
    execFileSync('git', ['apply', '--reverse', join(REPO_ROOT, patch)], {
      cwd: outDir,
      stdio: 'pipe',
    });
  }
  writeFileSync(join(outDir, 'index.js'), '');
  const load = (from: string) =>
    (createRequire(from)('mailparser') as { simpleParser: SimpleParser }).simpleParser;
  installedParser = load(join(REPO_ROOT, 'package.json'));
  publishedParser = load(join(outDir, 'index.js'));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('mailparser and libmime as installed', () => {
  it.each(PATCHED)(
    '$file is the published file with its patch applied',
    ({ file, sha256: published }) => {
      const installed = readFileSync(join(REPO_ROOT, file), 'utf8');
      const reversed = readFileSync(join(outDir, file), 'utf8');

      expect(sha256(reversed)).toBe(published);
      expect(installed).not.toBe(reversed);
    },
  );

  it('load no charset table, HTML converter or link finder when mailparser is imported', () => {
    // A fresh process: this one has loaded the published copies' modules already.
    const script = `require('mailparser'); const loaded = Object.keys(require.cache).map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(f)?.[1]).filter(Boolean); process.stdout.write(JSON.stringify([...new Set(loaded)]));`;
    const loaded = JSON.parse(
      execFileSync(process.execPath, ['-e', script], { cwd: REPO_ROOT }).toString(),
    ) as string[];

    expect(loaded).toEqual(expect.arrayContaining(['mailparser', 'libmime']));
    expect(loaded.filter((name) => (ON_FIRST_USE as readonly string[]).includes(name))).toEqual([]);
  });
});

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

const MAILS: { name: string; raw: Buffer; text?: string; subject?: string }[] = [
  {
    name: 'UTF-8, quoted-printable, with links of every kind',
    raw: mail(
      HEADERS,
      'Subject: Re: [#T-1042] Website down\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n',
      'Paid =E2=82=B9 999. See https://example.com/a?b=3Dc, www.example.org, ops@example.net,\nshop.onion, git://host/repo and @storefront.\n\n> On Fri, Support wrote:\n> quoted\n',
    ),
    text: 'Paid ₹ 999.',
  },
  {
    name: 'ISO-8859-1, quoted-printable, an encoded-word subject',
    raw: mail(
      HEADERS,
      'Subject: =?ISO-8859-1?Q?R=E9ponse_=E0_[#T-1042]?=\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nCaf=E9 d=E9j=E0 vu\n',
    ),
    text: 'Café déjà vu',
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
    text: 'こんにちは',
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
    text: '안녕',
  },
  {
    name: 'HTML only',
    raw: mail(
      HEADERS,
      'Subject: [#T-1042]\nContent-Type: text/html; charset=utf-8\n\n<html><body><p>Hello <b>there</b> &amp; thanks &#8377; 999</p><ul><li>one</li><li>two</li></ul><a href="https://example.com">site</a><blockquote>old</blockquote></body></html>\n',
    ),
    text: 'Hello there & thanks ₹ 999',
  },
  {
    name: 'multipart/alternative, text and HTML',
    raw: mail(
      HEADERS,
      'Subject: [#T-1042]\nContent-Type: multipart/alternative; boundary="alt"\n\n--alt\nContent-Type: text/plain; charset=utf-8\n\nPlain reply\n--alt\nContent-Type: text/html; charset=utf-8\n\n<p>HTML reply</p>\n--alt--\n',
    ),
    text: 'Plain reply',
  },
  {
    name: 'multipart/mixed with an attachment and a forwarded mail',
    raw: mail(
      HEADERS,
      `Subject: [#T-1042] screenshot\nContent-Type: multipart/mixed; boundary="mix"\n\n--mix\nContent-Type: text/plain; charset=utf-8; format=flowed\n\nThe error is in the attached file, and the mail I got is below. It is a long line that \nis flowed.\n--mix\nContent-Type: application/pdf; name="error.pdf"\nContent-Disposition: attachment; filename*=utf-8''r%C3%A9sum%C3%A9.pdf\nContent-Transfer-Encoding: base64\n\n${Buffer.from('%PDF-1.4 not really').toString('base64')}\n--mix\nContent-Type: message/rfc822\n\nFrom: "Host <b>" <noreply@host.example>\nSubject: =?UTF-8?Q?Your_site_=E2=9C=94?=\nContent-Type: text/plain; charset=utf-8\n\nForwarded body\n--mix--\n`,
    ),
    text: 'The error is in the attached file',
  },
];

const LAMBDA_OPTIONS: SimpleParserOptions = {
  skipImageLinks: true,
  skipTextLinks: true,
  skipTextToHtml: true,
};

describe('a mail parsed by the installed packages and by the published ones', () => {
  it.each(MAILS)('$name: the same, with the defaults and the Lambda’s options', async (m) => {
    for (const options of [{}, LAMBDA_OPTIONS]) {
      const installed = await installedParser(m.raw, options);
      const published = await publishedParser(m.raw, options);

      expect(installed).toEqual(published);
      if (m.text) expect(installed.text).toContain(m.text);
      if (m.subject) expect(installed.subject).toBe(m.subject);
    }
  });
});
