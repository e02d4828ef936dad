/**
 * fontkit as the PDF functions bundle it (docs/decisions.md E34): @pdf-lib/fontkit 1.1.1's ES build
 * with patches/@pdf-lib+fontkit+1.1.1.patch applied by patch-package at install, its WOFF2
 * dictionary and its Arabic, Indic and Universal shapers' tables made on first use instead of at
 * import. What a buyer gets must not change: the invoice PDF rendered from the deployed bundle is
 * the same file, byte for byte, as the one rendered with the package as published, and a WOFF2 font
 * and Arabic text lay out as the package lays them out. The published build is the installed file
 * with the patch taken back out (`git apply --reverse`), checked against 1.1.1's own file.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type publishedFontkit from '@pdf-lib/fontkit';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../../bench/lambda-bundles';
import { REPO_ROOT } from '../../../infra/lib/paths';
import { readInvoiceFonts } from '../../../lambdas/adapters/fonts/invoice-fonts';

type Fontkit = typeof publishedFontkit;

const FONTKIT_ES = 'node_modules/@pdf-lib/fontkit/dist/fontkit.es.js';
const PATCH = join(REPO_ROOT, 'patches/@pdf-lib+fontkit+1.1.1.patch');
/** SHA-256 of dist/fontkit.es.js in @pdf-lib/fontkit 1.1.1 as npm publishes it. */
const PUBLISHED_SHA256 = '62ad9c769e6a7a9028b0c711504908f0a231955b39619aaabd56dd4eabe800be';

let outDir: string;
/** Where the two builds are copied as modules (`.mjs`), beside a link to node_modules for pako. */
let modules: string;
let installed: string;
let published: string;

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'storefront-fontkit-patch-'));
  installed = readFileSync(join(REPO_ROOT, FONTKIT_ES), 'utf8');

  // The patch taken back out of a copy of the installed file: fails unless each hunk is there.
  const reversed = join(outDir, 'reversed');
  mkdirSync(join(reversed, 'node_modules/@pdf-lib/fontkit/dist'), { recursive: true });
  writeFileSync(join(reversed, FONTKIT_ES), installed);
  execFileSync('git', ['apply', '--reverse', PATCH], { cwd: reversed, stdio: 'pipe' });
  published = readFileSync(join(reversed, FONTKIT_ES), 'utf8');

  modules = join(outDir, 'modules');
  mkdirSync(modules);
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(modules, 'node_modules'), 'dir');
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** A build as an ES module of its own, with `exported` appended to it. */
async function load<T>(name: string, source: string, exported = ''): Promise<T> {
  const file = join(modules, `${name}.mjs`);
  writeFileSync(file, `${source}\n${exported}\n`);
  return (await import(pathToFileURL(file).href)) as T;
}

const loadFontkit = async (name: string, source: string) =>
  (await load<{ default: Fontkit }>(name, source)).default;

describe("the PDF functions' fontkit", () => {
  it('is 1.1.1 as published with the patch applied, and the patch keeps no table at import', () => {
    expect(createHash('sha256').update(published).digest('hex')).toBe(PUBLISHED_SHA256);
    expect(installed).not.toBe(published);

    // What the bundles no longer run when they load, at the module's top level: the dictionary's
    // Brotli decompression and the shapers' inflated tables. The Unicode properties every layout
    // reads (`data`, `trieData`, `trie`) stay.
    const tablesAtImport = (source: string) =>
      [
        ...source.matchAll(
          /^var ([\w$]+) = (?:new unicodeTrie\(|new dfa\(|JSON\.parse\(|pako\.)/gm,
        ),
      ].map((match) => match[1]);
    expect(published).toMatch(/^dictionary\.init\(BrotliDecompressBuffer\);$/m);
    expect(installed).not.toMatch(/^dictionary\.init\(/m);
    expect(tablesAtImport(published)).toEqual(expect.arrayContaining(['trie$1', 'trie$3']));
    expect(tablesAtImport(installed)).toEqual(['data', 'trieData', 'trie']);
  });

  it("makes the shapers' tables on first use equal to the ones the published build makes at import", async () => {
    type Tables = { storefrontTestTables: () => unknown };
    // The published build's module-level values; the patched one's made by their first use (the
    // Arabic shaper's by a call of its reader).
    const fromPackage = (
      await load<Tables>(
        'published-tables',
        published,
        'export const storefrontTestTables = () => ({ arabic: trie$1, indic: { decompositions: decompositions, trie: trie$2, stateMachine: stateMachine }, use: { categories: categories, decompositions: decompositions$1, trie: trie$3, stateMachine: stateMachine$1 } });',
      )
    ).storefrontTestTables();
    const fromPatched = (
      await load<Tables>(
        'patched-tables',
        installed,
        'export const storefrontTestTables = () => { getShapingClass(0x628); return { arabic: trie$1, indic: storefrontIndic(), use: storefrontUse() }; };',
      )
    ).storefrontTestTables();

    expect(fromPackage).toMatchObject({ arabic: { data: expect.any(Uint32Array) } });
    expect(fromPatched).toEqual(fromPackage);
  });

  // DejaVu Sans has Arabic, not the Indic or the Universal Shaping Engine's scripts (fontkit then
  // shapes them as Latin): the test above compares those shapers' tables.
  it('shapes Arabic as the published build does, its table made on first use', async () => {
    const text = 'مرحبا بالعالم ١٢٣';
    const fonts = await readInvoiceFonts();
    const shaped = (fontkit: Fontkit) => {
      const run = fontkit.create(Buffer.from(fonts.regular)).layout(text);
      return {
        script: run.script,
        glyphs: run.glyphs.map((glyph) => glyph.id),
        positions: run.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset]),
      };
    };

    const expected = shaped(await loadFontkit('published-arabic', published));
    expect(expected.script).toBe('arab');
    expect(expected.glyphs.length).toBeGreaterThan(0);
    expect(shaped(await loadFontkit('patched-arabic', installed))).toEqual(expected);
  });

  it('reads and lays out a WOFF2 font as the published build does, the dictionary read on first use', async () => {
    const woff2 = readFileSync(join(REPO_ROOT, 'tests/fixtures/fonts/OpenSans-LightItalic.woff2'));
    const text = 'Permission is hereby granted, free of charge: ₹1,234.56';
    const laidOut = (fontkit: Fontkit) => {
      const font = fontkit.create(woff2);
      const run = font.layout(text);
      return {
        name: font.postscriptName,
        glyphs: run.glyphs.map((glyph) => [glyph.id, glyph.path.toSVG()]),
        advances: run.positions.map((position) => position.xAdvance),
      };
    };

    const expected = laidOut(await loadFontkit('published-woff2', published));
    expect(expected.name).toBe('OpenSans-LightItalic');
    expect(laidOut(await loadFontkit('patched-woff2', installed))).toEqual(expected);
  });

  it('renders the invoice and the credit note, from the deployed bundle, byte for byte as the published build does', async () => {
    const entry = join(outDir, 'render.ts');
    const module = (path: string) => JSON.stringify(join(REPO_ROOT, path));
    writeFileSync(
      entry,
      `import { writeFileSync } from 'node:fs';
import { readInvoiceFonts } from ${module('lambdas/adapters/fonts/invoice-fonts.ts')};
import { renderTaxDocumentPdf } from ${module('lambdas/templates/invoice/render-pdf.ts')};
import { sampleCreditNote, sampleInvoice } from ${module('lambdas/templates/invoice/sample.ts')};
const fonts = await readInvoiceFonts(process.argv[2]);
writeFileSync(process.argv[3], await renderTaxDocumentPdf(sampleInvoice(), fonts));
writeFileSync(process.argv[4], await renderTaxDocumentPdf(sampleCreditNote(), fonts));`,
    );
    const publishedFile = join(modules, 'published-render.mjs');
    copyFileSync(join(outDir, 'reversed', FONTKIT_ES), publishedFile);
    const fontDir = join(REPO_ROOT, 'node_modules/dejavu-fonts-ttf/ttf');
    const render = async (name: string, alias: Record<string, string>) => {
      const bundle = join(outDir, `${name}.mjs`);
      const options = lambdaBuildOptions('bundled', bundle);
      const result = await build({
        ...options,
        alias: { ...options.alias, ...alias },
        entryPoints: [entry],
      });
      const pdfs = [join(outDir, `${name}-invoice.pdf`), join(outDir, `${name}-credit.pdf`)];
      execFileSync(process.execPath, [bundle, fontDir, ...pdfs], {
        env: { ...process.env, NODE_NO_WARNINGS: '1' },
      });
      return {
        inputs: Object.keys(result.metafile!.inputs),
        pdfs: pdfs.map((pdf) => readFileSync(pdf)),
      };
    };

    const deployed = await render('deployed', {});
    const asPublished = await render('published', { '@pdf-lib/fontkit': publishedFile });

    const fontkitsOf = (inputs: string[]) => inputs.filter((i) => i.includes('@pdf-lib/fontkit/'));
    expect(fontkitsOf(deployed.inputs)).toHaveLength(1);
    expect(fontkitsOf(deployed.inputs)[0]!.endsWith(FONTKIT_ES)).toBe(true);
    expect(fontkitsOf(asPublished.inputs)).toEqual([]);
    expect(asPublished.inputs.some((i) => i.endsWith('/published-render.mjs'))).toBe(true);
    expect(deployed.pdfs[0]!.equals(asPublished.pdfs[0]!)).toBe(true);
    expect(deployed.pdfs[1]!.equals(asPublished.pdfs[1]!)).toBe(true);
  });
});
