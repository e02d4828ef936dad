/**
 * The operator's console stays out of a buyer's initial JS: from the build manifest
 * (web/dist/.vite/manifest.json), the entry chunk's (the app's, src/app-start.tsx) static import
 * closure, and how many of its
 * bytes come from chunks of web/src/features/admin. As a second check, none of the console's own
 * copy (web/src/features/admin/copy.ts) appears in those chunks' code.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { entryKeyOf, readBuildManifest, staticClosure } from '../web/scripts/build-manifest';

export interface AdminAbsentFigure {
  /** The entry's static import closure (manifest keys). */
  initialChunks: string[];
  /** Bytes of web/src/features/admin chunks in that closure: the target is 0. */
  adminBytesInInitialJs: number;
  /** Console copy strings found in the initial chunks' code (should be none). */
  adminCopyFound: string[];
  /** The console's own chunks, loaded only on /admin. */
  adminChunks: string[];
}

const ADMIN_SOURCE = 'src/features/admin/';

export function measureAdminAbsent(distDir: string, webRoot: string): AdminAbsentFigure {
  const manifest = readBuildManifest(distDir);
  const closure = staticClosure(manifest, [entryKeyOf(manifest)]);
  const isAdmin = (key: string) =>
    key.startsWith(ADMIN_SOURCE) || (manifest[key]?.src ?? '').startsWith(ADMIN_SOURCE);
  const initialChunks = closure;
  const adminBytesInInitialJs = initialChunks
    .filter(isAdmin)
    .reduce((sum, key) => sum + statSync(join(distDir, manifest[key]!.file)).size, 0);

  // Long literal strings of the console's copy: present in its chunk, absent from buyers' code.
  const copy = readFileSync(join(webRoot, 'src/features/admin/copy.ts'), 'utf8');
  const phrases = [...copy.matchAll(/['"`]([^'"`\n$]{20,})['"`]/g)].map((m) => m[1]!);
  const initialCode = initialChunks
    .map((key) => readFileSync(join(distDir, manifest[key]!.file), 'utf8'))
    .join('\n');
  return {
    initialChunks,
    adminBytesInInitialJs,
    adminCopyFound: phrases.filter((phrase) => initialCode.includes(phrase)),
    adminChunks: Object.keys(manifest).filter(isAdmin),
  };
}
