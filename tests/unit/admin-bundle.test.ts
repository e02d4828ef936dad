/**
 * The operator's console is its own lazy chunk, never in a buyer's initial JS: read from the web
 * build's manifest (web/dist/.vite/manifest.json, written by `vite build`; built first when older
 * than its sources: fresh-web-build.ts). What the entry loads at start is the entry chunk and
 * everything it imports statically, transitively; dynamic imports load later, on demand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshWebBuild } from './fresh-web-build';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = await freshWebBuild();
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const CONSOLE_SOURCES = /^src\/features\/admin\//;

function readManifest(): Manifest {
  if (!existsSync(MANIFEST)) {
    throw new Error(`${MANIFEST} is missing: the web build wrote no manifest.`);
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** The manifest keys of these chunks and every chunk they import statically, transitively. */
function staticallyFrom(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** The manifest keys of the entry and every chunk it imports statically, transitively. */
function loadedAtStart(manifest: Manifest): Set<string> {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  return staticallyFrom(
    manifest,
    entries.map(([key]) => key),
  );
}

/** The source modules whose code is in a chunk file, per Rollup's module ids in the manifest. */
function consoleChunks(manifest: Manifest): string[] {
  return Object.entries(manifest)
    .filter(([key, chunk]) => CONSOLE_SOURCES.test(chunk.src ?? key))
    .map(([key]) => key);
}

describe("the operator's console in the web build", () => {
  const manifest = readManifest();

  it('is a chunk of its own that is loaded on demand', () => {
    const consoleKeys = consoleChunks(manifest);

    expect(consoleKeys).toContain('src/features/admin/admin-page.tsx');
    expect(manifest['src/features/admin/admin-page.tsx']?.isDynamicEntry).toBe(true);
  });

  it("is not in the entry chunk's static imports, at any depth", () => {
    const start = loadedAtStart(manifest);
    const startFiles = new Set([...start].map((key) => manifest[key]?.file));

    expect(start.size).toBeGreaterThan(0);
    for (const key of consoleChunks(manifest)) {
      expect(start.has(key), `${key} is loaded at start`).toBe(false);
      expect(startFiles.has(manifest[key]?.file), `${manifest[key]?.file} is loaded at start`).toBe(
        false,
      );
    }
  });

  it("is not named in the HTML a buyer gets, not even /admin's own page", () => {
    const consoleFiles = consoleChunks(manifest).map((key) => manifest[key]?.file ?? key);
    for (const page of ['index.html', 'admin/index.html', 'dashboard/index.html']) {
      const path = join(DIST, page);
      if (!existsSync(path))
        throw new Error(`${path} is missing: the web build wrote no such page.`);
      const html = readFileSync(path, 'utf8');
      for (const file of consoleFiles) expect(html, `${page} names ${file}`).not.toContain(file);
    }
  });
});

describe("the dashboard's Support and Settings tabs in the web build (E33)", () => {
  const manifest = readManifest();
  const page = 'src/features/dashboard/dashboard-page.tsx';
  const panels = [
    'src/features/dashboard/support/support-panel.tsx',
    'src/features/dashboard/settings/settings-panel.tsx',
  ];

  it("are chunks the dashboard loads on demand, not part of what its page's chunk brings", () => {
    const withPage = staticallyFrom(manifest, [page]);
    expect(withPage.size).toBeGreaterThan(1);
    for (const panel of panels) {
      expect(manifest[page]?.dynamicImports, `${page} loads ${panel} on demand`).toContain(panel);
      expect(withPage.has(panel), `${panel} comes with the page`).toBe(false);
    }
  });
});
