/**
 * The page half of `npm run bench`: the floor pages (scripts/bench-floor) built and served as the
 * portal serves its build (compressed), first-load bytes as Chromium receives them, and
 * Lighthouse mobile (its defaults: simulated slow 4G, 4× CPU) on the portal's `/` and `/app`
 * signed in and on the floors.
 */
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { chromium, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { DEMO_API_KEY, sessionRecord, type PasswordSignIn } from './firebase-session';
import { runLighthouse } from './lighthouse';

/** The client's Firebase API key in a build for the emulator (src/client/env.ts). */
const API_KEY = DEMO_API_KEY;

/** Builds the floor pages into a fresh folder, with the portal's Vite and React plugin. */
export async function buildFloors(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'portal-bench-floor-'));
  const root = resolve('scripts/bench-floor');
  // Vite's build sets NODE_ENV=production for the whole process, which the API processes started
  // after it would inherit (and then refuse the Auth emulator): it is put back.
  const nodeEnv = process.env.NODE_ENV;
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: { index: join(root, 'index.html'), app: join(root, 'app.html') } },
    },
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  return outDir;
}

/** Serves `dir` compressed as the API serves dist (hono compress); `/app` is app.html. */
export async function serveFloors(dir: string, port: number): Promise<Server> {
  const app = new Hono();
  app.use('*', compress());
  app.get('/app', serveStatic({ root: dir, path: 'app.html' }));
  app.use('*', serveStatic({ root: dir }));
  return new Promise((started) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () =>
      started(server as Server),
    );
  });
}

export interface FirstLoad {
  js: number;
  jsFiles: number;
  css: number;
}

async function signInThroughForm(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('input[autocomplete="username"]').fill('buyer@acme.test');
  await page.locator('input[autocomplete="current-password"]').fill('portal-demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app$/);
}

/**
 * Gzip bytes of the scripts and stylesheets `url` loads until the network is idle, as Chromium
 * received them with its cache off. `signedIn`: signs the ACME buyer in first, in the same tab.
 * `ready`: text the page shows once it has painted what it is for.
 */
export async function firstLoad(
  base: string,
  path: string,
  { signedIn = false, ready }: { signedIn?: boolean; ready: string },
): Promise<FirstLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    if (signedIn) await signInThroughForm(page, base);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // By URL, once each, as the budgets count them (tests/e2e/budgets.spec.ts): with the cache
    // off, a chunk that a modulepreload link and an import ask for at the same moment arrives
    // twice, which no visitor with a cache ever downloads, and how often depends on timing.
    const sizes = new Map<string, Promise<{ type: string; bytes: number }>>();
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet')
        sizes.set(
          request.url(),
          request.sizes().then((s) => ({ type, bytes: s.responseBodySize })),
        );
    });
    await page.goto(`${base}${path}`);
    await page.getByText(ready, { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(sizes.values());
    const js = all.filter((s) => s.type === 'script');
    return {
      js: js.reduce((sum, s) => sum + s.bytes, 0),
      jsFiles: js.length,
      css: all.filter((s) => s.type === 'stylesheet').reduce((sum, s) => sum + s.bytes, 0),
    };
  } finally {
    await browser.close();
  }
}

export interface LighthouseFigures {
  scores: number[];
  median: number;
  /** LCP and TBT of the median run. */
  lcp: string;
  tbt: string;
}

function summarise(runs: Array<{ score: number; lcp: string; tbt: string }>): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  return {
    scores: runs.map((r) => r.score),
    median: middle.score,
    lcp: middle.lcp,
    tbt: middle.tbt,
  };
}

/**
 * "Runtime error encountered" (NO_NAVSTART: a trace it failed to record) is Lighthouse failing to
 * measure, not a figure: such a run is made again, up to twice.
 */
async function measured<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Runtime error encountered')) throw error;
    }
  }
}

/** Lighthouse mobile, `runs` times, each in a fresh Chromium (the CLI, as `npm test` runs it). */
export async function lighthouseSignedOut(url: string, runs: number): Promise<LighthouseFigures> {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const run = await measured(() => runLighthouse(url));
    results.push({
      score: run.scores.performance,
      lcp: run.metrics.LCP ?? '?',
      tbt: run.metrics.TBT ?? '?',
    });
  }
  return summarise(results);
}

/**
 * Lighthouse mobile on `/app` signed in, `runs` times: one tab signs the buyer in (Firebase keeps
 * the session in the tab's sessionStorage), then each run empties the HTTP cache and audits
 * `/app` without resetting the origin's storage.
 */
export async function lighthouseSignedIn(base: string, runs: number): Promise<LighthouseFigures> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--headless=new'],
  });
  try {
    const page = await browser.newPage();
    // Signed in as the app keeps a session (Firebase's user record in sessionStorage), from a
    // token the Auth emulator issues through the portal's origin.
    const res = await fetch(
      `${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'buyer@acme.test',
          password: 'portal-demo-1',
          returnSecureToken: true,
        }),
      },
    );
    const body = (await res.json()) as PasswordSignIn;
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
    const session = sessionRecord(body);
    await page.goto(`${base}/robots.txt`);
    await page.evaluate(
      (key, value) => sessionStorage.setItem(key, value),
      session.key,
      session.value,
    );
    await page.goto(`${base}/app`);
    await page.waitForFunction(() => location.pathname === '/app', { timeout: 30_000 });
    const cdp = await page.createCDPSession();
    const results = [];
    for (let i = 0; i < runs; i++) {
      await cdp.send('Network.clearBrowserCache');
      const result = await measured(async () => {
        const answer = await lighthouse(
          `${base}/app`,
          { disableStorageReset: true, onlyCategories: ['performance'], logLevel: 'error' },
          undefined,
          page,
        );
        const problem = answer?.lhr.runtimeError;
        if (problem) throw new Error(`Runtime error encountered: ${problem.code}`);
        return answer;
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.finalDisplayedUrl.replace(/\/$/, '') !== `${base}/app`)
        throw new Error(`Lighthouse did not stay on /app signed in (${lhr?.finalDisplayedUrl})`);
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.displayValue ?? '?',
        tbt: lhr.audits['total-blocking-time']?.displayValue ?? '?',
      });
    }
    return summarise(results);
  } finally {
    await browser.close();
  }
}
