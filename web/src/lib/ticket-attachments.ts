/**
 * Files on a ticket's message (docs/api.md, Attachments), in the browser: each file is checked
 * with the server's own rules and sentences (lambdas/domain/ticket-attachments.ts) before any
 * upload, then uploaded straight to the private bucket with the presigned PUT the API hands out.
 */
import {
  ATTACHMENT_TYPES,
  AttachmentRejectedError,
  checkAttachmentCount,
  checkDeclaredAttachment,
  type AttachmentType,
  type TicketAttachment,
} from '@domain/ticket-attachments';
import { ticketAttachmentsCopy } from '../content/ticket-attachments';
import { ApiError, apiGet, apiPost, NETWORK_ERROR_MESSAGE } from './api';

/** Who uploads: the buyer (`/api/me/…`) or an operator (`/api/admin/…`). */
export type AttachmentScope = 'me' | 'admin';

/** What a message names of each uploaded file. */
export type AttachmentRef = Pick<TicketAttachment, 'id' | 'fileName' | 'contentType'>;

/** What the file picker's `accept` offers: every ending a type we take may carry. */
export const ATTACHMENT_ACCEPT = Object.values(ATTACHMENT_TYPES).flat().join(',');

/**
 * The type to declare for a file: the one its name's ending says (a `.log` has no browser type,
 * a `.txt` may come as `text/plain;charset=…`), else what the browser says, which the rules refuse.
 */
export function declaredType(file: File): string {
  const name = file.name.toLowerCase();
  const byEnding = (Object.keys(ATTACHMENT_TYPES) as AttachmentType[]).find((type) =>
    (ATTACHMENT_TYPES[type] as readonly string[]).some((ending) => name.endsWith(ending)),
  );
  return byEnding ?? (file.type || 'application/octet-stream');
}

/** The server's sentence refusing this file, or undefined when the rules take it. */
export function refusalOf(file: File): string | undefined {
  try {
    checkDeclaredAttachment({
      fileName: file.name,
      contentType: declaredType(file),
      size: file.size,
    });
    return undefined;
  } catch (error) {
    if (error instanceof AttachmentRejectedError) return error.message;
    throw error;
  }
}

/** The server's sentence when this many files are too many for one message, else undefined. */
export function tooManyFiles(count: number): string | undefined {
  try {
    checkAttachmentCount(count);
    return undefined;
  } catch (error) {
    if (error instanceof AttachmentRejectedError) return error.message;
    throw error;
  }
}

/** A failed upload, naming the file and why. */
export class UploadFailedError extends Error {
  override readonly name = 'UploadFailedError';
  constructor(fileName: string, reason: string) {
    super(`We could not upload ${fileName}: ${reason}`);
  }
}

interface UploadAddress {
  attachment: TicketAttachment;
  upload: { method: 'PUT'; url: string; headers: Record<string, string>; expiresAt: string };
}

/**
 * Uploads each file in turn (`onUploading` names the one on its way) and answers what the message
 * names. The first failure stops and throws an UploadFailedError naming that file.
 */
export async function uploadAttachments(
  scope: AttachmentScope,
  files: readonly File[],
  onUploading?: (fileName: string) => void,
): Promise<AttachmentRef[]> {
  const refs: AttachmentRef[] = [];
  for (const file of files) {
    onUploading?.(file.name);
    let address: UploadAddress;
    try {
      address = await apiPost<UploadAddress>(
        `/${scope}/ticket-attachments`,
        { fileName: file.name, contentType: declaredType(file), size: file.size },
        { auth: true },
      );
    } catch (error) {
      throw new UploadFailedError(
        file.name,
        error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE,
      );
    }
    let stored: boolean | 'unreachable';
    try {
      const answer = await fetch(address.upload.url, {
        method: address.upload.method,
        headers: address.upload.headers,
        // The bytes (at most 5 MB): S3 checks their length against the signed Content-Length.
        body: await file.arrayBuffer(),
      });
      stored = answer.ok;
    } catch {
      stored = 'unreachable';
    }
    if (stored !== true) {
      throw new UploadFailedError(
        file.name,
        stored === 'unreachable' ? NETWORK_ERROR_MESSAGE : ticketAttachmentsCopy.uploadRefused,
      );
    }
    const { id, fileName, contentType } = address.attachment;
    refs.push({ id, fileName, contentType });
  }
  return refs;
}

/** A short-lived download address for a file on a ticket (5 minutes). */
export function attachmentDownload(
  scope: AttachmentScope,
  ticketNumber: string,
  attachmentId: string,
): Promise<{ url: string; fileName: string; expiresAt: string }> {
  return apiGet(
    `/${scope}/tickets/${encodeURIComponent(ticketNumber)}/attachments/${encodeURIComponent(attachmentId)}`,
    { auth: true },
  );
}
