/**
 * The PDF functions' font engine as they bundle it (docs/decisions.md E34). pdf-lib lays out and
 * subsets the invoice's DejaVu fonts with @pdf-lib/fontkit, whose ES build is one 1.2 MB file. At
 * import that file Brotli-decompresses the static dictionary WOFF2 fonts need (about 120 KB of
 * words: 70 ms of CPU, over a quarter of the invoices function's cold import) and inflates the
 * tables of its Arabic, Indic and Universal shapers (20–30 ms more), at every cold start,
 * although our fonts are TrueType and our documents nearly always Latin text with ₹.
 *
 * No esbuild option reaches a statement inside one file (an alias swaps whole modules, a define or
 * `pure` only global names), and NodejsFunction's esbuild takes no plugins. So the bundles take a
 * copy of fontkit's own ES build, derived from the installed package when the bundles are built,
 * in which those tables are made the first time they are read instead of at import: the same
 * calls on the same data, later. Everything else is fontkit's code as published; a WOFF2 font or
 * Arabic or Devanagari text still works (it waits for its tables once). The derived file is
 * written under infra/.generated/ (not committed) and aliased in place of the package by
 * storefront-function.ts and bench/lambda-bundles.ts alike. Tests and the local stack import the
 * package as it is.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../paths';

interface Edit {
  /** fontkit's text, found exactly once in its ES build. */
  eager: string;
  /** What the bundles take in its place. */
  lazy: string;
}

const NOTE = '/* storefront (infra/lib/constructs/fontkit-bundling.ts): made on first use. */';

/** The decoder reads `dictionary.dictionary` for each word it copies: decompressed on first read. */
const BROTLI_DICTIONARY: Edit[] = [
  {
    eager: 'dictionary.init(BrotliDecompressBuffer);',
    lazy: [
      NOTE,
      "Object.defineProperty(dictionary, 'dictionary', {",
      '  configurable: true,',
      '  enumerable: true,',
      '  get: function () {',
      '    var words = dictionaryDataCompressed.init(BrotliDecompressBuffer);',
      "    Object.defineProperty(dictionary, 'dictionary', { value: words, writable: true, enumerable: true, configurable: true });",
      '    return words;',
      '  },',
      '});',
    ].join('\n'),
  },
];

const ARABIC_TRIE = 'new unicodeTrie(pako.inflate(base64Arraybuffer_2(base64DeflatedTrie$1)))';

/** The Arabic shaper's joining classes, read by getShapingClass alone. */
const ARABIC_SHAPER: Edit[] = [
  {
    eager:
      'var trieData$1 = pako.inflate(base64Arraybuffer_2(base64DeflatedTrie$1));\nvar trie$1 = new unicodeTrie(trieData$1);',
    lazy: `${NOTE}\nvar trie$1 = null;`,
  },
  {
    eager: '  var res = trie$1.get(codePoint);',
    lazy: `  var res = (trie$1 || (trie$1 = ${ARABIC_TRIE})).get(codePoint);`,
  },
];

const INFLATED_JSON = (name: string) =>
  `JSON.parse(String.fromCharCode.apply(String, pako.inflate(base64Arraybuffer_2(${name}))))`;

/** The Indic shaper's tables: its syllable machine, decompositions and character classes. */
const INDIC_SHAPER: Edit[] = [
  {
    eager: [
      `var indicMachine = ${INFLATED_JSON('base64DeflatedIndicMachine')};`,
      `var useData = ${INFLATED_JSON('base64DeflatedUseData')};`,
      'var trieData$2 = pako.inflate(base64Arraybuffer_2(base64DeflatedTrie$2));',
      'var decompositions = useData.decompositions;',
      'var trie$2 = new unicodeTrie(trieData$2);',
      'var stateMachine = new dfa(indicMachine);',
    ].join('\n'),
    lazy: [
      NOTE,
      'var storefrontIndicTables = null;',
      'function storefrontIndic() {',
      '  if (!storefrontIndicTables) {',
      `    var indicMachine = ${INFLATED_JSON('base64DeflatedIndicMachine')};`,
      `    var useData = ${INFLATED_JSON('base64DeflatedUseData')};`,
      '    var trie = new unicodeTrie(pako.inflate(base64Arraybuffer_2(base64DeflatedTrie$2)));',
      '    storefrontIndicTables = { decompositions: useData.decompositions, trie: trie, stateMachine: new dfa(indicMachine) };',
      '  }',
      '  return storefrontIndicTables;',
      '}',
    ].join('\n'),
  },
  {
    eager: 'var d = INDIC_DECOMPOSITIONS[codepoint] || decompositions[codepoint];',
    lazy: 'var d = INDIC_DECOMPOSITIONS[codepoint] || storefrontIndic().decompositions[codepoint];',
  },
  {
    eager: '  return trie$2.get(glyph.codePoints[0]) >> 8;',
    lazy: '  return storefrontIndic().trie.get(glyph.codePoints[0]) >> 8;',
  },
  {
    eager: '  return 1 << (trie$2.get(glyph.codePoints[0]) & 0xff);',
    lazy: '  return 1 << (storefrontIndic().trie.get(glyph.codePoints[0]) & 0xff);',
  },
  {
    eager: '_createForOfIteratorHelperLoose$f(stateMachine.match(glyphs.map(indicCategory)))',
    lazy: '_createForOfIteratorHelperLoose$f(storefrontIndic().stateMachine.match(glyphs.map(indicCategory)))',
  },
];

/** The Universal Shaping Engine's tables: categories, decompositions, classes, syllable machine. */
const UNIVERSAL_SHAPER: Edit[] = [
  {
    eager: [
      `var useData$1 = ${INFLATED_JSON('base64DeflatedUseData')};`,
      'var trieData$3 = pako.inflate(base64Arraybuffer_2(base64DeflatedTrie$3));',
      'var categories = useData$1.categories,',
      '    decompositions$1 = useData$1.decompositions;',
      'var trie$3 = new unicodeTrie(trieData$3);',
      'var stateMachine$1 = new dfa(useData$1);',
    ].join('\n'),
    lazy: [
      NOTE,
      'var storefrontUseTables = null;',
      'function storefrontUse() {',
      '  if (!storefrontUseTables) {',
      `    var useData = ${INFLATED_JSON('base64DeflatedUseData')};`,
      '    var trie = new unicodeTrie(pako.inflate(base64Arraybuffer_2(base64DeflatedTrie$3)));',
      '    storefrontUseTables = { categories: useData.categories, decompositions: useData.decompositions, trie: trie, stateMachine: new dfa(useData) };',
      '  }',
      '  return storefrontUseTables;',
      '}',
    ].join('\n'),
  },
  {
    eager: '      if (decompositions$1[codepoint]) {',
    lazy: '      if (storefrontUse().decompositions[codepoint]) {',
  },
  {
    eager: '        var decomposed = decompositions$1[codepoint].map(function (c) {',
    lazy: '        var decomposed = storefrontUse().decompositions[codepoint].map(function (c) {',
  },
  {
    eager: '  return trie$3.get(glyph.codePoints[0]);',
    lazy: '  return storefrontUse().trie.get(glyph.codePoints[0]);',
  },
  {
    eager: '_createForOfIteratorHelperLoose$g(stateMachine$1.match(glyphs.map(useCategory)))',
    lazy: '_createForOfIteratorHelperLoose$g(storefrontUse().stateMachine.match(glyphs.map(useCategory)))',
  },
  {
    eager: 'new USEInfo(categories[useCategory(glyphs[i])], tags[0], syllable)',
    lazy: 'new USEInfo(storefrontUse().categories[useCategory(glyphs[i])], tags[0], syllable)',
  },
];

/** Every edit, in the order fontkit's build holds them. */
export const FONTKIT_EDITS: readonly Edit[] = [
  ...ARABIC_SHAPER,
  ...INDIC_SHAPER,
  ...UNIVERSAL_SHAPER,
  ...BROTLI_DICTIONARY,
];

/**
 * The module-level names the edits take away or leave null until first use: fontkit's code must
 * not read any of them anywhere else.
 */
const REPLACED_NAMES = [
  'trieData$1',
  'trie$1',
  'indicMachine',
  'useData',
  'trieData$2',
  'trie$2',
  'useData$1',
  'trieData$3',
  'decompositions$1',
  'trie$3',
  'stateMachine$1',
];

const mentions = (text: string, name: string) =>
  new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'm').test(text);

/** Where the derived build is written, relative to the repository root (esbuild's working dir). */
export const DERIVED_FONTKIT = 'infra/.generated/fontkit.es.mjs';

/**
 * fontkit's ES build with its WOFF2 dictionary and its shapers' tables made on first use. Throws,
 * failing the build, unless each edited text is there exactly once and no use of a replaced name
 * is left: a fontkit that changed is looked at again, not bundled unread.
 */
export function derivedFontkit(source: string): string {
  let derived = source;
  for (const { eager, lazy } of FONTKIT_EDITS) {
    const found = derived.split(eager).length - 1;
    if (found !== 1) {
      throw new Error(
        `@pdf-lib/fontkit's ES build has "${eager.split('\n')[0]}" ${found} times, not once: see infra/lib/constructs/fontkit-bundling.ts before bundling this version.`,
      );
    }
    derived = derived.replace(eager, () => lazy);
  }
  const rest = FONTKIT_EDITS.reduce((text, { eager }) => text.replace(eager, ''), source);
  const left = REPLACED_NAMES.filter((name) => mentions(rest, name));
  if (left.length > 0) {
    throw new Error(
      `@pdf-lib/fontkit's ES build reads ${left.join(', ')} outside the edited statements: see infra/lib/constructs/fontkit-bundling.ts.`,
    );
  }
  return derived;
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
  const derived = derivedFontkit(source);
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
