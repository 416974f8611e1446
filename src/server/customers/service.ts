/**
 * What administrators' writes to customers do: a code used by one customer only (a 409 that names
 * the field, also when two creates race), the update at the loaded Version, and the event of each
 * change. Knows nothing of HTTP (the logo arrives checked); the SQL is in queries.ts.
 */
import type { CustomerRow } from '../../shared/schemas/customer';
import { versionedResult } from '../http/concurrency';
import { answerViolations } from '../db/constraint-errors';
import type { Db } from '../db/database';
import { conflict } from '../http/errors';
import { recordEvent, type EventActor } from '../events';
import {
  codeInUse,
  findCustomerRecord,
  insertCustomerRecord,
  recordToRow,
  updateCustomerAt,
  type CustomerWrite,
} from './queries';

const codeTaken = () =>
  conflict('Another customer already uses this code.', {
    CustomerCode: 'Another customer already uses this code.',
  });

async function assertCodeFree(tx: Db, code: string, exceptId?: number): Promise<void> {
  if (await codeInUse(tx, code, exceptId)) throw codeTaken();
}

/** The unique-code race (two creates at once) gets the same 409. */
const violations = { unique: codeTaken };

/** Creates a customer in `tx` (the idempotent create's transaction), audited as done `by`. */
export async function createCustomer(
  tx: Db,
  input: CustomerWrite,
  by: EventActor,
): Promise<CustomerRow> {
  await assertCodeFree(tx, input.CustomerCode);
  const created = await answerViolations(() => insertCustomerRecord(tx, input), violations);
  await recordEvent(
    tx,
    { ...by, customerId: created.Id },
    {
      kind: 'customer.created',
      entity: 'customers',
      entityId: created.Id,
      data: { CustomerCode: created.CustomerCode, CustomerName: created.CustomerName },
      after: created,
    },
  );
  return recordToRow(created);
}

/** Updates the customer at `version` in one transaction: 404 when it does not exist, 412 when it moved on. */
export async function updateCustomer(
  db: Db,
  id: number,
  version: number,
  input: CustomerWrite,
  by: EventActor,
): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    const before = await findCustomerRecord(tx, id);
    if (before && before.Version === version) await assertCodeFree(tx, input.CustomerCode, id);
    const updated = await answerViolations(
      () => updateCustomerAt(tx, id, version, input),
      violations,
    );
    const after = versionedResult(updated, before !== null);
    await recordEvent(
      tx,
      { ...by, customerId: id },
      {
        kind: 'customer.updated',
        entity: 'customers',
        entityId: id,
        data: { CustomerCode: after.CustomerCode, CustomerName: after.CustomerName },
        before,
        after,
      },
    );
    return recordToRow(after);
  });
}
