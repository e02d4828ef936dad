/** Ticket attachments' rules (D27): types, names, sizes, counts, and first bytes per type. */
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_ID_PATTERN,
  ATTACHMENT_LIMITS,
  attachmentKey,
  checkAttachmentCount,
  checkAttachmentSize,
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

describe('the edges of ticket attachments', () => {
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2);
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };
  const ALLOWED = 'Please attach a PDF, PNG, JPEG, or plain text (.txt, .log) file.';

  it('keeps a long name to 100 characters, its ending kept when it has one', () => {
    expect(cleanFileName(' report.pdf ')).toBe('report.pdf');
    expect(cleanFileName(`${'x'.repeat(120)}y`)).toBe('x'.repeat(100));
    expect(cleanFileName(`.${'a'.repeat(120)}`)).toBe(`.${'a'.repeat(99)}`);
  });

  it('reads the declared type before its parameters, spaces and all, and answers the name and type kept', () => {
    expect(
      checkDeclaredAttachment({
        fileName: 'server.log',
        contentType: 'text/plain ; charset=utf-8',
        size: 10,
      }),
    ).toEqual({ fileName: 'server.log', contentType: 'text/plain' });
  });

  it('says which types it takes, and which endings a type needs', () => {
    expect(
      refusal(() =>
        checkDeclaredAttachment({ fileName: 'a.zip', contentType: 'application/zip', size: 9 }),
      ),
    ).toBe(`We cannot take this type of file. ${ALLOWED}`);
    expect(
      refusal(() =>
        checkDeclaredAttachment({ fileName: 'photo.png', contentType: 'image/jpeg', size: 9 }),
      ),
    ).toBe(`The file's name must end in .jpg or .jpeg for this type. ${ALLOWED}`);
  });

  it('takes one byte to 5 MB, saying why otherwise', () => {
    expect(() => checkAttachmentSize(1)).not.toThrow();
    expect(refusal(() => checkAttachmentSize(0))).toBe('This file is empty.');
    expect(refusal(() => checkAttachmentSize(ATTACHMENT_LIMITS.maxBytes + 1))).toBe(
      'This file is larger than 5 MB. Please attach a smaller file (or a few parts of it).',
    );
    expect(refusal(() => checkAttachmentCount(4))).toBe(
      'Please attach at most 3 files to one message.',
    );
  });

  it('wants every byte of a signature: PostScript is not a PDF, a PNG is not a JPEG', () => {
    expect(contentMatchesType('application/pdf', text('%!PS-Adobe-3.0'))).toBe(false);
    expect(contentMatchesType('image/jpeg', png)).toBe(false);
  });

  it('says what a stored file is not, by its type', () => {
    expect(
      refusal(() =>
        checkStoredAttachment(
          { size: 10, contentType: 'image/png', head: text('hello') },
          'image/png',
        ),
      ),
    ).toBe(`This file is not the PNG it says it is. ${ALLOWED}`);
    expect(
      refusal(() =>
        checkStoredAttachment({ size: 10, contentType: 'text/plain', head: png }, 'text/plain'),
      ),
    ).toBe(`This file is not the plain text it says it is. ${ALLOWED}`);
    expect(() =>
      checkStoredAttachment(
        { size: 10, contentType: 'text/plain ; charset=utf-8', head: text('hello') },
        'text/plain',
      ),
    ).not.toThrow();
  });

  it('keeps an upload under its uploader', () => {
    expect(attachmentKey('user-1', 'aB3_xY9-kL2mN4pQ')).toBe(
      'ticket-files/user-1/aB3_xY9-kL2mN4pQ',
    );
  });

  it('takes an upload id only as the whole text, so no path can ride in front of it or after it', () => {
    const id = 'aB3_xY9-kL2mN4pQ';
    expect(ATTACHMENT_ID_PATTERN.test(id)).toBe(true);
    // The id is the stored key's last part: another user's folder must not get into it.
    expect(ATTACHMENT_ID_PATTERN.test(`../user-2/${id}`)).toBe(false);
    expect(ATTACHMENT_ID_PATTERN.test(`${id}/../../user-2/x`)).toBe(false);
  });
});
