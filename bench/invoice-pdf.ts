/**
 * The tax invoice PDF: render time (the first render in the process, then p50/p95 over RUNS renders
 * after a warm-up), the PDF's size, and what an invoice Lambda ships for it (the template bundled as
 * the stack bundles Lambdas, plus the two font files copied beside it).
 * `npx tsx bench/invoice-pdf.ts` prints them; bench/run.ts can call measureInvoicePdf().
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import {
  INVOICE_FONT_FILES,
  fontDirectories,
  readInvoiceFonts,
} from '../lambdas/adapters/fonts/invoice-fonts';
import { renderTaxDocumentPdf } from '../lambdas/templates/invoice/render-pdf';
import { sampleInvoice } from '../lambdas/templates/invoice/sample';

const WARM_UP = 5;
const RUNS = 50;

export interface InvoicePdfFigure {
  firstRenderMs: number;
  p50Ms: number;
  p95Ms: number;
  runs: number;
  pdfBytes: number;
  templateBundleBytes: number;
  templateColdImportMs: number;
  fontBytes: number;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The template bundled as the stack bundles a Lambda (minified ESM for Node.js 22, ESM builds of
 * dependencies first), and the median time a fresh Node process takes to import it.
 */
async function templateBundle(): Promise<{ bytes: number; coldImportMs: number }> {
  const outDir = resolve('bench/.out/invoice-pdf');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), '{"type":"module"}');
  const outfile = join(outDir, 'render-pdf.mjs');
  await build({
    entryPoints: [resolve('lambdas/templates/invoice/render-pdf.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'silent',
  });
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const script = `const t = performance.now(); await import(${JSON.stringify(outfile)}); process.stdout.write(String(performance.now() - t));`;
    times.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script])));
  }
  times.sort((a, b) => a - b);
  return { bytes: statSync(outfile).size, coldImportMs: round1(times[2]!) };
}

export async function measureInvoicePdf(): Promise<InvoicePdfFigure> {
  const fonts = await readInvoiceFonts();
  const doc = sampleInvoice();

  let started = performance.now();
  const pdf = await renderTaxDocumentPdf(doc, fonts);
  const firstRenderMs = performance.now() - started;

  for (let i = 0; i < WARM_UP; i += 1) await renderTaxDocumentPdf(doc, fonts);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    started = performance.now();
    await renderTaxDocumentPdf(doc, fonts);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  const fontDir = fontDirectories().find((dir) => {
    try {
      return statSync(`${dir}/${INVOICE_FONT_FILES.regular}`).isFile();
    } catch {
      return false;
    }
  });
  const fontBytes = Object.values(INVOICE_FONT_FILES).reduce(
    (sum, file) => sum + statSync(`${fontDir}/${file}`).size,
    0,
  );

  const bundle = await templateBundle();
  return {
    firstRenderMs: round1(firstRenderMs),
    p50Ms: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    runs: RUNS,
    pdfBytes: pdf.byteLength,
    templateBundleBytes: bundle.bytes,
    templateColdImportMs: bundle.coldImportMs,
    fontBytes,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/invoice-pdf.ts')) {
  const figure = await measureInvoicePdf();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`invoice PDF render, first in process  ${figure.firstRenderMs} ms`);
  console.log(
    `invoice PDF render p50 / p95 (${figure.runs})  ${figure.p50Ms} / ${figure.p95Ms} ms`,
  );
  console.log(`invoice PDF size                      ${kb(figure.pdfBytes)}`);
  console.log(`invoice template bundle (minified)    ${kb(figure.templateBundleBytes)}`);
  console.log(`invoice template cold import          ${figure.templateColdImportMs} ms`);
  console.log(`invoice fonts shipped beside it       ${kb(figure.fontBytes)}`);
}
