/**
 * The invoice PDF's fonts (DejaVu Sans regular and bold, which have ₹), read from disk once per
 * cold start and handed to the pure template (lambdas/templates/invoice).
 *
 * Where they are:
 * - in the Lambda bundle, in `fonts/` beside the bundled handler: the CDK NodejsFunction copies them
 *   there after bundling (commandHooks.afterBundling, see the README);
 * - in the repository (tests, the local stack, the bench), in the dejavu-fonts-ttf package.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { InvoiceFonts } from '../../templates/invoice/render-pdf';

export const INVOICE_FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
} as const;

export class InvoiceFontsMissingError extends Error {
  override readonly name = 'InvoiceFontsMissingError';
}

async function readPair(directory: string): Promise<InvoiceFonts> {
  const [regular, bold] = await Promise.all([
    readFile(`${directory}/${INVOICE_FONT_FILES.regular}`),
    readFile(`${directory}/${INVOICE_FONT_FILES.bold}`),
  ]);
  return { regular, bold };
}

function packageDirectory(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return require
      .resolve(`dejavu-fonts-ttf/ttf/${INVOICE_FONT_FILES.regular}`)
      .replace(/\/[^/]+$/, '');
  } catch {
    return undefined; // bundled: no node_modules
  }
}

/** The directories tried, in order: an explicit one, the bundle's `fonts/`, the npm package. */
export function fontDirectories(explicit?: string): string[] {
  const bundled = fileURLToPath(new URL('./fonts', import.meta.url));
  return [explicit, bundled, packageDirectory()].filter((d): d is string => !!d);
}

/** Reads both fonts from the first directory that has them. */
export async function readInvoiceFonts(directory?: string): Promise<InvoiceFonts> {
  const tried = fontDirectories(directory);
  for (const candidate of tried) {
    try {
      return await readPair(candidate);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new InvoiceFontsMissingError(
    `The invoice fonts (${Object.values(INVOICE_FONT_FILES).join(', ')}) are in none of: ${tried.join(', ')}.`,
  );
}

let loaded: Promise<InvoiceFonts> | undefined;

/** The fonts, read once per process; a failed read is retried on the next call. */
export function invoiceFonts(): Promise<InvoiceFonts> {
  loaded ??= readInvoiceFonts().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
