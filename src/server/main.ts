/**
 * The API process: configuration, database (migrated at start), optional demo seed, Firebase
 * Admin, HTTP server. `npm start` runs it beside the Auth emulator; production runs it alone,
 * compiled (`npm run build` → dist-server/main.js, `npm run start:prod`).
 */
import { pino } from 'pino';
import { getEnv, InvalidEnvironment } from './env';
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
  // The configuration may be what failed, so this logger reads none of it: one JSON line on
  // stderr. A refused configuration is its own message, naming each variable; anything else is
  // logged with its error.
  const logger = createLogger({
    format: 'json',
    level: 'info',
    destination: pino.destination({ fd: 2, sync: true }),
  });
  if (err instanceof InvalidEnvironment) logger.fatal(err.message);
  else logger.fatal({ err }, 'the API could not start');
  process.exit(1);
});
