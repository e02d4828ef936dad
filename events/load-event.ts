/** Loads a sample event from events/ (tests and local tools), as a fresh object each time. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./', import.meta.url));

export function loadEvent<T = unknown>(relativePath: string): T {
  return JSON.parse(readFileSync(`${root}${relativePath}`, 'utf8')) as T;
}

export function loadEventText(relativePath: string): string {
  return readFileSync(`${root}${relativePath}`, 'utf8');
}
