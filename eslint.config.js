// Lint enforces the architecture's boundaries (docs/architecture.md) as well as code quality.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const AWS_SDK_AND_RAZORPAY = {
  group: ['@aws-sdk/*', 'razorpay', 'razorpay/*', 'aws-sdk', 'aws-sdk/*'],
  message: 'Only lambdas/adapters may import an AWS SDK or razorpay (docs/architecture.md).',
};

const NODE_IO = {
  group: [
    'node:*',
    'fs',
    'fs/*',
    'http',
    'https',
    'net',
    'child_process',
    'os',
    'path',
    'process',
    'crypto',
  ],
  message: 'lambdas/domain is pure: no node: I/O (docs/architecture.md).',
};

// The Lambdas never reach into the deploy tree; shared facts live in lambdas/system/facts.ts.
const NOT_INFRA = {
  group: ['**/infra', '**/infra/**'],
  message:
    'lambdas/ never imports infra/: shared facts live in lambdas/system/facts.ts (docs/architecture.md).',
};

const webImportPatterns = [
  {
    group: ['**/lambdas/*', '!**/lambdas/domain'],
    message: 'web imports nothing of lambdas but lambdas/domain (docs/architecture.md).',
  },
  {
    group: ['**/lambdas/domain/*/**'],
    message: 'web imports lambdas/domain modules directly, nothing nested.',
  },
  AWS_SDK_AND_RAZORPAY,
];

const featuresDir = 'web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'cdk.out/',
      'web/dist/',
      '.data/',
      'coverage/',
      'bench/.lighthouse/',
      'bench/.out/',
      'tests/e2e/screenshots/',
      // StrykerJS's sandbox copy of the tree (npm run mutate) and its reports.
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // All of lambdas: nothing of infra/. The blocks below repeat NOT_INFRA because a later block's
  // no-restricted-imports replaces an earlier one's for the files both match.
  {
    files: ['lambdas/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_INFRA] }] },
  },
  // The system's facts import nothing, so every side can read them.
  {
    files: ['lambdas/system/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration, ImportExpression, ExportAllDeclaration, ExportNamedDeclaration[source]',
          message: 'lambdas/system holds facts only and imports nothing (docs/architecture.md).',
        },
      ],
    },
  },
  // infra/ knows the Lambdas by entry path; of lambdas/ it imports only the catalog, the system's
  // facts and (as types only) the domain.
  {
    files: ['infra/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lambdas/(?!domain/catalog$|system/facts$)',
              allowTypeImports: true,
              message:
                'infra/ imports of lambdas/ only domain/catalog, system/facts and domain types (docs/architecture.md).',
            },
            {
              regex: '(^|/)lambdas/(?!domain/|system/facts$)',
              message:
                'infra/ imports of lambdas/ only domain/catalog, system/facts and domain types (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // lambdas/domain: pure. No SDK, no node I/O, no environment, nothing of the outer layers.
  {
    files: ['lambdas/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_INFRA,
            AWS_SDK_AND_RAZORPAY,
            NODE_IO,
            {
              group: [
                '**/adapters/**',
                '**/handlers/**',
                '**/use-cases/**',
                '**/ports/**',
                '**/http/**',
              ],
              message: 'lambdas/domain imports nothing of the outer layers (docs/architecture.md).',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'lambdas/domain reads no environment.' },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'lambdas/domain is pure.' }],
    },
  },
  // lambdas/templates: pure functions from data to a mail or a document. Like the domain: no SDK,
  // no node I/O, no environment, nothing of the outer layers; they may read the domain.
  {
    files: ['lambdas/templates/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_INFRA,
            AWS_SDK_AND_RAZORPAY,
            { ...NODE_IO, message: 'lambdas/templates are pure: no node: I/O (STYLE.md).' },
            {
              group: [
                '**/adapters/**',
                '**/handlers/**',
                '**/use-cases/**',
                '**/ports/**',
                '**/http/**',
                '**/config/**',
              ],
              message:
                'lambdas/templates import only lambdas/domain and each other, nothing of the outer layers (STYLE.md).',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'lambdas/templates read no environment.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'lambdas/templates are pure.' },
      ],
    },
  },
  // use-cases: domain and ports only.
  {
    files: ['lambdas/use-cases/**/*.ts', 'lambdas/ports/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_INFRA,
            AWS_SDK_AND_RAZORPAY,
            {
              group: ['**/adapters/**', '**/handlers/**'],
              message:
                'use cases depend on ports, not on adapters or handlers (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // The rest of lambdas: only adapters touch an SDK.
  {
    files: ['lambdas/handlers/**/*.ts', 'lambdas/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NOT_INFRA, AWS_SDK_AND_RAZORPAY] }],
    },
  },
  // web: only lambdas/domain (pure rules and the API's types) may be imported from lambdas.
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: webImportPatterns,
        },
      ],
    },
  },
  // Features of web do not import each other. A sibling feature is reached by as many `../` as
  // the importing file is deep inside its own feature, so each depth gets its own patterns.
  ...features.flatMap((feature) =>
    [1, 2, 3, 4].map((depth) => {
      const others = features.filter((f) => f !== feature);
      const up = '../'.repeat(depth);
      return {
        files: [`${featuresDir}/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                ...webImportPatterns,
                {
                  group: others.flatMap((f) => [
                    `${up}${f}`,
                    `${up}${f}/**`,
                    `**/features/${f}`,
                    `**/features/${f}/**`,
                  ]),
                  message:
                    'A feature of web does not import another feature (docs/architecture.md).',
                },
              ],
            },
          ],
        },
      };
    }),
  ),
);
