/**
 * The fontkit build the PDF functions bundle (infra/lib/constructs/fontkit-bundling.ts, E34): the
 * package's own ES build with the WOFF2 dictionary decompressed on first use instead of at import.
 * What a buyer gets must not change: the invoice PDF rendered from the deployed bundle is the same
 * file, byte for byte, as the one rendered with the package as published, and a WOFF2 font still
 * lays out as the package lays it out.
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
  EAGER_BROTLI_DICTIONARY,
  fontkitAliases,
  withLazyBrotliDictionary,
} from '../../../infra/lib/constructs/fontkit-bundling';
import { REPO_ROOT } from '../../../infra/lib/paths';
import { readInvoiceFonts } from '../../../lambdas/adapters/fonts/invoice-fonts';
import { renderTaxDocumentPdf } from '../../../lambdas/templates/invoice/render-pdf';
import { sampleCreditNote, sampleInvoice } from '../../../lambdas/templates/invoice/sample';

type Fontkit = typeof publishedFontkit;

let outDir: string;
beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'storefront-fontkit-bundling-'));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the PDF functions' fontkit", () => {
  it('is the published build with only the dictionary decompression changed', () => {
    fontkitAliases();
    const published = readFileSync(
      join(REPO_ROOT, 'node_modules/@pdf-lib/fontkit/dist/fontkit.es.js'),
      'utf8',
    );
    const derived = readFileSync(join(REPO_ROOT, DERIVED_FONTKIT), 'utf8');

    expect(published).toContain(EAGER_BROTLI_DICTIONARY);
    expect(derived).not.toContain(EAGER_BROTLI_DICTIONARY);
    const [before, after] = published.split(EAGER_BROTLI_DICTIONARY) as [string, string];
    expect(derived.startsWith(before)).toBe(true);
    expect(derived.endsWith(after)).toBe(true);
  });

  it('refuses a fontkit whose dictionary statement is not there exactly once', () => {
    expect(() => withLazyBrotliDictionary('var a = 1;')).toThrow(/0 times, not once/);
    expect(() =>
      withLazyBrotliDictionary(`${EAGER_BROTLI_DICTIONARY}\n${EAGER_BROTLI_DICTIONARY}`),
    ).toThrow(/2 times, not once/);
  });

  it('reads and lays out a WOFF2 font as the published build does, the dictionary read on first use', async () => {
    fontkitAliases();
    const derived = (
      (await import(pathToFileURL(join(REPO_ROOT, DERIVED_FONTKIT)).href)) as {
        default: Fontkit;
      }
    ).default;
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
