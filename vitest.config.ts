import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { markdownPages } from './scripts/lib/vite-markdown';
import { API_WORKERS, testServers } from './scripts/lib/constants';

/**
 * API test files that use no test database (a process of their own, types only): `npm test` runs
 * the API suite once on PGlite and once on PostgreSQL, and these have nothing to tell the second
 * time, so the PostgreSQL run leaves them out.
 */
const DATABASE_INDEPENDENT = ['tests/api/process.test.ts', 'tests/api/app-type.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), markdownPages()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup-unit.ts'],
          // The files share one module graph: importing React, Mantine and the app's modules
          // once a run instead of once a file takes two thirds off the run. Nothing the tests
          // rely on lives in a module's state; the DOM is cleaned after each test (the setup).
          isolate: false,
          // Component tests type into forms, about 2 s each on a quiet 2-core machine; beside the
          // lint, format and typecheck runs of `npm test` they can take three times as long, and
          // on a machine busy with other work too, one took 47 s. The limit only catches a hang.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? DATABASE_INDEPENDENT : [],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          // Each file opens its own database copy and app (tests/api/support.ts) and keeps no
          // state in modules, so the files of a worker share one module graph: the server's
          // modules are imported once a run instead of once a file.
          isolate: false,
          // On PostgreSQL one worker per server named (tests/api/template.ts): one, unless
          // `npm test` started one for each of API_WORKERS.
          maxWorkers: process.env.TEST_DATABASE_URL ? testServers().length : API_WORKERS,
          // Limits that catch a hang, wide enough for a machine busy with other work too.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
