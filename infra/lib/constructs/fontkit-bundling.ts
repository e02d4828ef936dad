/**
 * The PDF functions' font engine as they bundle it (docs/decisions.md E34). pdf-lib lays out and
 * subsets the invoice's DejaVu fonts with @pdf-lib/fontkit, whose ES build is one 1.2 MB file. At
 * import that file Brotli-decompresses the static dictionary WOFF2 fonts need, about 120 KB of
 * words: 70 ms of CPU, over a quarter of the invoices function's cold import, spent at every cold
 * start although our fonts are TrueType and never read it.
 *
 * No esbuild option reaches a statement inside one file (an alias swaps whole modules, a define or
 * `pure` only global names), and NodejsFunction's esbuild takes no plugins. So the bundles take a
 * copy of fontkit's own ES build, derived from the installed package when the bundles are built,
 * that differs by one statement: the dictionary is decompressed the first time a WOFF2 font reads
 * it, not at import. Everything else is fontkit's code as published; a WOFF2 font still works (it
 * waits the 70 ms once). The derived file is written under infra/.generated/ (not committed) and
 * aliased in place of the package by storefront-function.ts and bench/lambda-bundles.ts alike.
 * Tests and the local stack import the package as it is.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../paths';

/** The one statement changed: fontkit's module code decompressing the dictionary at import. */
export const EAGER_BROTLI_DICTIONARY = 'dictionary.init(BrotliDecompressBuffer);';

/**
 * In its place: the dictionary's `dictionary` property, read by the decoder for each word it
 * copies, decompresses the words on first read and then becomes a plain value, as init sets it.
 */
const LAZY_BROTLI_DICTIONARY = [
  '/* storefront (infra/lib/constructs/fontkit-bundling.ts): the WOFF2 dictionary on first use, not at import. */',
  "Object.defineProperty(dictionary, 'dictionary', {",
  '  configurable: true,',
  '  enumerable: true,',
  '  get: function () {',
  '    var words = dictionaryDataCompressed.init(BrotliDecompressBuffer);',
  "    Object.defineProperty(dictionary, 'dictionary', { value: words, writable: true, enumerable: true, configurable: true });",
  '    return words;',
  '  },',
  '});',
].join('\n');

/** Where the derived build is written, relative to the repository root (esbuild's working dir). */
export const DERIVED_FONTKIT = 'infra/.generated/fontkit.es.mjs';

/**
 * fontkit's ES build with the dictionary decompressed on first use. Throws, failing the build,
 * unless the statement is there exactly once: a fontkit that changed is looked at again, not
 * bundled unread.
 */
export function withLazyBrotliDictionary(source: string): string {
  const found = source.split(EAGER_BROTLI_DICTIONARY).length - 1;
  if (found !== 1) {
    throw new Error(
      `@pdf-lib/fontkit's ES build has "${EAGER_BROTLI_DICTIONARY}" ${found} times, not once: see infra/lib/constructs/fontkit-bundling.ts before bundling this version.`,
    );
  }
  return source.replace(EAGER_BROTLI_DICTIONARY, LAZY_BROTLI_DICTIONARY);
}

let written: Readonly<Record<string, string>> | undefined;

/**
 * Writes the derived build beside the repository's code (again only if the package changed) and
 * returns the esbuild alias that bundles it in place of `@pdf-lib/fontkit`.
 */
export function fontkitAliases(): Readonly<Record<string, string>> {
  if (written) return written;
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const source = readFileSync(require.resolve('@pdf-lib/fontkit/dist/fontkit.es.js'), 'utf8');
  const derived = withLazyBrotliDictionary(source);
  const target = join(REPO_ROOT, DERIVED_FONTKIT);
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== derived) {
    mkdirSync(dirname(target), { recursive: true });
    // Renamed into place: bundles built at once by other processes never read half a file.
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, derived);
    renameSync(partial, target);
  }
  written = { '@pdf-lib/fontkit': `./${DERIVED_FONTKIT}` };
  return written;
}
