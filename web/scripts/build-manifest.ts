/**
 * The web build's manifest (`web/dist/.vite/manifest.json`, written by `vite build`): which chunk
 * file holds which source module, and what each chunk imports statically. Read by the prerender
 * (each page's boot list) and the bench (entry JS, the console's absence).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(distDir: string): BuildManifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
}

/** The key of the build's one entry chunk (the app). */
export function entryKeyOf(manifest: BuildManifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.isEntry);
  if (!key) throw new Error("The build's manifest has no entry chunk");
  return key;
}

/** `modules` and every chunk they import statically, transitively: keys, in the order reached. */
export function staticClosure(manifest: BuildManifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of modules) visit(key);
  return [...seen];
}
