/** Values the server makes for itself and keeps in its database (`server_keys`). */
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { serverKeys } from './schema';

/**
 * A value the server makes for itself once and keeps in the database, so that every replica and
 * every restart shares it: the first to ask makes it, the others read it.
 */
export async function keptServerValue<T>(db: Db, name: string, make: () => T): Promise<T> {
  const read = async () =>
    (await db.select().from(serverKeys).where(eq(serverKeys.Name, name)))[0]?.Value as
      T | undefined;
  // Made only when missing: a new key pair on every start would be thrown away.
  const kept = await read();
  if (kept !== undefined) return kept;
  await db.insert(serverKeys).values({ Name: name, Value: make() }).onConflictDoNothing();
  return (await read())!;
}
