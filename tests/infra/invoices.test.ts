/**
 * The invoice PDF in the stack: its own Lambda behind the buyer's JWT route, with 1 GB; the seller
 * from stack parameters, given only to the functions that name the seller; and the fonts copied
 * beside the bundle, where the bundled font adapter finds them with no node_modules around.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS, ROUTES, type FunctionId } from '../../infra/lib/definitions/functions';
import { INVOICE_FONT_HOOKS } from '../../infra/lib/constructs/storefront-function';
import { REPO_ROOT } from '../../infra/lib/paths';
import { ENV } from '../../lambdas/system/facts';
import { logicalIdOf, resourcesOfType, synthesise, type Synthesised } from './stack-fixture';

let synthesised: Synthesised;
beforeAll(() => {
  synthesised = synthesise();
});
afterAll(() => synthesised.dispose());

const SELLER_VARIABLES = Object.values(ENV).filter((name) => name.startsWith('SELLER_'));

function environmentOf(id: FunctionId): Record<string, unknown> {
  const { stack, template } = synthesised;
  const fn = resourcesOfType(template, 'AWS::Lambda::Function')[
    logicalIdOf(stack, stack.lambdas.functions[id].function)
  ];
  return (fn?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
}

describe('the invoices Lambda', () => {
  it('serves GET /api/me/invoices/{invoiceNumber} alone, for signed-in buyers, with 1 GB', () => {
    const routes = ROUTES.filter((route) => route.function === 'invoices');

    expect(routes).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/me/invoices/{invoiceNumber}',
        auth: true,
      }),
    ]);
    expect(FUNCTIONS.invoices).toMatchObject({ memoryMb: 1024, tables: { purchases: 'read' } });
  });

  it('gets the seller from the stack parameters, as do the functions that name the seller, and no other', () => {
    const parameters = synthesised.template.toJSON().Parameters as Record<
      string,
      { AllowedPattern?: string; Default?: string }
    >;
    expect(parameters.SellerGstin?.AllowedPattern).toBe(
      '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$',
    );
    expect(parameters.SellerLegalName?.Default).toBeUndefined();

    for (const definition of Object.values(FUNCTIONS)) {
      const variables = environmentOf(definition.id);
      const given = SELLER_VARIABLES.filter((name) => name in variables);
      if (definition.needs.includes('sellerDetails')) {
        expect(given, definition.id).toEqual(SELLER_VARIABLES);
        expect(variables[ENV.sellerGstin]).toEqual({ Ref: 'SellerGstin' });
      } else {
        expect(given, definition.id).toEqual([]);
      }
    }
    expect(FUNCTIONS.checkout.needs).toContain('sellerDetails');
  });
});

describe("the invoice fonts beside the function's bundle", () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'storefront-invoice-bundle-'));
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('are copied by the after-bundling hook, and read from there by the bundled adapter', async () => {
    // A bundle of the font adapter alone, built as the stack builds a Lambda, far from node_modules.
    const entry = join(outDir, 'entry.ts');
    writeFileSync(
      entry,
      `import { invoiceFonts } from ${JSON.stringify(join(REPO_ROOT, 'lambdas/adapters/fonts/invoice-fonts.ts'))};
const fonts = await invoiceFonts();
process.stdout.write(JSON.stringify({ regular: fonts.regular.length, bold: fonts.bold.length }));`,
    );
    writeFileSync(join(outDir, 'package.json'), '{"type":"module"}');
    await build({
      entryPoints: [entry],
      outfile: join(outDir, 'index.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      logLevel: 'silent',
    });

    for (const command of INVOICE_FONT_HOOKS.afterBundling(REPO_ROOT, outDir)) {
      execFileSync('sh', ['-c', command]);
    }
    const read = JSON.parse(
      execFileSync(process.execPath, [join(outDir, 'index.mjs')], {
        cwd: outDir,
        encoding: 'utf8',
      }),
    ) as { regular: number; bold: number };

    const packaged = join(REPO_ROOT, 'node_modules/dejavu-fonts-ttf');
    expect(read).toEqual({
      regular: statSync(join(packaged, 'ttf/DejaVuSans.ttf')).size,
      bold: statSync(join(packaged, 'ttf/DejaVuSans-Bold.ttf')).size,
    });
    expect(readFileSync(join(outDir, 'fonts/LICENSE'), 'utf8')).toMatch(/Bitstream Vera/);
  });
});
