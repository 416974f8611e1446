/**
 * Opens the database: the embedded PGlite by default, a PostgreSQL server when a postgres:// URL
 * is given. Both are driven through the same Drizzle `Db` type, so nothing above this file knows
 * which one it talks to.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg, NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

type Schema = typeof schema;

/** Either driver's database, or a transaction of it (a transaction is a `PgDatabase` too). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Raw SQL with `$1`-numbered parameters, answering `{ rows }`: what pg-boss runs its queries on.
 * Text of several statements answers the rows of every statement, in order (pg-boss finds the
 * lock row of its claims among them).
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * LISTEN on `channel` for as long as the handle is open: `onNotification` hears each NOTIFY's
 * payload once it commits. `onReconnect` is called once subscribed, and again after a dropped
 * connection is subscribed anew, since the notices of the gap are lost: the caller then looks
 * for the work it may have missed. What the job queue wakes its workers with (jobs/queue.ts).
 */
export type Listen = (
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
) => Promise<{ close(): Promise<void> }>;

export interface Database {
  db: Db;
  /**
   * The driver's own query call, for a library that brings its SQL (the job queue). Text without
   * parameters may hold several statements (pg-boss's locked maintenance blocks).
   */
  executeSql: ExecuteSql;
  listen: Listen;
  /**
   * Runs `work` while no other process of this database runs its own (a PostgreSQL advisory lock
   * held on a connection of its own; PGlite has one process by construction): for start-up steps
   * that are not safe side by side, such as the job queue creating its schema.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tar archive, to open copies of it (`loadDataDir`). */
  dump?: () => Promise<Uint8Array>;
  /** PostgreSQL only: connections of the pool running a query, and callers waiting for one. */
  poolStats?: () => { inUse: number; waiting: number };
}

export interface OpenOptions {
  /** `postgres://…`: use that server. */
  url?: string;
  /** PGlite data directory, or `'memory'` for a throwaway in-memory database (tests). */
  dataDir?: string | 'memory';
  /** PGlite: a dump of a data directory (`dumpDataDir()`) to start from, e.g. a seeded template. */
  loadDataDir?: Blob;
  /**
   * Hears PostgreSQL dropping an idle connection, the job queue's LISTEN connection among them
   * (the server's log); stderr without it.
   */
  onIdleError?: (error: Error) => void;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase({
  url,
  dataDir = 'memory',
  loadDataDir,
  onIdleError = (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`),
}: OpenOptions): Promise<Database> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url });
    let closing = false;
    // An idle connection the server drops (a restart, a failover, or the server ending it while
    // the pool closes) is an 'error' event on the pool: unheard, it would end the process. The
    // pool replaces the connection on next use; a query in flight fails on its own.
    pool.on('error', (error) => {
      if (!closing) onIdleError(error);
    });
    return {
      db: drizzleNodePg({ client: pool, schema }),
      executeSql: async (text, values) => {
        // Several statements answer an array of results, one per statement.
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows) } : result;
      },
      listen: (channel, onNotification, onReconnect) =>
        listenOnServer(url, channel, onNotification, onReconnect, onIdleError),
      exclusively: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  // PGlite is single-connection and lives in this process: whoever opens it owns it, and the
  // folder's lock keeps every other process out (data-dir-lock.ts).
  let release = () => {};
  if (dataDir !== 'memory') {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = new PGlite({
      // Trigram indexes serve the searches (docs/decisions/020); PostgreSQL ships pg_trgm too.
      extensions: { pg_trgm },
      ...(dataDir === 'memory' ? {} : { dataDir }),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  return {
    db: drizzlePglite({ client, schema }),
    executeSql: async (text, values = []) => {
      // PGlite's `query` runs one statement; `exec` runs several, without parameters.
      if (values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.flatMap((r) => r.rows) };
    },
    listen: async (channel, onNotification, onReconnect) => {
      // The one connection, in this process: subscribed once, it cannot drop.
      const unlisten = await client.listen(channel, onNotification);
      onReconnect();
      return { close: () => unlisten() };
    },
    exclusively: (work) => work(),
    close: () => client.close().finally(release),
    dump: async () => new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()),
  };
}

/** The longest pause before opening a dropped LISTEN connection again. */
const RELISTEN_MAX_MS = 30_000;

/**
 * `Listen` on a PostgreSQL server, on a connection of its own: a pooled one would take the
 * subscription to whoever borrows it next. A connection that drops after it subscribed (a server
 * restart, a failover) is opened again after a pause that doubles from a second up to 30, each
 * drop reported to `onError`. One that cannot subscribe at first rejects instead, and the caller
 * does without (the job queue then polls).
 */
async function listenOnServer(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
  onError: (error: Error) => void,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let subscribed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;

  const end = (target: pg.Client): Promise<void> => {
    target.removeAllListeners();
    // Nothing left to hear from it, and an error now would only restate the drop.
    target.on('error', () => {});
    return target.end().catch(() => {});
  };
  const reconnectLater = () => {
    if (closed || retry) return;
    const pause = Math.min(RELISTEN_MAX_MS, 1000 * 2 ** Math.min(attempt++, 5));
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        if (closed) return;
        onError(error instanceof Error ? error : new Error(String(error)));
        reconnectLater();
      });
    }, pause);
    // A pending reconnect keeps no process alive that has nothing else to do.
    retry.unref();
  };
  const dropped = (target: pg.Client, error: Error) => {
    if (closed || client !== target) return;
    client = undefined;
    void end(target);
    onError(error);
    if (subscribed) reconnectLater();
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.payload !== undefined) onNotification(message.payload);
    });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next, new Error('the LISTEN connection ended')));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      if (client === next) client = undefined;
      void end(next);
      throw error;
    }
    // Closed meanwhile: close() has ended this connection, and nobody is to be told.
    if (closed) return;
    subscribed = true;
    attempt = 0;
    onReconnect();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      if (last) await end(last);
    },
  };
}

/**
 * Any fixed number, the same in every replica: the key of the PostgreSQL advisory lock that lets
 * one replica at a time apply migrations.
 */
const MIGRATION_LOCK_KEY = 724_616_001;
/** The same, for the other start-up steps (`Database.exclusively`). */
const STARTUP_LOCK_KEY = 724_616_002;

/** How many migrations the committed folder holds (the journal of a migrated database matches). */
export const MIGRATION_COUNT = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;

/** How many migrations the database has recorded as applied (drizzle's own journal table). */
export async function appliedMigrationCount(db: Db): Promise<number> {
  // Both drivers answer `{ rows }`; the shared Db type does not say so.
  const result = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

async function countOrZero(db: Db): Promise<number> {
  try {
    return await appliedMigrationCount(db);
  } catch {
    return 0; // no journal table yet: a new database
  }
}

/**
 * Applies the committed migrations (src/server/db/migrations) that this database lacks, and says
 * how many it applied. On PostgreSQL several replicas may start at the same moment: each takes a
 * session advisory lock on one connection and migrates through that connection, so one applies
 * them and the others wait, then find nothing left to do. PGlite has one process by construction.
 */
export async function migrateDatabase(db: Db): Promise<number> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (is(db, PgliteDatabase)) {
    const before = await countOrZero(db);
    await migratePglite(db, config);
    return (await countOrZero(db)) - before;
  }
  if (!is(db, NodePgDatabase)) {
    throw new Error('migrateDatabase: a database from openDatabase() is required');
  }
  const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const locked = drizzleNodePg({ client, schema });
      const before = await countOrZero(locked);
      await migrateNodePg(locked, config);
      return (await countOrZero(locked)) - before;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite runs no autovacuum, so its planner never gathers statistics by itself: without them
 * every table looks empty and the plans of a large book go wrong (docs/decisions/020). Run at
 * start and after bulk writes; PostgreSQL's autovacuum does this on its own.
 */
export async function analyzeIfEmbedded(db: Db): Promise<void> {
  if (is(db, PgliteDatabase)) await db.execute(sql`analyze`);
}
