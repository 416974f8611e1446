/**
 * What the database drivers are asked to run during one API request, for the bench's raw replay
 * beside the API's figure (bench-api.ts, bench-integration.ts). Importing this module wraps
 * `pg.Client#query` and `PGlite#query` once: while a recording runs, each statement (its text, its
 * values and, for a prepared one, its name) is kept; outside one they pass untouched. The replay
 * then runs the same statements through the driver alone, on PostgreSQL or on the API's own
 * PGlite instance, which the wrapper notes as it sees it.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

let recording: Statement[] | null = null;
let pglite: PGlite | null = null;

const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [
    string | { name?: string; text: string; values?: unknown[] },
    unknown,
  ];
  if (recording) {
    recording.push(
      typeof first === 'string'
        ? { text: first, values: Array.isArray(second) ? second : [] }
        : {
            ...(first.name ? { name: first.name } : {}),
            text: first.text,
            values: first.values ?? (Array.isArray(second) ? second : []),
          },
    );
  }
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pgQuery;

const pgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, text: string, values?: unknown[], options?) {
  // The instance the API uses, for the raw replay.
  // eslint-disable-next-line @typescript-eslint/no-this-alias
  pglite = this;
  if (recording) recording.push({ text, values: values ?? [] });
  return pgliteQuery.call(this, text, values, options);
} as typeof pgliteQuery;
const pgliteExec = PGlite.prototype.exec;

/**
 * The statements `request` made the drivers run. The server's own background work (the
 * notification dispatcher's ticks) runs on the same pool and may fall within a request: of
 * `times` recordings, the shortest is the request's.
 */
export async function recordStatements(
  request: () => Promise<unknown>,
  times = 3,
): Promise<Statement[]> {
  const recordings: Statement[][] = [];
  try {
    for (let i = 0; i < times; i++) {
      recording = [];
      await request();
      recordings.push(recording);
    }
  } finally {
    recording = null;
  }
  return recordings.reduce((a, b) => (b.length < a.length ? b : a));
}

/** The API's own PGlite instance, once it has run a statement. */
function apiPglite(): PGlite {
  if (!pglite) throw new Error('The API has not used its PGlite database yet.');
  return pglite;
}

/** Raw SQL through the driver alone: on `pool` (PostgreSQL), else on the API's own PGlite. */
export const runSql = (pool: pg.Pool | null, text: string, values: unknown[] = []) =>
  pool ? pool.query(text, values) : pgliteQuery.call(apiPglite(), text, values);

/** A recorded statement run again, under its recorded name when it has one. */
export const runStatement = (pool: pg.Pool | null, s: Statement) =>
  pool ? pool.query(s) : pgliteQuery.call(apiPglite(), s.text, s.values);

/** Several statements in one string (no values), as PGlite's `exec` runs them. */
export const execSql = async (pool: pg.Pool | null, text: string): Promise<void> => {
  if (pool) await pool.query(text);
  else await pgliteExec.call(apiPglite(), text);
};
