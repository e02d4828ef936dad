/**
 * The architecture's boundaries (docs/architecture.md) hold because lint enforces them. These
 * fixtures prove the rules fire on a violation and stay quiet on allowed imports.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint boundaries', () => {
  // The first lint loads the whole configuration and its plugins: keep that out of the tests.
  beforeAll(async () => {
    await ruleIdsFor('lambdas/domain/warm-up.ts', 'export const x = 1;\n');
  }, 60_000);

  it('refuses an import from web into lambdas/handlers', async () => {
    const ids = await ruleIdsFor(
      'web/src/features/checkout/uses-handler.ts',
      "import { handler } from '../../../../lambdas/handlers/plans';\nexport const h = handler;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('refuses an import from web app code into lambdas/adapters', async () => {
    const ids = await ruleIdsFor(
      'web/src/lib/uses-adapter.ts',
      "import { x } from '../../../lambdas/adapters/dynamodb/plans';\nexport const y = x;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('lets web import the pure domain', async () => {
    const ids = await ruleIdsFor(
      'web/src/lib/uses-domain.ts',
      "import { quote } from '../../../lambdas/domain/pricing';\nexport const q = quote;\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuses an SDK import in lambdas/domain', async () => {
    const ids = await ruleIdsFor(
      'lambdas/domain/uses-sdk.ts',
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('refuses node I/O and the environment in lambdas/domain', async () => {
    const io = await ruleIdsFor(
      'lambdas/domain/uses-fs.ts',
      "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    );
    expect(io).toContain('no-restricted-imports');
    const env = await ruleIdsFor('lambdas/domain/uses-env.ts', 'export const t = process.env.X;\n');
    expect(env.length).toBeGreaterThan(0);
  });

  it('refuses razorpay outside lambdas/adapters, and allows it inside', async () => {
    const code = "import Razorpay from 'razorpay';\nexport const R = Razorpay;\n";
    expect(await ruleIdsFor('lambdas/use-cases/pay.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('lambdas/handlers/pay.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('lambdas/adapters/razorpay/pay.ts', code)).toEqual([]);
  });

  it('refuses a use case importing an adapter', async () => {
    const ids = await ruleIdsFor(
      'lambdas/use-cases/thing.ts',
      "import { x } from '../adapters/dynamodb/orders';\nexport const y = x;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('refuses an import from one web feature into another', async () => {
    const ids = await ruleIdsFor(
      'web/src/features/checkout/uses-dashboard.tsx',
      "import { DashboardPage } from '../dashboard/dashboard-page';\nexport const D = DashboardPage;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });

  it('lets a web feature import shared components and its own files', async () => {
    const ids = await ruleIdsFor(
      'web/src/features/checkout/uses-shared.tsx',
      "import { Price } from '../../components/price';\nimport { x } from './local';\nexport const P = [Price, x];\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuses an import from lambdas into infra, in every layer', async () => {
    const code =
      "import { FUNCTIONS } from '../../infra/lib/definitions/functions';\nexport const f = FUNCTIONS;\n";
    for (const file of [
      'lambdas/config/uses-infra.ts',
      'lambdas/adapters/uses-infra.ts',
      'lambdas/handlers/uses-infra.ts',
      'lambdas/use-cases/uses-infra.ts',
      'lambdas/domain/uses-infra.ts',
    ]) {
      expect(await ruleIdsFor(file, code), file).toContain('no-restricted-imports');
    }
  });

  it('keeps lambdas/system free of imports', async () => {
    const ids = await ruleIdsFor(
      'lambdas/system/facts-extra.ts',
      "import { CATALOG } from '../domain/catalog';\nexport const c = CATALOG;\n",
    );
    expect(ids).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('lambdas/system/facts-extra.ts', "export const BUS = 'b';\n")).toEqual(
      [],
    );
  });

  it('lets infra import only the catalog, the facts and domain types from lambdas', async () => {
    const allowed =
      "import { CATALOG } from '../../lambdas/domain/catalog';\n" +
      "import { TABLES } from '../../lambdas/system/facts';\n" +
      "import type { Plan } from '../../lambdas/domain/plan';\n" +
      'export const x: [unknown, unknown, Plan | undefined] = [CATALOG, TABLES, undefined];\n';
    expect(await ruleIdsFor('infra/local/uses-lambdas.ts', allowed)).toEqual([]);

    for (const code of [
      "import { handler } from '../../lambdas/handlers/plans';\nexport const h = handler;\n",
      "import { quote } from '../../lambdas/domain/pricing';\nexport const q = quote;\n",
      "import { logger } from '../../lambdas/config/logger';\nexport const l = logger;\n",
    ]) {
      expect(await ruleIdsFor('infra/local/uses-lambdas.ts', code), code).toContain(
        '@typescript-eslint/no-restricted-imports',
      );
    }
  });

  it('keeps lambdas/templates pure: no SDK, node I/O, environment or outer layer', async () => {
    const file = 'lambdas/templates/mail/fixture.ts';
    for (const code of [
      "import { SESClient } from '@aws-sdk/client-ses';\nexport const c = SESClient;\n",
      "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      "import { mailer } from '../../handlers/deps/mail';\nexport const m = mailer;\n",
      "import { sendWelcomeEmail } from '../../use-cases/send-welcome-email';\nexport const s = sendWelcomeEmail;\n",
      "import type { Mailer } from '../../ports/mail';\nexport type M = Mailer;\n",
      "import { SesMailer } from '../../adapters/ses/ses-mailer';\nexport const a = SesMailer;\n",
      "import { siteConfig } from '../../config/config';\nexport const c = siteConfig;\n",
    ]) {
      expect(await ruleIdsFor(file, code), code).toContain('no-restricted-imports');
    }
    expect(
      (await ruleIdsFor(file, 'export const u = process.env.SITE_URL;\n')).length,
    ).toBeGreaterThan(0);
  });

  it('lets lambdas/templates import the domain and each other', async () => {
    const ids = await ruleIdsFor(
      'lambdas/templates/mail/fixture.ts',
      "import { formatInr } from '../../domain/money';\n" +
        "import { renderMail } from './layout';\n" +
        'export const x = [formatInr, renderMail];\n',
    );
    expect(ids).toEqual([]);
  });
});
