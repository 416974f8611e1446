/**
 * The API process: configuration, database (migrated at start), optional demo seed, Firebase
 * Admin, HTTP server. `npm start` runs it beside the Auth emulator; production runs it alone,
 * compiled (`npm run build` → dist-server/main.js, `npm run start:prod`).
 */
import { getEnv } from './env';
import { createLogger } from './ops/logger';
import { startServer, stopOnSignals } from './server';

async function main(): Promise<void> {
  const env = getEnv();
  const server = await startServer(env, {
    seed: env.SEED === 'demo' || process.argv.includes('--seed'),
  });
  server.logger.info(
    { port: server.port, metricsPort: server.metricsPort ?? null },
    `API listening on http://localhost:${server.port}`,
  );
  stopOnSignals(server, env.SHUTDOWN_GRACE_MS);
}

main().catch((err: unknown) => {
  // The configuration may be what failed, so this logger reads none of it: one JSON line.
  createLogger({ format: 'json', level: 'info' }).fatal({ err }, 'the API could not start');
  process.exit(1);
});
