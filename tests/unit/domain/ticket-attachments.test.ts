/** Ticket attachments' rules (D27): types, names, sizes, counts, and first bytes per type. */
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_LIMITS,
  checkAttachmentCount,
  checkDeclaredAttachment,
  checkStoredAttachment,
  cleanFileName,
  contentMatchesType,
  downloadDisposition,
  type AttachmentRejectedError,
} from '../../../lambdas/domain/ticket-attachments';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AttachmentRejectedError).code;
  }
  return 'accepted';
};

describe('ticket attachments', () => {
  it.each([
    ['invoice.pdf', 'application/pdf', 'accepted'],
    ['Screenshot.PNG', 'image/png', 'accepted'],
    ['photo.jpeg', 'image/jpeg; charset=binary', 'accepted'],
    ['error.log', 'text/plain', 'accepted'],
    ['notes.txt', 'Text/Plain', 'accepted'],
    ['page.html', 'text/html', 'attachment_type_not_allowed'],
    ['image.svg', 'image/svg+xml', 'attachment_type_not_allowed'],
    ['setup.exe', 'application/pdf', 'attachment_type_not_allowed'],
    ['report.pdf.html', 'application/pdf', 'attachment_type_not_allowed'],
    ['..', 'text/plain', 'attachment_type_not_allowed'],
  ])('%s declared as %s: %s', (fileName, contentType, outcome) => {
    expect(codeOf(() => checkDeclaredAttachment({ fileName, contentType, size: 100 }))).toBe(
      outcome,
    );
  });

  it('takes up to 5 MB and 3 files a message', () => {
    // The limit: images and PDFs up to 5 MB.
    expect(ATTACHMENT_LIMITS.maxBytes).toBe(5 * 1024 * 1024);
    const declare = (size: number) => () =>
      checkDeclaredAttachment({ fileName: 'a.pdf', contentType: 'application/pdf', size });
    expect(codeOf(declare(ATTACHMENT_LIMITS.maxBytes))).toBe('accepted');
    expect(codeOf(declare(ATTACHMENT_LIMITS.maxBytes + 1))).toBe('attachment_too_large');
    expect(codeOf(declare(0))).toBe('attachment_not_uploaded');
    expect(codeOf(() => checkAttachmentCount(3))).toBe('accepted');
    expect(codeOf(() => checkAttachmentCount(4))).toBe('too_many_attachments');
  });

  it('keeps a file name without its path, control or quoting characters, within 100 characters', () => {
    expect(cleanFileName('C:\\Users\\asha\\bill "final".pdf')).toBe('bill final.pdf');
    expect(cleanFileName('../../etc/passwd\u0000.txt')).toBe('passwd.txt');
    const long = cleanFileName(`${'a'.repeat(300)}.pdf`);
    expect(long).toHaveLength(100);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('knows each type by its first bytes', () => {
    expect(contentMatchesType('application/pdf', text('%PDF-1.7\n'))).toBe(true);
    expect(contentMatchesType('application/pdf', text('<html>'))).toBe(false);
    expect(contentMatchesType('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10))).toBe(
      true,
    );
    expect(contentMatchesType('image/png', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(false);
    expect(contentMatchesType('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatchesType('text/plain', text('2026-11-27 error: disk full\n'))).toBe(true);
    // A character cut by the read (₹ is 3 bytes) is still text; a NUL or invalid UTF-8 is not.
    expect(contentMatchesType('text/plain', text('cost ₹').subarray(0, 6))).toBe(true);
    expect(contentMatchesType('text/plain', bytes(0x61, 0x00, 0x62))).toBe(false);
    expect(contentMatchesType('text/plain', bytes(0x61, 0xc3, 0x28, 0x62))).toBe(false);
  });

  it('refuses what storage holds when its type or first bytes are not the declared type', () => {
    const pdf = text('%PDF-1.4');
    expect(
      codeOf(() =>
        checkStoredAttachment(
          { size: 8, contentType: 'application/pdf', head: pdf },
          'application/pdf',
        ),
      ),
    ).toBe('accepted');
    expect(
      codeOf(() =>
        checkStoredAttachment({ size: 8, contentType: 'text/html', head: pdf }, 'application/pdf'),
      ),
    ).toBe('attachment_content_mismatch');
    expect(
      codeOf(() =>
        checkStoredAttachment(
          { size: 8, contentType: 'application/pdf', head: text('<script>') },
          'application/pdf',
        ),
      ),
    ).toBe('attachment_content_mismatch');
    expect(
      codeOf(() =>
        checkStoredAttachment(
          { size: ATTACHMENT_LIMITS.maxBytes + 1, contentType: 'application/pdf', head: pdf },
          'application/pdf',
        ),
      ),
    ).toBe('attachment_too_large');
  });

  it('always downloads (never inline), the name kept for any browser', () => {
    expect(downloadDisposition('bill "₹".pdf')).toBe(
      `attachment; filename="bill ___.pdf"; filename*=UTF-8''bill%20%22%E2%82%B9%22.pdf`,
    );
  });
});
