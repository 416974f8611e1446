/** JSON built in SQL, for the statements that answer in one round trip (decisions 024, 027). */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `json_build_object('Name', field, …)` of a select's fields: the row under the names the query
 * builder gives it, so a statement that aggregates rows as JSON reads the same fields as the
 * list that selects them. The names are the code's own, written into the SQL as they are.
 */
export function jsonObjectOf(fields: Readonly<Record<string, SQLWrapper>>): SQL {
  const pairs = Object.entries(fields).map(([name, field]) => {
    if (!/^[A-Za-z]\w*$/.test(name)) throw new Error(`not a field name: ${name}`);
    return sql`${sql.raw(`'${name}'`)}, ${field}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
