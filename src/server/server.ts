/**
 * Starting the API process, as a function: `main.ts` calls it for `npm start` and production,
 * and the end-to-end server calls it with extra seeded accounts.
 */
import { serve } from '@hono/node-server';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { createApp } from './app';
import { startHousekeeping } from './housekeeping';
import { startDispatcher } from './notifications/service';
import { migrateDatabase, openDatabase } from './db/database';
import type { Env } from './env';
import { createIdentityAdmin } from './identity';
import { seedDemo, type SeedOptions } from './seed/demo';

export interface RunningServer {
  port: number;
  /** Finishes the requests in flight, then closes the database they use. */
  stop(): Promise<void>;
}

export async function startServer(
  env: Env,
  options: { seed: boolean } & SeedOptions,
): Promise<RunningServer> {
  if (options.seed && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    // The demo accounts share a published password: never create them in a real project.
    throw new Error('The demo seed needs the Auth emulator (set FIREBASE_AUTH_EMULATOR_HOST).');
  }

  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrateDatabase(database.db);

  // With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the emulator and accepts its
  // tokens given only the project id; otherwise it uses Application Default Credentials.
  const auth = getAuth(initializeApp({ projectId: env.FIREBASE_PROJECT_ID }));
  // PGlite allows one connection, held by this process: the seed runs here, before listening.
  if (options.seed) await seedDemo(database.db, auth, { extraUsers: options.extraUsers });

  const app = createApp({
    db: database.db,
    verifyIdToken: (token, checkRevoked) => auth.verifyIdToken(token, checkRevoked),
    identity: createIdentityAdmin(auth, {
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      webApiKey: env.FIREBASE_WEB_API_KEY,
    }),
    staticDir: env.STATIC_DIR,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    trustProxy: env.TRUST_PROXY,
  });

  const stopHousekeeping = startHousekeeping(database.db);
  const stopDispatcher = startDispatcher(database.db);

  return new Promise((started) => {
    const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
      started({
        port: info.port,
        stop: () =>
          new Promise<void>((stopped, failed) => {
            stopHousekeeping();
            stopDispatcher();
            server.close(() => database.close().then(stopped, failed));
          }),
      });
    });
  });
}

/** Stops the server on SIGINT/SIGTERM, giving in-flight requests up to ten seconds. */
export function stopOnSignals(server: RunningServer): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the API`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Stopping the API failed:', err);
        process.exit(1);
      },
    );
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
