/**
 * The API process: configuration, database (migrated at start), optional demo seed, Firebase
 * Admin, HTTP server. `npm start` runs it beside the Auth emulator; production runs it alone.
 */
import { getEnv } from './env';
import { startServer, stopOnSignals } from './server';

async function main(): Promise<void> {
  const env = getEnv();
  const server = await startServer(env, {
    seed: env.SEED === 'demo' || process.argv.includes('--seed'),
  });
  console.log(`API listening on http://localhost:${server.port}`);
  stopOnSignals(server);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
