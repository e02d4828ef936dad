/**
 * The Lambdas' bundles as the stack builds them (infra/lib/constructs/sdk-bundling.ts, the options
 * bench/lambda-bundles.ts also builds with): the SDK pieces no function runs stay out of them, the
 * SDK's modules and ours run as plain module code, not behind lazy initialisers, the PDF
 * functions take fontkit as patched at install, its tables made on first use (E34, patches/), and
 * inboundMail runs postal-mime alone at load, html-to-text only for a mail with no text part (E36).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../../bench/lambda-bundles';
import { FUNCTIONS } from '../../../infra/lib/definitions/functions';

async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    ...lambdaBuildOptions('bundled', '/tmp/storefront-lambda-bundling-test/index.mjs'),
    entryPoints: [entry],
    write: false,
  });
  return Object.keys(result.metafile!.inputs);
}

/**
 * The modules esbuild wraps in a lazy initialiser (`var init_x = __esm({ "path"() { … } })`), read
 * from the unminified bundle. esbuild does that to a module reached through a dynamic `import()`
 * and to everything it shares with the rest of the bundle: behind an `import()` of one SDK client,
 * every module the function's other clients share with it (docs/decisions.md E29).
 */
async function lazilyInitialised(entry: string): Promise<string[]> {
  const result = await build({
    ...lambdaBuildOptions('bundled', '/tmp/storefront-lambda-bundling-test/index.mjs'),
    minify: false,
    entryPoints: [entry],
    write: false,
  });
  const text = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
  return [...text.matchAll(/= __esm\(\{\s*"([^"]+)"/g)].map((match) => match[1]!);
}

describe('the deployed Lambda bundles', () => {
  it('carry the environment credentials alone, not the SDK default chain or its STS and SSO clients', async () => {
    const inputs = await bundledInputs(FUNCTIONS.contact.entry);

    expect(inputs).toContain('lambdas/config/lambda-credentials.ts');
    expect(inputs.some((i) => i.includes('node_modules/@aws-sdk/client-eventbridge/'))).toBe(true);
    for (const left of [
      '@aws-sdk/credential-provider-node/',
      '@aws-sdk/credential-provider-ini/',
      '@aws-sdk/credential-provider-sso/',
      '@aws-sdk/nested-clients/',
      '@smithy/credential-provider-imds/',
    ]) {
      expect(inputs.filter((i) => i.includes(left))).toEqual([]);
    }
  });

  it("leave out the SDK's event streams", async () => {
    const inputs = await bundledInputs(FUNCTIONS.plans.entry);

    expect(inputs).toContain('lambdas/config/no-event-streams.ts');
    expect(inputs.filter((i) => i.includes('submodules/event-streams/'))).toEqual([]);
  });

  it.each(['plans', 'provisionService', 'checkout'] as const)(
    "of %s run the SDK's modules and ours as plain module code, not behind lazy initialisers",
    async (id) => {
      const wrapped = await lazilyInitialised(FUNCTIONS[id].entry);

      // The SDK's own lazy import of event streams, aliased to a stand-in: in its baseline too.
      // Checkout loads the SSH-key parser when a request carries a key (ssh-keys-on-demand.ts):
      // it, and the small errors module it shares, are lazy there on purpose.
      const onDemand =
        id === 'checkout' ? ['lambdas/domain/ssh-keys.ts', 'lambdas/domain/errors.ts'] : [];
      expect(
        wrapped.filter(
          (path) => path !== 'lambdas/config/no-event-streams.ts' && !onDemand.includes(path),
        ),
      ).toEqual([]);
    },
  );

  it.each([
    ['vps', "only on the route that sets a VPS's keys"],
    ['checkout', 'only for a quote or an order that carries an SSH key'],
  ] as const)('of %s load sshpk %s, not at the cold start', async (id, _when) => {
    const result = await build({
      ...lambdaBuildOptions('bundled', '/tmp/storefront-lambda-bundling-test/index.mjs'),
      entryPoints: [FUNCTIONS[id].entry],
      write: false,
    });
    const inputs = result.metafile!.inputs;
    const importsOf = (path: string) =>
      Object.values(inputs)
        .flatMap((input) => input.imports)
        .filter((i) => i.path === path);

    // sshpk is in the bundle, reached from ssh-keys.ts alone, which only an `import()` reaches.
    expect(Object.keys(inputs).some((i) => i.includes('node_modules/sshpk/'))).toBe(true);
    const sshpkImporters = Object.entries(inputs)
      .filter(
        ([path, input]) =>
          !path.includes('node_modules/') &&
          input.imports.some((i) => i.path.includes('node_modules/sshpk/')),
      )
      .map(([path]) => path);
    expect(sshpkImporters).toEqual(['lambdas/domain/ssh-keys.ts']);
    const importsOfSshKeys = importsOf('lambdas/domain/ssh-keys.ts');
    expect(importsOfSshKeys.length).toBeGreaterThan(0);
    expect(importsOfSshKeys.map((i) => i.kind)).toEqual(
      importsOfSshKeys.map(() => 'dynamic-import'),
    );
  });

  it.each(['invoices', 'sendWelcomeEmail'] as const)(
    "of %s take fontkit's patched ES build: no Brotli decompression of the WOFF2 dictionary at load",
    async (id) => {
      const result = await build({
        ...lambdaBuildOptions('bundled', '/tmp/storefront-lambda-bundling-test/index.mjs'),
        minify: false,
        entryPoints: [FUNCTIONS[id].entry],
        write: false,
      });
      const inputs = Object.keys(result.metafile!.inputs);
      const text = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;

      expect(inputs.filter((i) => i.includes('@pdf-lib/fontkit/'))).toEqual([
        expect.stringMatching(/node_modules\/@pdf-lib\/fontkit\/dist\/fontkit\.es\.js$/),
      ]);
      // fontkit 1.1.1 as published runs `dictionary.init(BrotliDecompressBuffer);` as a statement
      // of its module; patched (patches/@pdf-lib+fontkit+1.1.1.patch), a getter does on first read.
      expect(text).not.toMatch(/^dictionary\d*\.init\(/m);
      expect(text).toMatch(/^Object\.defineProperty\(dictionary\d*, "dictionary", \{$/m);
    },
  );

  it('hold nodemailer only in the function that sends attachments (the welcome mail)', async () => {
    const holdsNodemailer = async (entry: string) =>
      (await bundledInputs(entry)).some((i) => i.includes('node_modules/nodemailer/'));

    expect(await holdsNodemailer(FUNCTIONS.sendWelcomeEmail.entry)).toBe(true);
    expect(await holdsNodemailer(FUNCTIONS.profile.entry)).toBe(false);
    expect(await holdsNodemailer(FUNCTIONS.provisionService.entry)).toBe(false);
  });
  it('of inboundMail run postal-mime alone at load: html-to-text on first use, mailparser not in it', async () => {
    // Each module of these packages marks its package when it runs; the bundle is otherwise the
    // deployed one, imported cold as the Lambda runtime imports it.
    const marked = ['postal-mime', 'html-to-text', 'htmlparser2', 'deepmerge-ts', 'selderee'];
    const marker: Plugin = {
      name: 'mark-packages',
      setup(b) {
        b.onLoad({ filter: /node_modules\/.*\.[cm]?js$/ }, (args) => {
          const name = marked.find((m) => args.path.includes(`/node_modules/${m}/`));
          if (!name) return undefined;
          const code = readFileSync(args.path, 'utf8');
          return {
            contents: `(globalThis.__ran ??= new Set()).add(${JSON.stringify(name)});\n${code}`,
            loader: 'js',
          };
        });
      },
    };
    const dir = mkdtempSync(join(tmpdir(), 'storefront-inbound-mail-bundle-'));
    try {
      const outfile = join(dir, 'index.mjs');
      const result = await build({
        ...lambdaBuildOptions('bundled', outfile),
        entryPoints: [FUNCTIONS.inboundMail.entry],
        plugins: [marker],
      });
      const inputs = Object.keys(result.metafile!.inputs);
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
      const script = `await import(${JSON.stringify(outfile)}); process.stdout.write(JSON.stringify([...(globalThis.__ran ?? [])].sort()));`;
      const ran = JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          env: { ...process.env, AWS_REGION: 'ap-south-1' },
        }).toString(),
      ) as string[];

      expect(inputs.some((i) => i.includes('node_modules/html-to-text/'))).toBe(true);
      for (const gone of ['mailparser', 'libmime', 'iconv-lite', 'encoding-japanese']) {
        expect(inputs.filter((i) => i.includes(`node_modules/${gone}/`))).toEqual([]);
      }
      expect(ran).toEqual(['postal-mime']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
