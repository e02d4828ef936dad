/** Small helpers for state that must survive a crash: write to a temp file, fsync, rename. */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';

export function writeFileDurably(path: string, content: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}
