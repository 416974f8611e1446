/**
 * Ports and ids the scripts agree on. `npm start` and `npm test` use different ports so both can
 * run at once; the test ports can be moved (E2E_PORT, TEST_EMULATOR_PORT, TEST_PG_PORT) so that
 * two checkouts can run their tests side by side.
 *
 * Every port a script listens on is below 32768, out of the range Linux gives the local end of an
 * outgoing connection (32768–60999): the suite opens thousands of connections, and a server whose
 * port one of them held at that moment could not start ("Address already in use").
 */
const portFrom = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export const PROJECT_ID = 'demo-portal';
export const START_PORT = 8080;
export const START_EMULATOR_PORT = 9099;
/** `npm start`'s MailDev: the SMTP port the portal sends to, and its web inbox. */
export const START_SMTP_PORT = 1025;
export const START_MAIL_WEB_PORT = 1080;
export const TEST_EMULATOR_PORT = portFrom('TEST_EMULATOR_PORT', 9199);
export const E2E_PORT = portFrom('E2E_PORT', 8090);
/**
 * The API suite's workers: its files mostly wait on their databases and the Auth emulator, so
 * three at a time keep a 2-core machine busy. `npm test` starts a throwaway PostgreSQL for each,
 * at TEST_PG_PORT and every tenth port above it (tests/api/template.ts says why one each).
 */
export const API_WORKERS = 3;

/**
 * When an API test is called hung. `npm test` runs the API suites at a lower priority beside the
 * journeys, where a few seconds of work (a job the queue runs, a process that opens PGlite) can
 * wait minutes for the processor; no test judges how long anything took, so the limits only catch
 * what never ends: a test's own, and a wait within a test for work in the background.
 */
export const API_TEST_TIMEOUT_MS = 600_000;
export const API_WAIT_MS = 480_000;
export const TEST_PG_PORT = portFrom('TEST_PG_PORT', 25432);

/**
 * The PostgreSQL servers of an API run: `TEST_DATABASE_URL` names one, or several separated by
 * spaces (`npm test` starts one per worker). Empty on PGlite.
 */
export const testServers = (): string[] =>
  (process.env.TEST_DATABASE_URL ?? '').split(/\s+/).filter(Boolean);
/** `npm run bench`'s throwaway PostgreSQL. */
export const BENCH_PG_PORT = portFrom('BENCH_PG_PORT', 25433);
/** The replica suite: three replicas from here up, its nginx at this port + 4. */
export const REPLICAS_PORT = portFrom('REPLICAS_PORT', 8190);
/** The replicas' metrics listeners, from here up. */
export const REPLICAS_METRICS_PORT = portFrom('REPLICAS_METRICS_PORT', 9290);
export const REPLICAS_PG_PORT = portFrom('REPLICAS_PG_PORT', 25434);
