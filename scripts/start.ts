/**
 * `npm start`: builds the PWA, starts the Firebase Auth emulator, MailDev (a local mail catcher:
 * the portal's notification emails arrive in its web inbox) and the API server (which serves the
 * PWA too) on the embedded PGlite database seeded with demo data, and prints where to go.
 * `npm run dev`: the same API with Vite's dev server and hot reload in front.
 * `npm run reset`: forget the local data first (`.data/`), then as `npm start`.
 * Ctrl-C stops everything this started. Data persists in `.data/` between runs.
 */
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { startAuthEmulator } from './lib/emulator';
import {
  START_EMULATOR_PORT,
  START_MAIL_WEB_PORT,
  START_PORT,
  START_SMTP_PORT,
} from './lib/constants';
import { TSX_NODE, run, startChild, stopChild, waitForHttp } from './lib/processes';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts';

const dev = process.argv.includes('--dev');
const reset = process.argv.includes('--reset');
const port = Number(process.env.PORT ?? START_PORT);

async function main(): Promise<void> {
  if (reset) {
    rmSync('.data', { recursive: true, force: true });
    console.log('Local data removed; starting fresh.');
  }
  if (!dev) {
    console.log('Building the PWA…');
    await run('npm', ['run', '--silent', 'build']);
  }

  console.log('Starting the Firebase Auth emulator…');
  const emulator = await startAuthEmulator({ port: START_EMULATOR_PORT, dataDir: '.data/auth' });
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = async (code: number): Promise<never> => {
    if (!stopping) {
      stopping = true;
      console.log('\nStopping…');
      await Promise.all(children.map((c) => stopChild(c)));
      await emulator.stop();
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  console.log('Starting MailDev…');
  const maildev = startChild(
    process.execPath,
    [
      'node_modules/maildev/bin/maildev',
      '--ip',
      '127.0.0.1',
      '--smtp',
      String(START_SMTP_PORT),
      '--web',
      String(START_MAIL_WEB_PORT),
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(maildev);
  const mailUrl = `http://localhost:${START_MAIL_WEB_PORT}`;
  await waitForHttp(mailUrl, 30_000, maildev);

  const [node, ...nodeArgs] = TSX_NODE;
  const api = startChild(node, [...nodeArgs, 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      SEED: 'demo',
      SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${START_SMTP_PORT}`,
      PUBLIC_URL:
        process.env.PUBLIC_URL || (dev ? 'http://localhost:5173' : `http://localhost:${port}`),
      // Readable lines in a terminal; production writes one JSON object per line.
      LOG_FORMAT: process.env.LOG_FORMAT || 'pretty',
      ...(dev ? {} : { STATIC_DIR: 'dist' }),
    },
  });
  children.push(api);
  api.on('exit', (code) => {
    if (!stopping) {
      console.error(`The API server stopped (${code}).`);
      void stopAll(1);
    }
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000, api);

  let url = `http://localhost:${port}`;
  if (dev) {
    const vite = startChild(process.execPath, ['node_modules/vite/bin/vite.js'], {
      env: { ...process.env, API_PORT: String(port) },
    });
    children.push(vite);
    url = 'http://localhost:5173';
    await waitForHttp(url, 60_000, vite);
  }

  console.log(`\nCustomer Portal is running at ${url}`);
  console.log(`Its emails arrive in MailDev at ${mailUrl}\n`);
  console.log(`Demo accounts (password: ${DEMO_PASSWORD}):`);
  const rows = DEMO_ACCOUNTS.map(({ email, role, customer }) => [email, role, customer ?? '—']);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows)
    console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`);
  console.log('');
  console.log('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
