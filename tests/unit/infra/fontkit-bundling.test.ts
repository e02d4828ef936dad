/**
 * The fontkit build the PDF functions bundle (infra/lib/constructs/fontkit-bundling.ts, E34): the
 * package's own ES build with the WOFF2 dictionary and the Arabic, Indic and Universal shapers'
 * tables made on first use instead of at import. What a buyer gets must not change: the invoice
 * PDF rendered from the deployed bundle is the same file, byte for byte, as the one rendered with
 * the package as published, and a WOFF2 font and text in those scripts lay out as the package
 * lays them out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import publishedFontkit from '@pdf-lib/fontkit';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../../bench/lambda-bundles';
import {
  DERIVED_FONTKIT,
  derivedFontkit,
  FONTKIT_EDITS,
  fontkitAliases,
} from '../../../infra/lib/constructs/fontkit-bundling';
import { REPO_ROOT } from '../../../infra/lib/paths';
import { readInvoiceFonts } from '../../../lambdas/adapters/fonts/invoice-fonts';
import { renderTaxDocumentPdf } from '../../../lambdas/templates/invoice/render-pdf';
import { sampleCreditNote, sampleInvoice } from '../../../lambdas/templates/invoice/sample';

type Fontkit = typeof publishedFontkit;

/** The derived build, as the bundles take it, imported on its own. */
async function derivedBuild(): Promise<Fontkit> {
  fontkitAliases();
  const url = pathToFileURL(join(REPO_ROOT, DERIVED_FONTKIT)).href;
  return ((await import(url)) as { default: Fontkit }).default;
}

let outDir: string;
beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'storefront-fontkit-bundling-'));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the PDF functions' fontkit", () => {
  it('is the published build with only the edited statements changed', () => {
    fontkitAliases();
    const published = readFileSync(
      join(REPO_ROOT, 'node_modules/@pdf-lib/fontkit/dist/fontkit.es.js'),
      'utf8',
    );
    const derived = readFileSync(join(REPO_ROOT, DERIVED_FONTKIT), 'utf8');

    // Undoing each edit gives the published file back, character for character.
    const undone = FONTKIT_EDITS.reduce(
      (text, { eager, lazy }) => text.replace(lazy, () => eager),
      derived,
    );
    expect(undone === published).toBe(true);
    for (const { eager } of FONTKIT_EDITS) expect(derived).not.toContain(eager);
  });

  it('refuses a fontkit whose edited statements are not each there exactly once', () => {
    const published = readFileSync(
      join(REPO_ROOT, 'node_modules/@pdf-lib/fontkit/dist/fontkit.es.js'),
      'utf8',
    );
    const [first] = FONTKIT_EDITS;
    expect(() => derivedFontkit('var a = 1;')).toThrow(/0 times, not once/);
    expect(() => derivedFontkit(published.replace(first!.eager, ''))).toThrow(/0 times, not once/);
    expect(() => derivedFontkit(`${published}\n${first!.eager}`)).toThrow(/2 times, not once/);
    // A use of a table the edits leave to first use, anywhere else, would read nothing.
    expect(() => derivedFontkit(`${published}\nconsole.log(trie$3);`)).toThrow(
      /reads trie\$3 outside the edited statements/,
    );
  });

  it("makes the shapers' tables on first use equal to the ones the published build makes at import", async () => {
    // Each build with its tables exported: the published one's module-level values, the derived
    // one's made by their first use (the Arabic shaper's by a call of its reader).
    const tablesOf = async (source: string, exported: string, name: string) => {
      const file = join(REPO_ROOT, 'infra/.generated', `${name}.${process.pid}.tables.mjs`);
      writeFileSync(
        file,
        `${source}\nexport const storefrontTestTables = () => { getShapingClass(0x628); ${exported} };\n`,
      );
      try {
        return (
          (await import(pathToFileURL(file).href)) as { storefrontTestTables: () => unknown }
        ).storefrontTestTables();
      } finally {
        rmSync(file, { force: true });
      }
    };
    const published = readFileSync(
      join(REPO_ROOT, 'node_modules/@pdf-lib/fontkit/dist/fontkit.es.js'),
      'utf8',
    );
    const fromPackage = await tablesOf(
      published,
      'return { arabic: trie$1, indic: { decompositions: decompositions, trie: trie$2, stateMachine: stateMachine }, use: { categories: categories, decompositions: decompositions$1, trie: trie$3, stateMachine: stateMachine$1 } };',
      'published',
    );
    const fromDerived = await tablesOf(
      derivedFontkit(published),
      'return { arabic: trie$1, indic: storefrontIndic(), use: storefrontUse() };',
      'derived',
    );

    expect(fromPackage).toMatchObject({ arabic: { data: expect.any(Uint32Array) } });
    expect(fromDerived).toEqual(fromPackage);
  });

  // DejaVu Sans has Arabic, not the Indic or the Universal Shaping Engine's scripts (fontkit then
  // shapes them as Latin): the test above compares those shapers' tables.
  it('shapes Arabic as the published build does, its table made on first use', async () => {
    const text = 'مرحبا بالعالم ١٢٣';
    const derived = await derivedBuild();
    const fonts = await readInvoiceFonts();
    const shaped = (fontkit: Fontkit) => {
      const run = fontkit.create(Buffer.from(fonts.regular)).layout(text);
      return {
        script: run.script,
        glyphs: run.glyphs.map((glyph) => glyph.id),
        positions: run.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset]),
      };
    };

    const expected = shaped(publishedFontkit);
    expect(expected.glyphs.length).toBeGreaterThan(0);
    expect(shaped(derived)).toEqual(expected);
  });

  it('reads and lays out a WOFF2 font as the published build does, the dictionary read on first use', async () => {
    const derived = await derivedBuild();
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

    const expected = laidOut(publishedFontkit);
    expect(expected.name).toBe('OpenSans-LightItalic');
    expect(laidOut(derived)).toEqual(expected);
  });

  it('renders the invoice and the credit note, from the deployed bundle, byte for byte as the package does', async () => {
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
    const bundle = join(outDir, 'render.mjs');
    const result = await build({
      ...lambdaBuildOptions('bundled', bundle),
      entryPoints: [entry],
    });
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs).toContain(DERIVED_FONTKIT);
    expect(inputs.filter((i) => i.includes('node_modules/@pdf-lib/fontkit/'))).toEqual([]);

    const fontDir = join(REPO_ROOT, 'node_modules/dejavu-fonts-ttf/ttf');
    const [invoicePdf, creditPdf] = [join(outDir, 'invoice.pdf'), join(outDir, 'credit.pdf')];
    execFileSync(process.execPath, [bundle, fontDir, invoicePdf, creditPdf], {
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });

    const fonts = await readInvoiceFonts(fontDir);
    const invoice = Buffer.from(await renderTaxDocumentPdf(sampleInvoice(), fonts));
    const credit = Buffer.from(await renderTaxDocumentPdf(sampleCreditNote(), fonts));
    expect(readFileSync(invoicePdf).equals(invoice)).toBe(true);
    expect(readFileSync(creditPdf).equals(credit)).toBe(true);
  });
});
