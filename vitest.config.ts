import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { markdownPages } from './scripts/lib/vite-markdown';
import { API_TEST_TIMEOUT_MS, API_WORKERS, testServers } from './scripts/lib/constants';

/**
 * API test files that use no test database (a process of their own, types only): they have
 * nothing to tell on PostgreSQL that PGlite's run has not, so the PostgreSQL run leaves them out.
 */
const DATABASE_INDEPENDENT = ['tests/api/process.test.ts', 'tests/api/app-type.test.ts'];

/**
 * The API files about the database itself: its driver and migrations, transactions, savepoints and
 * locks, the job queue on it, its triggers, the types of its columns (ids, money, dates,
 * transaction ids) and its errors, and the process that opens it. When `npm test` runs the API
 * suite on PostgreSQL too, it runs only these on PGlite (`API_ENGINE_FILES_ONLY=1`): the others
 * judge the API's rules over the same SQL, which PostgreSQL's run judges, and the end-to-end
 * journeys use every screen on PGlite (docs/decisions/046). Alone, the suite runs every file.
 */
const ENGINE_FILES = [
  'tests/api/app-type.test.ts',
  'tests/api/cursors.test.ts',
  'tests/api/dashboard.test.ts',
  'tests/api/database.test.ts',
  'tests/api/delivery.test.ts',
  'tests/api/error-log.test.ts',
  'tests/api/events.test.ts',
  'tests/api/flat-queries.test.ts',
  'tests/api/housekeeping.test.ts',
  'tests/api/integration-feed.test.ts',
  'tests/api/integration-upserts.test.ts',
  'tests/api/invoices.test.ts',
  'tests/api/job-queue.test.ts',
  'tests/api/operation.test.ts',
  'tests/api/order-detail.test.ts',
  'tests/api/orders-flow.test.ts',
  'tests/api/platform.test.ts',
  'tests/api/process.test.ts',
  'tests/api/rate-limits.test.ts',
  'tests/api/read-limits.test.ts',
  'tests/api/shipment-documents.test.ts',
];

/**
 * API files that start first. `process.test.ts` starts API processes one after another and waits
 * on each, the longest file of the run on one processor. Vitest starts the files it has no timings
 * for (a fresh clone) largest first, which put this small one last, running alone at the run's end
 * while the rest of the machine waited for it.
 */
const START_FIRST = ['tests/api/process.test.ts'];

/** Vitest's own order (timings of earlier runs, else size), with START_FIRST ahead of it. */
class StartFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) =>
      START_FIRST.includes(relative(spec.project.config.root, spec.moduleId));
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}

// A renamed file would otherwise drop out of its list without a word.
const missing = [...ENGINE_FILES, ...START_FIRST].filter((file) => !existsSync(file));
if (missing.length > 0)
  throw new Error(`vitest.config.ts names no such file: ${missing.join(', ')}`);

export default defineConfig({
  test: {
    // Vitest takes the order of files from the run, not from a project.
    sequence: { sequencer: StartFirstSequencer },
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
          include:
            process.env.API_ENGINE_FILES_ONLY === '1' ? ENGINE_FILES : ['tests/api/**/*.test.ts'],
          exclude: testServers().length > 0 ? DATABASE_INDEPENDENT : [],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          // Each file opens its own database copy and app (tests/api/support.ts) and keeps no
          // state in modules, so the files of a worker share one module graph: the server's
          // modules are imported once a run instead of once a file.
          isolate: false,
          // On PostgreSQL one worker per server named (tests/api/template.ts): one, unless
          // `npm test` started one for each of API_WORKERS.
          maxWorkers: testServers().length || API_WORKERS,
          // Limits that catch a hang, wide enough for the suite's lower priority beside the
          // journeys in `npm test` (scripts/lib/constants.ts).
          testTimeout: API_TEST_TIMEOUT_MS,
          hookTimeout: API_TEST_TIMEOUT_MS,
        },
      },
    ],
  },
});
