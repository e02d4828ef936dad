/**
 * The one layout every mail of the store shares. A template describes its mail as blocks of plain
 * data; this module turns them into an HTML body and its plain-text alternative, escaping every
 * value on the way, so no template writes markup (or forgets to escape) itself.
 */

/** What the mail port sends, minus the addressing. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** The store's name in every mail's header and footer (the web's `siteName`). */
export const STORE_NAME = 'Hosting Storefront';

export interface Row {
  label: string;
  value: string;
  /** Makes the value a link (http or https only). */
  href?: string;
  /** A total: bold, with a rule above it. */
  total?: boolean;
}

export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  /** Label and value pairs; `amounts` right-aligns the values (a price breakup). */
  | { type: 'rows'; rows: readonly Row[]; amounts?: boolean }
  | { type: 'button'; label: string; href: string }
  /** `ordered`: numbered steps. */
  | { type: 'list'; items: readonly string[]; ordered?: boolean }
  /** Small print. */
  | { type: 'note'; text: string }
  /** Text someone else wrote (a contact message), kept as written, line breaks and all. */
  | { type: 'quote'; text: string };

export interface MailDocument {
  subject: string;
  /** The line an inbox shows next to the subject. */
  preheader: string;
  heading: string;
  /** The recipient's name for "Hello …,"; empty or absent greets without a name. */
  greetName?: string;
  /** No greeting at all (mail to the store's own inbox). */
  noGreeting?: boolean;
  blocks: readonly Block[];
  /** The store's address, linked in the footer. */
  siteUrl?: string;
  /** Why the recipient gets this mail. */
  footer: string;
}

export const paragraph = (text: string): Block => ({ type: 'paragraph', text });
export const heading = (text: string): Block => ({ type: 'heading', text });
export const rows = (items: readonly Row[], options: { amounts?: boolean } = {}): Block => ({
  type: 'rows',
  rows: items,
  ...options,
});
export const button = (label: string, href: string): Block => ({ type: 'button', label, href });
export const list = (items: readonly string[], options: { ordered?: boolean } = {}): Block => ({
  type: 'list',
  items,
  ...options,
});
export const note = (text: string): Block => ({ type: 'note', text });
export const quote = (text: string): Block => ({ type: 'quote', text });

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export class UnsafeMailLinkError extends Error {
  override readonly name = 'UnsafeMailLinkError';
}

/** A link in a mail is http(s) or nothing: never `javascript:` or `data:` from stored data. */
export function safeHref(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new UnsafeMailLinkError(`Not a URL for a mail link: ${href.slice(0, 80)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UnsafeMailLinkError(`A mail link must be http or https, not ${url.protocol}`);
  }
  return url.href;
}

/** One line: a value from a form or a record cannot add lines to a subject or a row. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

const FONT = 'Arial,Helvetica,sans-serif';
const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#e5e7eb';
const BRAND = '#1d4ed8';

function htmlBlock(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:16px;line-height:1.4;color:${INK}">${escapeHtml(block.text)}</h2>`;
    case 'note':
      return `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:${MUTED}">${escapeHtml(block.text)}</p>`;
    case 'quote':
      return `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${RULE};background:#f9fafb;white-space:pre-wrap">${escapeHtml(block.text)}</div>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag} style="margin:0 0 16px;padding-left:22px">${block.items
        .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
        .join('')}</${tag}>`;
    }
    case 'button':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px"><tr>` +
        `<td style="border-radius:6px;background:${BRAND}">` +
        `<a href="${escapeHtml(safeHref(block.href))}" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>`
      );
    case 'rows':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map((row) => htmlRow(row, block.amounts ?? false))
        .join('')}</table>`;
  }
}

function htmlRow(row: Row, amounts: boolean): string {
  const rule = row.total ? `border-top:1px solid ${RULE};` : '';
  const labelStyle = row.total ? `color:${INK};font-weight:bold;` : `color:${MUTED};`;
  // Facts read as bold values; amounts as plain figures with a bold total; links stay plain.
  const valueStyle = amounts
    ? `text-align:right;white-space:nowrap;${row.total ? 'font-weight:bold;' : ''}`
    : row.href
      ? 'overflow-wrap:anywhere;'
      : 'font-weight:bold;overflow-wrap:anywhere;';
  const value = row.href
    ? `<a href="${escapeHtml(safeHref(row.href))}" style="color:${BRAND}">${escapeHtml(oneLine(row.value))}</a>`
    : escapeHtml(oneLine(row.value));
  return (
    `<tr>` +
    `<td valign="top" style="${rule}padding:6px 16px 6px 0;${amounts ? '' : 'width:34%;'}${labelStyle}">${escapeHtml(oneLine(row.label))}</td>` +
    `<td valign="top" style="${rule}padding:6px 0;${valueStyle}">${value}</td>` +
    `</tr>`
  );
}

function textBlock(block: Block): string {
  switch (block.type) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'heading':
      return `${block.text}\n${'-'.repeat(block.text.length)}`;
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'list':
      return block.items
        .map((item, i) => (block.ordered ? `${i + 1}. ${item}` : `- ${item}`))
        .join('\n');
    case 'button':
      return `${block.label}: ${safeHref(block.href)}`;
    case 'rows': {
      const labels = block.rows.map((row) => `${oneLine(row.label)}:`);
      const values = block.rows.map((row) =>
        row.href && !sameUrl(row.value, row.href)
          ? `${oneLine(row.value)} (${safeHref(row.href)})`
          : oneLine(row.value),
      );
      if (!block.amounts) return labels.map((label, i) => `  ${label} ${values[i]}`).join('\n');
      // A price breakup reads as two columns: labels to the left, amounts to the right.
      const labelWidth = Math.max(...labels.map((label) => label.length));
      const valueWidth = Math.max(...values.map((value) => value.length));
      return labels
        .map(
          (label, i) => `  ${label.padEnd(labelWidth)}  ${(values[i] ?? '').padStart(valueWidth)}`,
        )
        .join('\n');
    }
  }
}

function sameUrl(text: string, href: string): boolean {
  try {
    return new URL(text.trim()).href === new URL(href).href;
  } catch {
    return false;
  }
}

/** The subject, the HTML body and its plain-text alternative of one mail. */
export function renderMail(doc: MailDocument): MailContent {
  const subject = oneLine(doc.subject);
  const greeting = doc.noGreeting
    ? undefined
    : doc.greetName && oneLine(doc.greetName)
      ? `Hello ${oneLine(doc.greetName)},`
      : 'Hello,';
  const site = doc.siteUrl ? safeHref(doc.siteUrl).replace(/\/+$/, '') : undefined;

  const text = [
    doc.heading,
    '',
    ...(greeting ? [greeting, ''] : []),
    ...doc.blocks.flatMap((block) => [textBlock(block), '']),
    '--',
    `${STORE_NAME}${site ? ` · ${site}` : ''}`,
    doc.footer,
    '',
  ].join('\n');

  const html =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6">` +
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${escapeHtml(oneLine(doc.preheader))}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${RULE};border-radius:8px">` +
    `<tr><td style="padding:18px 32px;border-bottom:1px solid ${RULE};font-family:${FONT};font-size:18px;font-weight:bold;color:${BRAND}">${escapeHtml(STORE_NAME)}</td></tr>` +
    `<tr><td style="padding:28px 32px 12px;font-family:${FONT};font-size:15px;line-height:1.6;color:${INK}">` +
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${INK}">${escapeHtml(doc.heading)}</h1>` +
    (greeting ? `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>` : '') +
    doc.blocks.map(htmlBlock).join('') +
    `</td></tr>` +
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid ${RULE};font-family:${FONT};font-size:12px;line-height:1.5;color:#6b7280">` +
    `${escapeHtml(doc.footer)}<br>${escapeHtml(STORE_NAME)}` +
    (site
      ? ` · <a href="${escapeHtml(site)}" style="color:#6b7280">${escapeHtml(site.replace(/^https?:\/\//, ''))}</a>`
      : '') +
    `</td></tr></table></td></tr></table></body></html>\n`;

  return { subject, html, text };
}
