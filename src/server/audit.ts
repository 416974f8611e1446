/**
 * The audit log (DESIGN §6): every change by staff, buyers or jobs is recorded with who, when,
 * what, and the row before and after. Call it inside the transaction that makes the change, so
 * the change and its record commit or roll back together.
 */
import type { Db } from './db/database';
import { auditLog } from './db/schema';

export interface AuditEntry {
  /** Firebase uid of the person, or `system:<task>` for the seed and other jobs. */
  actorUid: string;
  action: 'create' | 'update' | 'delete';
  /** Table name, e.g. `customers`. */
  entity: string;
  entityId: string | number;
  before: object | null;
  after: object | null;
}

/** Binary values (a customer's logo) are recorded by size only: the log is for people to read. */
function toLoggable(row: object | null): Record<string, unknown> | null {
  if (row === null) return null;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]: [string, unknown]) => [
      key,
      value instanceof Uint8Array ? `<${value.byteLength} bytes>` : value,
    ]),
  );
}

export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    ActorUid: entry.actorUid,
    Action: entry.action,
    Entity: entry.entity,
    EntityId: String(entry.entityId),
    Before: toLoggable(entry.before),
    After: toLoggable(entry.after),
  });
}

/** The entry of a row a change created: nothing before, the row after. */
export const auditCreate = <R extends { Id: number }>(
  tx: Db,
  actorUid: string,
  entity: string,
  row: R,
): Promise<void> =>
  writeAudit(tx, {
    actorUid,
    action: 'create',
    entity,
    entityId: row.Id,
    before: null,
    after: row,
  });

/** The entry of a row a change updated: the row (or the columns that changed) before and after. */
export const auditUpdate = (
  tx: Db,
  actorUid: string,
  entity: string,
  entityId: number,
  before: object | null,
  after: object | null,
): Promise<void> => writeAudit(tx, { actorUid, action: 'update', entity, entityId, before, after });
