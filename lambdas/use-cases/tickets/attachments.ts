/**
 * Ticket attachments (D27): an upload address for a file the browser declares, the files a new
 * message names (checked in storage before the message is written), and a short-lived download
 * for the ticket's buyer (never a file on an internal note) or an operator.
 */
import { randomBytes } from 'node:crypto';
import {
  ATTACHMENT_ID_PATTERN,
  ATTACHMENT_LIMITS,
  AttachmentNotFoundError,
  AttachmentRejectedError,
  attachmentKey,
  checkAttachmentCount,
  checkDeclaredAttachment,
  checkStoredAttachment,
  downloadDisposition,
  SNIFF_BYTES,
  type TicketAttachment,
} from '../../domain/ticket-attachments';
import type { LogPort } from '../../ports/logger';
import type { RateLimiter } from '../../ports/rate-limits';
import type { TicketFiles } from '../../ports/ticket-files';
import type { TicketAttachmentRecord, TicketMessageRecord } from '../../ports/tickets';
import { spendUserLimit } from '../user-limits';

export interface AttachmentDeps {
  files: TicketFiles;
  limits: RateLimiter;
  log: LogPort;
  now: () => Date;
  newAttachmentId?: () => string;
}

/** Whose uploads: a buyer's own (`buyer/<userId>`), or support's (every operator's). */
export type Uploader = { kind: 'buyer'; userId: string } | { kind: 'support' };

const ownerOf = (uploader: Uploader) =>
  uploader.kind === 'buyer' ? `buyer/${uploader.userId}` : 'support';

export interface UploadRequest {
  fileName: string;
  contentType: string;
  size: number;
}

export interface AttachmentUpload {
  attachment: TicketAttachment;
  upload: { method: 'PUT'; url: string; headers: { 'content-type': string }; expiresAt: string };
}

/** The address to PUT one file to, after its declared type, name and size are checked. */
export async function requestAttachmentUpload(
  deps: AttachmentDeps,
  uploader: Uploader,
  request: UploadRequest,
): Promise<AttachmentUpload> {
  const { fileName, contentType } = checkDeclaredAttachment(request);
  const now = deps.now();
  // A buyer's own hour (#26); support's operators share one (`support` is never a Cognito sub).
  await spendUserLimit(
    deps,
    uploader.kind === 'buyer' ? uploader.userId : 'support',
    'ticketUpload',
  );
  const id = (deps.newAttachmentId ?? (() => randomBytes(12).toString('base64url')))();
  const url = await deps.files.uploadUrl(
    attachmentKey(ownerOf(uploader), id),
    { contentType, size: request.size },
    ATTACHMENT_LIMITS.uploadSeconds,
  );
  return {
    attachment: { id, fileName, contentType, size: request.size },
    upload: {
      method: 'PUT',
      url,
      headers: { 'content-type': contentType },
      expiresAt: new Date(now.getTime() + ATTACHMENT_LIMITS.uploadSeconds * 1000).toISOString(),
    },
  };
}

/** A file as a new message names it: the upload's id and what the browser said it is. */
export interface AttachmentRef {
  id: string;
  fileName: string;
  contentType: string;
}

/**
 * The files a message names, each checked in storage: uploaded by this writer, within the size
 * limit, of the type declared, its first bytes that type's. A file that fails is removed.
 */
export async function collectAttachments(
  deps: Pick<AttachmentDeps, 'files' | 'log'>,
  uploader: Uploader,
  refs: readonly AttachmentRef[] | undefined,
): Promise<TicketAttachmentRecord[]> {
  if (!refs || refs.length === 0) return [];
  checkAttachmentCount(new Set(refs.map((r) => r.id)).size);
  const unique = [...new Map(refs.map((r) => [r.id, r])).values()];
  return Promise.all(
    unique.map(async (ref) => {
      const declared = checkDeclaredAttachment({ ...ref, size: 1 });
      const notUploaded = new AttachmentRejectedError(
        'attachment_not_uploaded',
        `We did not receive ${declared.fileName}. Please attach it again.`,
      );
      if (!ATTACHMENT_ID_PATTERN.test(ref.id)) throw notUploaded;
      const key = attachmentKey(ownerOf(uploader), ref.id);
      const stored = await deps.files.stored(key, SNIFF_BYTES);
      if (!stored) throw notUploaded;
      try {
        checkStoredAttachment(stored, declared.contentType);
      } catch (error) {
        deps.log.warn('Ticket attachment refused', {
          code: (error as AttachmentRejectedError).code,
          size: stored.size,
          contentType: stored.contentType,
        });
        await deps.files.remove(key);
        throw error;
      }
      return { ...declared, id: ref.id, size: stored.size, key };
    }),
  );
}

export interface AttachmentDownload {
  url: string;
  fileName: string;
  expiresAt: string;
}

/**
 * A short-lived download of a file on one of `messages` (the caller may see the ticket: the
 * buyer's messages exclude internal notes, so their files are never found).
 */
export async function attachmentDownload(
  deps: Pick<AttachmentDeps, 'files' | 'now'>,
  messages: readonly TicketMessageRecord[],
  attachmentId: string,
): Promise<AttachmentDownload> {
  const attachment = messages
    .flatMap((m) => m.attachments ?? [])
    .find((a) => a.id === attachmentId);
  if (!attachment) throw new AttachmentNotFoundError();
  const url = await deps.files.downloadUrl(
    attachment.key,
    { disposition: downloadDisposition(attachment.fileName), contentType: attachment.contentType },
    ATTACHMENT_LIMITS.downloadSeconds,
  );
  return {
    url,
    fileName: attachment.fileName,
    expiresAt: new Date(
      deps.now().getTime() + ATTACHMENT_LIMITS.downloadSeconds * 1000,
    ).toISOString(),
  };
}
