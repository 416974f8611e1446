/**
 * What writes to a customer's ship-to address book do (the plant's administrators', or the
 * customer's own administrators' for their own book): the first address becomes
 * the default, making one the default unsets the previous one in the same transaction (the
 * database refuses two), the default cannot be unset or deleted while the book has other
 * addresses (a person expects one to stay the default, so they choose which), and each change is
 * recorded as an event. The order side only reads the book (`shipToCopyFor`).
 */
import type { AddressRow, AddressWrite, ShipToCopy } from '../../shared/schemas/address';
import { versionedResult } from '../http/concurrency';
import { answerViolations } from '../db/constraint-errors';
import type { Db } from '../db/database';
import { conflict, invalidInput, notFound } from '../http/errors';
import { recordEvent, type EventActor, type NewEvent } from '../events';
import {
  clearDefault,
  copyOf,
  countAddresses,
  deleteAddressAt,
  findAddress,
  findAddressById,
  findDefaultAddress,
  insertAddress,
  recordToRow,
  updateAddressAt,
} from './queries';

const ENTITY = 'ship_to_addresses';

/** Two defaults at once (two admins racing) is refused by the database; say so plainly. */
const violations = {
  unique: () =>
    conflict('Another address was made the default at the same time; reload and try again.', {
      IsDefault: 'Another address was made the default meanwhile.',
    }),
};

/** Records a change to `address` by `actor`, under its customer. */
const recordAddressEvent = (
  tx: Db,
  actor: EventActor,
  address: { Id: number; CustomerId: number; Name: string },
  event: Pick<NewEvent, 'kind' | 'action' | 'before' | 'after'>,
) =>
  recordEvent(
    tx,
    { ...actor, customerId: address.CustomerId },
    { ...event, entity: ENTITY, entityId: address.Id, data: { Name: address.Name } },
  );

/**
 * The address as read in `tx`, if the caller may touch it: any for the plant (`scope` null), only
 * its own customer's for a customer's administrator. Another customer's is a 404, as if it did not
 * exist.
 */
async function addressInScope(tx: Db, id: number, scope: number | null) {
  const found = await findAddressById(tx, id);
  if (found && scope !== null && found.CustomerId !== scope) {
    throw notFound(`Address ${id} was not found.`);
  }
  return found;
}

const keepOneDefault = (what: string) =>
  conflict(`${what}: make another address the default first.`, {
    IsDefault: 'Make another address the default first.',
  });

export async function createAddress(
  tx: Db,
  customerId: number,
  input: AddressWrite,
  actor: EventActor,
): Promise<AddressRow> {
  const first = (await countAddresses(tx, customerId)) === 0;
  const isDefault = first || input.IsDefault;
  if (isDefault) await clearDefault(tx, customerId);
  const created = await answerViolations(
    () => insertAddress(tx, customerId, { ...input, IsDefault: isDefault }),
    violations,
  );
  await recordAddressEvent(tx, actor, created, { kind: 'address.created', after: created });
  return recordToRow(created);
}

export async function updateAddress(
  db: Db,
  id: number,
  version: number,
  input: AddressWrite,
  actor: EventActor,
  scope: number | null,
): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    const before = await addressInScope(tx, id, scope);
    if (before && before.Version === version) {
      if (before.IsDefault && !input.IsDefault) {
        throw keepOneDefault('This is the default address');
      }
      if (input.IsDefault && !before.IsDefault) await clearDefault(tx, before.CustomerId, id);
    }
    const updated = await answerViolations(
      () => updateAddressAt(tx, id, version, input),
      violations,
    );
    const after = versionedResult(updated, before !== null);
    await recordAddressEvent(tx, actor, after, { kind: 'address.updated', before, after });
    return recordToRow(after);
  });
}

/**
 * Deletes an address. The default is refused while other addresses remain; the last address of
 * a book may go. Orders placed to it keep their copies.
 */
export async function deleteAddress(
  db: Db,
  id: number,
  version: number,
  actor: EventActor,
  scope: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await addressInScope(tx, id, scope);
    if (before && before.Version === version && before.IsDefault) {
      if ((await countAddresses(tx, before.CustomerId)) > 1) {
        throw keepOneDefault('The default address cannot be deleted');
      }
    }
    const deleted = await deleteAddressAt(tx, id, version);
    const gone = versionedResult(deleted, before !== null);
    await recordAddressEvent(tx, actor, gone, {
      kind: 'address.deleted',
      action: 'delete',
      before: gone,
    });
  });
}

/**
 * The copy of the address an order of `customerId` is placed to: the one named (which must be in
 * that customer's book, else a field error), or the book's default, or none for an empty book.
 */
export async function shipToCopyFor(
  db: Db,
  customerId: number,
  addressId: number | null | undefined,
): Promise<ShipToCopy | null> {
  if (addressId == null) {
    const fallback = await findDefaultAddress(db, customerId);
    return fallback ? copyOf(fallback) : null;
  }
  const chosen = await findAddress(db, customerId, addressId);
  if (!chosen) {
    throw invalidInput('Choose one of your ship-to addresses.', {
      ShipToAddressId: 'Choose one of your ship-to addresses.',
    });
  }
  return copyOf(chosen);
}
