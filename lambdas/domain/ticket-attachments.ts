/**
 * Files attached to a ticket's message (D27): which types, how large, how many, and how a file's
 * first bytes must look for its type. Pure. The server checks each rule twice: when it hands out
 * an upload address (what the browser declares) and when a message names the upload (what S3
 * holds: its size, its type and its first bytes), so a file renamed or a type sent falsely is
 * refused before anyone downloads it.
 */
import { TICKET_FILES } from '../system/facts';
import { DomainError } from './errors';

/** The types a ticket takes, each with the file-name endings it may carry. */
export const ATTACHMENT_TYPES = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'text/plain': ['.txt', '.log'],
} as const;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

export const ATTACHMENT_LIMITS = {
  /** 5 MB per file (5 × 1024 × 1024 bytes). */
  maxBytes: 5 * 1024 * 1024,
  perMessage: 3,
  fileNameMaxChars: 100,
  /** Upload addresses handed to one buyer in an hour. */
  uploadsPerHour: 30,
  /** How long a presigned upload (PUT) may be used. */
  uploadSeconds: 10 * 60,
  /** How long a presigned download (GET) may be used. */
  downloadSeconds: 5 * 60,
} as const;

/** The bytes read from the start of an upload to check that it is what its type says. */
export const SNIFF_BYTES = 512;

/** An attachment id: random, URL-safe (the key's last part). */
export const ATTACHMENT_ID_PATTERN = /^[A-Za-z0-9_-]{16,32}$/;

/** What a message records of each file. */
export interface TicketAttachment {
  id: string;
  fileName: string;
  contentType: AttachmentType;
  size: number;
}

export class AttachmentRejectedError extends DomainError {
  override readonly name = 'AttachmentRejectedError';
  constructor(
    readonly code:
      | 'attachment_type_not_allowed'
      | 'attachment_too_large'
      | 'too_many_attachments'
      | 'attachment_not_uploaded'
      | 'attachment_content_mismatch',
    message: string,
  ) {
    super(message);
  }
}

export class AttachmentNotFoundError extends DomainError {
  override readonly name = 'AttachmentNotFoundError';
  readonly code = 'attachment_not_found';
  constructor() {
    super('We could not find that file on this ticket.');
  }
}

/** The file's name kept on the thread: no path, no control or quoting characters, one line. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f"<>*?|:;]/g, '').trim();
  if (cleaned.length <= ATTACHMENT_LIMITS.fileNameMaxChars) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ending = dot > 0 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, ATTACHMENT_LIMITS.fileNameMaxChars - ending.length) + ending;
}

const allowedList = 'PDF, PNG, JPEG, or plain text (.txt, .log)';

function isAttachmentType(type: string): type is AttachmentType {
  return Object.hasOwn(ATTACHMENT_TYPES, type);
}

/**
 * A file as the browser declares it, checked: its type is one we take, its name ends as that type
 * does, its size is within the limit. Answers the name to keep and the type.
 */
export function checkDeclaredAttachment(input: {
  fileName: string;
  contentType: string;
  size: number;
}): { fileName: string; contentType: AttachmentType } {
  const fileName = cleanFileName(input.fileName);
  const contentType = input.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isAttachmentType(contentType)) {
    throw new AttachmentRejectedError(
      'attachment_type_not_allowed',
      `We cannot take this type of file. Please attach a ${allowedList} file.`,
    );
  }
  const endings: readonly string[] = ATTACHMENT_TYPES[contentType];
  if (!fileName || !endings.some((ending) => fileName.toLowerCase().endsWith(ending))) {
    throw new AttachmentRejectedError(
      'attachment_type_not_allowed',
      `The file's name must end in ${endings.join(' or ')} for this type. Please attach a ${allowedList} file.`,
    );
  }
  checkAttachmentSize(input.size);
  return { fileName, contentType };
}

export function checkAttachmentSize(size: number): void {
  if (!Number.isInteger(size) || size < 1) {
    throw new AttachmentRejectedError('attachment_not_uploaded', 'This file is empty.');
  }
  if (size > ATTACHMENT_LIMITS.maxBytes) {
    throw new AttachmentRejectedError(
      'attachment_too_large',
      'This file is larger than 5 MB. Please attach a smaller file (or a few parts of it).',
    );
  }
}

export function checkAttachmentCount(count: number): void {
  if (count > ATTACHMENT_LIMITS.perMessage) {
    throw new AttachmentRejectedError(
      'too_many_attachments',
      `Please attach at most ${ATTACHMENT_LIMITS.perMessage} files to one message.`,
    );
  }
}

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * Whether a file's first bytes are its type's: `%PDF-`, PNG's signature, JPEG's SOI marker, and
 * for text no NUL byte and valid UTF-8 (a last character cut by the read allowed).
 */
export function contentMatchesType(type: AttachmentType, head: Uint8Array): boolean {
  switch (type) {
    case 'application/pdf':
      return startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d]);
    case 'image/png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'text/plain': {
      if (head.includes(0)) return false;
      try {
        // Streaming: a character cut by the read at the end is not an error, a bad one is.
        new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
        return true;
      } catch {
        return false;
      }
    }
  }
}

/** What S3 holds, checked against what the message says it is. */
export function checkStoredAttachment(
  stored: { size: number; contentType: string; head: Uint8Array },
  declared: AttachmentType,
): void {
  checkAttachmentSize(stored.size);
  const type = stored.contentType.split(';')[0]?.trim().toLowerCase();
  if (type !== declared || !contentMatchesType(declared, stored.head)) {
    throw new AttachmentRejectedError(
      'attachment_content_mismatch',
      `This file is not the ${declared === 'text/plain' ? 'plain text' : declared.split('/')[1]?.toUpperCase()} it says it is. Please attach a ${allowedList} file.`,
    );
  }
}

/** The S3 key of an upload: under its uploader, so a message can name only its writer's files. */
export function attachmentKey(owner: string, attachmentId: string): string {
  return `${TICKET_FILES.attachmentsPrefix}${owner}/${attachmentId}`;
}

/** Content-Disposition for a download: always a download (never shown inline), its name kept. */
export function downloadDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
