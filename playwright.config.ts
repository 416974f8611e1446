import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './scripts/lib/constants';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './scripts/lib/chromium';

/**
 * End-to-end journeys in Debian Chromium against the production build, the Auth emulator and the
 * API on a fresh PGlite database (scripts/e2e-server.ts). `npm test` builds first.
 */
/** Desktop Chrome's viewport and agent, in the Chromium named by `launchOptions`. */
const desktop = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A failed test runs once more, recording a trace (on-first-retry): recording one for every
  // test cost a third of the run. A test that then passes still fails the run: flaky is failed.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  // Journeys with several people (buyer, staff) take a while on a 2-core CI machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'on-first-retry',
    // As a person who asked for less motion (the theme honours it): no transition to render frame
    // by frame or wait out before a check; the transitions themselves are Mantine's.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Without the service worker: it would precache the whole build in every fresh context, for
    // nothing but the specs about it (offline, pwa, update), which allow it (decision 013).
    {
      name: 'desktop',
      use: { ...desktop, serviceWorkers: 'block' },
      testIgnore: /(push|update)\.spec\.ts/,
    },
    // What the headless shell lacks: the browser's push messaging (docs/decisions/047).
    {
      name: 'browser',
      use: { ...desktop, launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
      testMatch: /push\.spec\.ts/,
    },
    // Changes the served service worker, which every open page would notice: runs alone, last.
    {
      name: 'update',
      use: desktop,
      testMatch: /update\.spec\.ts/,
      dependencies: ['desktop', 'browser'],
    },
  ],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    // `npm test` starts it early, to seed while the API suites run; alone, Playwright starts it.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
