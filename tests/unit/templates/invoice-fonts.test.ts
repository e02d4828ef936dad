import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INVOICE_FONT_FILES,
  fontDirectories,
  readInvoiceFonts,
} from '../../../lambdas/adapters/fonts/invoice-fonts';

/** A TrueType file starts with the sfnt version 0x00010000. */
const isTrueType = (bytes: Uint8Array) =>
  bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0;

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('invoice fonts', () => {
  it('are found in the dejavu-fonts-ttf package when running from the repository', async () => {
    const fonts = await readInvoiceFonts();
    expect(isTrueType(fonts.regular)).toBe(true);
    expect(isTrueType(fonts.bold)).toBe(true);
    expect(fonts.regular.length).not.toBe(fonts.bold.length);
  });

  it('are read from an explicit directory first, the bundle’s fonts/ next, the package last', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'invoice-fonts-'));
    made.push(dir);
    const dirs = fontDirectories(dir);
    expect(dirs[0]).toBe(dir);
    expect(dirs[1]).toMatch(/\/fonts$/);
    expect(dirs[2]).toMatch(/dejavu-fonts-ttf\/ttf$/);
    // Only the regular file: this directory is incomplete, so the next one that has both is used.
    copyFileSync(join(dirs[2]!, INVOICE_FONT_FILES.regular), join(dir, INVOICE_FONT_FILES.regular));
    await expect(readInvoiceFonts(dir)).resolves.toMatchObject({
      regular: expect.any(Uint8Array),
      bold: expect.any(Uint8Array),
    });
  });
});
