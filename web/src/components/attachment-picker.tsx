import { useId, useState, type ChangeEvent } from 'react';
import type { TicketAttachment } from '@domain/ticket-attachments';
import { Alert } from './alert';
import { formatFileSize, ticketAttachmentsCopy as copy } from '../content/ticket-attachments';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../lib/api';
import {
  ATTACHMENT_ACCEPT,
  attachmentDownload,
  refusalOf,
  tooManyFiles,
  type AttachmentScope,
} from '../lib/ticket-attachments';

/**
 * Up to 3 files for one message, each checked with the server's rules as it is chosen: a refused
 * file is named with the server's sentence and not kept; the files already chosen stay.
 */
export function AttachmentPicker({
  files,
  onChange,
  disabled,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [refusals, setRefusals] = useState<string[]>([]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    // The same file may be chosen again after it was removed.
    event.target.value = '';
    const problems: string[] = [];
    const taken = chosen.filter((file) => {
      const refusal = refusalOf(file);
      if (refusal) problems.push(copy.refused(file.name, refusal));
      return !refusal;
    });
    const tooMany = tooManyFiles(files.length + taken.length);
    if (tooMany) {
      setRefusals([...problems, tooMany]);
      return;
    }
    setRefusals(problems);
    if (taken.length) onChange([...files, ...taken]);
  }

  return (
    <div className="text-sm">
      <label htmlFor={id} className="block font-medium text-slate-700">
        {copy.label}
      </label>
      <p className="text-xs text-slate-500">{copy.hint}</p>
      <input
        id={id}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={disabled}
        onChange={choose}
        className="mt-1 block text-sm"
      />
      {refusals.length ? (
        <Alert tone="error" className="mt-2">
          {refusals.map((refusal) => (
            <p key={refusal}>{refusal}</p>
          ))}
        </Alert>
      ) : null}
      {files.length ? (
        <ul className="mt-2 space-y-1">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-3">
              <span className="break-all text-slate-800">
                {file.name} ({formatFileSize(file.size)})
              </span>
              <button
                type="button"
                disabled={disabled}
                aria-label={copy.remove(file.name)}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                className="text-xs font-medium text-red-700 hover:underline"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A message's files as download links: each asks the API for a short-lived address (5 minutes)
 * when clicked and goes there; S3 answers it as a download (`Content-Disposition: attachment`).
 */
export function AttachmentList({
  scope,
  ticketNumber,
  attachments,
}: {
  scope: AttachmentScope;
  ticketNumber: string;
  attachments: readonly TicketAttachment[] | undefined;
}) {
  const [error, setError] = useState<string>();
  if (!attachments?.length) return null;

  async function download(file: TicketAttachment) {
    setError(undefined);
    try {
      const { url } = await attachmentDownload(scope, ticketNumber, file.id);
      window.location.assign(url);
    } catch (failure) {
      setError(
        `${copy.downloadFailed(file.fileName)} ${failure instanceof ApiError ? failure.message : NETWORK_ERROR_MESSAGE}`,
      );
    }
  }

  return (
    <div className="mt-3">
      <ul aria-label={copy.listLabel} className="flex flex-wrap gap-2">
        {attachments.map((file) => (
          <li key={file.id}>
            <a
              href={`#${file.id}`}
              aria-label={copy.download(file.fileName)}
              onClick={(event) => {
                event.preventDefault();
                void download(file);
              }}
              className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-brand-700 hover:underline"
            >
              📎 {file.fileName} ({formatFileSize(file.size)})
            </a>
          </li>
        ))}
      </ul>
      {error ? (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
