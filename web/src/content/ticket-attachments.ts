/** Copy of the file picker and file lists on ticket messages (D27; the rules' own sentences come from lambdas/domain). */
export const ticketAttachmentsCopy = {
  label: 'Attach files (optional)',
  hint: 'Up to 3 files: PDF, PNG, JPEG or plain text (.txt, .log), 5 MB each.',
  remove: (fileName: string) => `Remove ${fileName}`,
  uploading: (fileName: string) => `Uploading ${fileName}…`,
  uploadRefused: 'our file storage did not take it. Please try sending again.',
  refused: (fileName: string, reason: string) => `${fileName}: ${reason}`,
  listLabel: 'Attached files',
  download: (fileName: string) => `Download ${fileName}`,
  downloadFailed: (fileName: string) => `We could not download ${fileName}.`,
} as const;

/** A file's size as a buyer reads it: KB under a megabyte, else MB with one decimal. */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
