// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const featuresDir = 'src/client/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dev-dist',
      '.data',
      '.tsbuild',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/client/routeTree.gen.ts',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    // Resolves TypeScript files, so no-cycle follows the imports of the project's own modules.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Imports flow one way: shared ← server, shared ← client; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: './src/client',
              message: 'shared must not depend on the client',
            },
            {
              target: './src/shared',
              from: './src/server',
              message: 'shared must not depend on the server',
            },
            { target: './sw', from: './src', message: 'the service worker is its own program' },
            ...features.map((feature) => ({
              target: `./${featuresDir}/${feature}`,
              from: `./${featuresDir}`,
              except: [`./${feature}`],
              message: 'features do not import each other; compose them in routes',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    // Shared code is in the browser's bundle: plain zod, never the server's OpenAPI flavour of it
    // (which brought its whole library into the first load of every page).
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hono/zod-openapi',
              message: "shared schemas import z from 'zod'; the server adds OpenAPI details",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      // The client may name the server's types (typed RPC) but never import its code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**'],
              allowTypeImports: true,
              message: 'client code must not import server code',
            },
          ],
        },
      ],
    },
  },
  {
    // Every request of the PWA names a route (src/client/lib/api-route.ts), which
    // tests/api/app-type.test.ts holds to the server's: the transport under the routes is the API
    // layer's own, and a route is an exported constant, where the test reaches it.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      'src/client/lib/api-client.ts',
      'src/client/lib/api-route.ts',
      'src/client/lib/api-read.ts',
      'src/client/lib/early-answers.ts',
      'src/client/lib/device-store.ts',
      'src/client/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api-client'],
              importNames: ['apiFetch', 'apiDownload'],
              message: 'call the API through a route: fetchOne, fetchPage, callApi, downloadFrom…',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: ':function CallExpression[callee.name="apiRoute"]',
          message: 'declare a route as an exported constant of its module, not inside a function',
        },
        {
          selector: 'Program > :not(ExportNamedDeclaration) CallExpression[callee.name="apiRoute"]',
          message: 'export the route, so that tests/api/app-type.test.ts checks it',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client', '**/client/**'],
              message: 'server code must not import client code',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='c'][property.name='var']",
          message:
            "Read a request variable with c.get('…'): c.var copies every variable into a new object on each read.",
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
