/**
 * Statements that every request runs (the caller's user row, an order's detail) are built once per
 * database and prepared, not rebuilt from Drizzle's query builder on each request: building was a
 * third of the API's CPU on order detail (docs/decisions/024). On PostgreSQL the statement is also
 * named, so each pooled connection parses and plans it once and then only binds and executes it;
 * PGlite ignores the name and still saves the building.
 *
 * A prepared statement belongs to the database it was built on: a transaction is another `Db`
 * (its own connection) and gets its own, built when it first asks. Names must be unique across
 * the server (node-postgres refuses one name for two texts on a connection), so each is spelled
 * out where its statement is defined.
 */
import type { Db } from './database';

/**
 * `build(db)` once per database, kept as long as that database object lives; a transaction's
 * statements go with the transaction.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}

/**
 * `build(db, shape)` once per database and shape, for a statement whose text depends on a few
 * choices (a list's sort and which filters it has), told apart by their JSON. The shapes are
 * finitely many, each a small object kept as long as the database object lives.
 */
export function preparedPerShape<S extends object, T>(
  build: (db: Db, shape: S) => T,
): (db: Db, shape: S) => T {
  const shapesOf = preparedPerDatabase(() => new Map<string, T>());
  return (db, shape) => {
    const byShape = shapesOf(db);
    const key = JSON.stringify(shape);
    let statement = byShape.get(key);
    if (statement === undefined) {
      statement = build(db, shape);
      byShape.set(key, statement);
    }
    return statement;
  };
}
