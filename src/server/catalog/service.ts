/**
 * What admins' writes to the catalog do: the checks that name the field the database would refuse
 * (an item number taken for that customer, a customer that does not exist), the update at the
 * loaded Version, and the audit of each change. Knows nothing of HTTP; the SQL is in queries.ts.
 */
import type { CatalogAdminItemRow } from '../../shared/schemas/catalog';
import { versionedResult } from '../http/concurrency';
import { customerExists } from '../customers/queries';
import { answerViolations } from '../db/constraint-errors';
import type { Db } from '../db/database';
import { conflict, invalidInput } from '../http/errors';
import { recordEvent, type EventActor } from '../events';
import {
  findCatalogItem,
  findItemRecord,
  insertItem,
  itemNumberInUse,
  updateItemAt,
  type CatalogItemWrite,
} from './queries';

const itemNumberTaken = (shared: boolean) => {
  const message = shared
    ? 'An item offered to all customers already has this number.'
    : 'This customer already has an item with this number.';
  return conflict(message, { ItemNumber: message });
};
const noSuchCustomer = () =>
  invalidInput('Some input is not valid.', { CustomerId: 'There is no such customer.' });

/** Checks what the database would refuse, so the answer names the field. */
async function assertWritable(tx: Db, input: CatalogItemWrite, exceptId?: number): Promise<void> {
  if (input.CustomerId !== null && !(await customerExists(tx, input.CustomerId))) {
    throw noSuchCustomer();
  }
  if (await itemNumberInUse(tx, input, exceptId)) {
    throw itemNumberTaken(input.CustomerId === null);
  }
}

/** The races past `assertWritable` get the same answers. */
const violations = (input: CatalogItemWrite) => ({
  unique: () => itemNumberTaken(input.CustomerId === null),
  foreignKey: noSuchCustomer,
});

/** Reads the item back in the transaction that wrote it: only a broken query could miss it. */
async function readBack(tx: Db, id: number): Promise<CatalogAdminItemRow> {
  const row = await findCatalogItem(tx, id);
  if (!row) throw new Error(`catalog item ${id} vanished after it was written`);
  return row;
}

/** Creates an item in `tx` (the idempotent create's transaction), audited as done `by`. */
export async function createCatalogItem(
  tx: Db,
  input: CatalogItemWrite,
  by: EventActor,
): Promise<CatalogAdminItemRow> {
  await assertWritable(tx, input);
  const created = await answerViolations(() => insertItem(tx, input), violations(input));
  await recordEvent(
    tx,
    { ...by, customerId: created.CustomerId },
    {
      kind: 'catalog_item.created',
      entity: 'catalog_items',
      entityId: created.Id,
      data: { ItemNumber: created.ItemNumber },
      after: created,
    },
  );
  return readBack(tx, created.Id);
}

/** Updates the item at `version` in one transaction: 404 when it does not exist, 412 when it moved on. */
export async function updateCatalogItem(
  db: Db,
  id: number,
  version: number,
  input: CatalogItemWrite,
  by: EventActor,
): Promise<CatalogAdminItemRow> {
  return db.transaction(async (tx) => {
    const before = await findItemRecord(tx, id);
    if (before && before.Version === version) await assertWritable(tx, input, id);
    const updated = await answerViolations(
      () => updateItemAt(tx, id, version, input),
      violations(input),
    );
    const after = versionedResult(updated, before !== null);
    await recordEvent(
      tx,
      { ...by, customerId: after.CustomerId },
      {
        kind: 'catalog_item.updated',
        entity: 'catalog_items',
        entityId: id,
        data: { ItemNumber: after.ItemNumber },
        before,
        after,
      },
    );
    return readBack(tx, id);
  });
}
