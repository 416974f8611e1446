/**
 * Starting the API process, as a function: `main.ts` calls it for `npm start` and production,
 * and the end-to-end server calls it with extra seeded accounts.
 *
 * A replica starts, serves and stops in this order (docs/decisions/022):
 * open the database → apply migrations (one replica at a time, under a lock) → listen → ready;
 * on stop: not ready → stop accepting connections → finish the requests in flight (cut after
 * SHUTDOWN_GRACE_MS) → stop background work in order → close the metrics listener and the pool.
 */
import type { Server, ServerOptions } from 'node:http';
import { serve } from '@hono/node-server';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { createApp } from './app';
import { startHousekeeping } from './jobs/housekeeping';
import { startInvoiceReminders } from './invoices/reminders';
import { plantLines } from './shipments/shipper';
import { localToday } from '../shared/calendar-date';
import { startJobQueue } from './jobs/queue';
import { analyzeIfEmbedded, migrateDatabase, openDatabase } from './db/database';
import { startDelivery } from './notifications/delivery';
import { resolveVapidKeys } from './notifications/push';
import { startDispatcher } from './notifications/service';
import { defaultAddressPolicy } from './webhooks/address-policy';
import { startWebhooks } from './webhooks/delivery';
import type { Env } from './env';
import { createIdentityAdmin } from './identity/identity-admin';
import { PERSON_LOAD, PersonLoad } from './http/person-load';
import { ProcessLifecycle } from './ops/lifecycle';
import { createLogger, type Logger } from './ops/logger';
import { createIdTokenVerifier } from './identity/verify-id-token';
import { createMetrics, serveMetrics } from './ops/metrics';
import { seedDemo, type SeedOptions } from './seed/demo';

export interface RunningServer {
  port: number;
  /** The metrics listener's port, when METRICS_PORT is set. */
  metricsPort?: number;
  logger: Logger;
  /** Drains the requests in flight, stops background work, then closes the database. */
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
  const logger = createLogger({ format: env.LOG_FORMAT, level: env.LOG_LEVEL });
  const lifecycle = new ProcessLifecycle();

  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onIdleError: (error) => logger.warn({ err: error }, 'PostgreSQL dropped an idle connection'),
  });
  const applied = await migrateDatabase(database.db);
  logger.info({ applied }, `migrations: applied ${applied}`);

  // With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the emulator and accepts its
  // tokens given only the project id; otherwise it uses Application Default Credentials.
  const auth = getAuth(initializeApp({ projectId: env.FIREBASE_PROJECT_ID }));
  // PGlite allows one connection, held by this process: the seed runs here, before listening.
  if (options.seed) await seedDemo(database.db, auth, { extraUsers: options.extraUsers });
  await analyzeIfEmbedded(database.db);

  const metrics = createMetrics(database.poolStats);
  // Email and Web Push leave through the job queue (docs/decisions/023), never in a request.
  const vapid = await resolveVapidKeys(
    database.db,
    { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
    env.VAPID_SUBJECT,
  );
  // Work outside requests runs on the job queue (docs/decisions/030, 049). pg-boss creates or
  // migrates its schema as it starts: replicas starting together take turns at it.
  const jobs = await database.exclusively(() =>
    startJobQueue(database, {
      onError: (error) => logger.error({ err: error }, 'the job queue failed'),
      onWarning: (message) => logger.warn(`the job queue: ${message}`),
    }),
  );
  if (jobs.replacedOutdatedInstall) {
    logger.warn(
      'the job queue of an older pg-boss was replaced; waiting messages are queued again',
    );
  }
  const delivery = await startDelivery(
    jobs.boss,
    database.db,
    {
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      sender: { name: env.PLANT_NAME, address: env.PLANT_ADDRESS },
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      vapid,
      pushOrigins: env.PUSH_ENDPOINT_ORIGINS,
      retryDelaySeconds: env.DELIVERY_RETRY_SECONDS,
      pollingIntervalSeconds: 1,
      onFailure: (channel, error) => {
        metrics.deliveryFailed(channel);
        logger.warn({ channel, err: error }, `${channel} delivery failed; it will be retried`);
      },
    },
    { requeueWaiting: jobs.replacedOutdatedInstall },
  );
  const logError = (message: string, error: unknown) => logger.error({ err: error }, message);
  const housekeeping = await startHousekeeping(jobs.boss, database.db, logError);
  const dispatcher = await startDispatcher(jobs.boss, database.db, { log: logError, delivery });
  // Webhooks to the plant's systems (decision 040): https and public addresses only in production.
  const webhookPolicy = defaultAddressPolicy(env.NODE_ENV === 'production');
  const webhooks = await startWebhooks(
    jobs.boss,
    { db: database.db, policy: webhookPolicy },
    { log: logError },
  );
  const reminders = await startInvoiceReminders(jobs.boss, database.db, {
    dueSoonDays: env.INVOICE_DUE_SOON_DAYS,
    today: () => localToday(),
    log: logError,
  });
  metrics.watchQueue(delivery.depth);
  if (!env.SMTP_URL) logger.warn('SMTP_URL is not set: notification emails are not sent');
  const app = createApp({
    db: database.db,
    verifyIdToken: createIdTokenVerifier(auth, {
      emulator: Boolean(env.FIREBASE_AUTH_EMULATOR_HOST),
    }),
    identity: createIdentityAdmin(auth, {
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      webApiKey: env.FIREBASE_WEB_API_KEY,
    }),
    staticDir: env.STATIC_DIR,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    trustProxy: env.TRUST_PROXY,
    shipper: plantLines({ name: env.PLANT_NAME, address: env.PLANT_ADDRESS }),
    keyRateLimit: env.INTEGRATION_KEY_RATE_LIMIT,
    logger,
    observeRequest: metrics.observeRequest,
    lifecycle,
    push: { publicKey: vapid.publicKey, allowedOrigins: env.PUSH_ENDPOINT_ORIGINS },
    webhookPolicy,
    onChange: () => {
      dispatcher.kick();
      webhooks.kick();
    },
    personLoad: new PersonLoad({
      ...PERSON_LOAD,
      reads: { limit: env.READ_BUDGET_PER_MINUTE, windowSeconds: 60 },
    }),
  });

  lifecycle.addBackgroundWork(housekeeping);
  lifecycle.addBackgroundWork(reminders);
  lifecycle.addBackgroundWork(dispatcher);
  lifecycle.addBackgroundWork(webhooks);
  // After the dispatcher, so that nothing is queued once the workers stop: the messages in hand
  // are finished (bounded), the rest wait in the queue for another replica or the next start.
  lifecycle.addBackgroundWork({ name: 'delivery workers', stop: () => delivery.stop() });
  lifecycle.addBackgroundWork({ name: 'job queue', stop: () => jobs.stop() });

  const metricsServer =
    env.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(metrics, env.METRICS_HOST, env.METRICS_PORT);

  const stop = async (server: Server) => {
    lifecycle.drain();
    logger.info('draining: not ready, no new connections, finishing requests in flight');
    const drained = new Promise<void>((closed) => server.close(() => closed()));
    // Connections kept alive between requests would hold close() open: end the idle ones now.
    server.closeIdleConnections();
    let cut = false;
    const grace = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    await drained;
    clearTimeout(grace);
    logger.info({ cut }, cut ? 'drained: connections cut after the grace period' : 'drained');
    await lifecycle.stopBackgroundWork((name, error) =>
      logger.error({ err: error }, `stopping ${name} failed`),
    );
    await metricsServer?.close();
    await database.close();
    logger.info('stopped');
  };

  return new Promise((started) => {
    const server = serve(
      {
        fetch: app.fetch,
        hostname: env.HOST,
        port: env.PORT,
        serverOptions: connectionLimits(env),
      },
      (info) => {
        lifecycle.ready();
        started({
          port: info.port,
          ...(metricsServer ? { metricsPort: metricsServer.port } : {}),
          logger,
          stop: () => stop(server as Server),
        });
      },
    );
    // Beyond it, Node closes a new connection as it arrives.
    server.maxConnections = env.MAX_CONNECTIONS;
  });
}

/**
 * How long a client may take over a request, and keep an idle connection (docs/operations/
 * configuration.md): a slow or stalled request is closed (a 408 when nothing was answered yet)
 * instead of holding its connection for Node's default five minutes.
 */
export function connectionLimits(
  env: Pick<Env, 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>,
): ServerOptions {
  return {
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    headersTimeout: env.HEADERS_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    // Node looks for requests past their time every 30 s by default, which would let one live
    // half a minute past its timeout: look at a quarter of the shortest, at least every second.
    connectionsCheckingInterval: Math.max(
      25,
      Math.min(1_000, Math.floor(Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS) / 4)),
    ),
  };
}

/** Stops the server on SIGINT/SIGTERM; exits 0 once drained, 1 if stopping fails or hangs. */
export function stopOnSignals(server: RunningServer, graceMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.logger.info(`${signal}: stopping the API`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        server.logger.error({ err }, 'stopping the API failed');
        process.exit(1);
      },
    );
    // The grace period, plus time to stop the background work and close the pool.
    setTimeout(() => process.exit(1), graceMs + 10_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
