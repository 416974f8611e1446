/**
 * What the plant's systems' upserts do (docs/product/integration.md), row by row: each row is
 * applied on its own, inside a SAVEPOINT of the call's one transaction, through the same services
 * (and so the same rules, status machines and events) as the screens' endpoints. A refused row is
 * rolled back to its savepoint, changes nothing, and never blocks the rows after it; a row that
 * would change nothing writes nothing and answers `unchanged`, so a batch sent twice is harmless.
 *
 * The integration client is plant-wide: it finds a record in whichever customer's books it is,
 * then acts as staff would on that customer's behalf (`clientParty`, `clientActor`).
 */
import type { UpsertOutcome } from '../../shared/integration';
import type { z } from 'zod';
import type { OrderStatus, ReleaseStatus } from '../../shared/status';
import type {
  CatalogItemUpsertRow,
  CustomerUpsertRow,
  OrderAcknowledgementRow,
  OrderStatusUpsertRow,
  ProductionUpsertRow,
  ReleaseUpsertRow,
  ShipmentUpsertRow,
  UpsertResult,
} from '../../shared/schemas/integration';
import { RELEASE_STATUS_LABELS } from '../../shared/order-status';
import { createCatalogItem, updateCatalogItem } from '../catalog/service';
import type { CatalogItemWrite } from '../catalog/queries';
import { createCustomer, updateCustomer } from '../customers/service';
import type { Db } from '../db/database';
import { clientActor } from '../events';
import { ApiException, conflict, invalidInput, notFound, zodFields } from '../http/errors';
import { linesOfOrder, requireOrder, type LineRecord, type OrderRecord } from '../orders/queries';
import {
  changeOrderStatus,
  changePromisedDate,
  clientParty,
  recordOrderEvent,
  recordProduction,
} from '../orders/service';
import { changeReleaseStatus, createReleases } from '../releases/service';
import { createShipment, updateShipmentDetails } from '../shipments/service';
import {
  upsertCreditLimit,
  upsertCreditNote,
  upsertInvoice,
  upsertPayment,
} from '../invoices/service';
import type {
  CreditLimitUpsertRow,
  CreditNoteUpsertRow,
  InvoiceUpsertRow,
  PaymentUpsertRow,
} from '../../shared/schemas/invoice';
import {
  customerByExternalId,
  customerById,
  findOrderBy,
  itemByExternalId,
  itemById,
  lineByExternalId,
  lineOfOrder,
  openReleasesOfLine,
  orderByExternalId,
  releaseByExternalId,
  setOrderExternalIds,
  shipmentByExternalId,
  shippedPerLine,
} from './queries';

// ------------------------------------------------------------------------------ the batch

/**
 * A row the shared schema refused, as the call's body schema hands it on (`lenientRow` in
 * routes.ts): its field messages, so the row is answered `refused` while the others go ahead.
 */
export class InvalidRow {
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly input: unknown,
  ) {}
}

/** What applying one row did. */
export interface Applied {
  outcome: Exclude<UpsertOutcome, 'refused'>;
  id: number;
}

/** Whose write it is, as the services record it. */
export interface Upserter {
  clientId: number;
}

/** The plant's number a row names, to echo it beside the outcome. */
function externalIdOf(row: unknown): string | null {
  if (typeof row !== 'object' || row === null) return null;
  const value = (row as Record<string, unknown>).ExternalId;
  return typeof value === 'string' ? value.trim() : null;
}

function refused(index: number, row: unknown, error: ApiException): UpsertResult {
  return {
    Index: index,
    Outcome: 'refused',
    Id: null,
    ExternalId: externalIdOf(row),
    Error: error.toBody().error,
  };
}

/**
 * Applies `apply` to each row in order, each in a savepoint of one transaction, and answers every
 * row's outcome in the order sent. A row refused by the rules (an `ApiException`: unknown
 * customer, a quantity rule, a move the machine forbids…) is rolled back and answered with its
 * reason; anything else is a fault of the server, which fails the whole call and changes nothing.
 */
export async function upsertRows<R>(
  db: Db,
  rows: ReadonlyArray<R | InvalidRow>,
  apply: (tx: Db, row: R) => Promise<Applied>,
): Promise<UpsertResult[]> {
  return db.transaction(async (tx) => {
    const results: UpsertResult[] = [];
    for (const [index, row] of rows.entries()) {
      if (row instanceof InvalidRow) {
        results.push(
          refused(
            index,
            row.input,
            invalidInput('This row is not valid.', zodFields({ issues: [...row.issues] })),
          ),
        );
        continue;
      }
      try {
        const done = await tx.transaction((savepoint) => apply(savepoint, row));
        results.push({
          Index: index,
          Outcome: done.outcome,
          Id: done.id,
          ExternalId: externalIdOf(row),
        });
      } catch (err) {
        if (!(err instanceof ApiException)) throw err;
        results.push(refused(index, row, err));
      }
    }
    return results;
  });
}

// ----------------------------------------------------------------------------- customers

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/** A customer, found by the ERP's number or linked by the portal's id, else created. */
export async function upsertCustomer(
  tx: Db,
  row: CustomerUpsertRow,
  by: Upserter,
): Promise<Applied> {
  const actor = clientActor(by.clientId);
  let current = await customerByExternalId(tx, row.ExternalId);
  if (!current && row.Id !== undefined) {
    current = await customerById(tx, row.Id);
    if (!current) throw notFound(`Customer ${row.Id} does not exist.`);
    if (current.ExternalId !== null) {
      throw conflict(
        `Customer ${current.CustomerCode} is already ${current.ExternalId} in the plant's system.`,
        { Id: `Already linked to ${current.ExternalId}.` },
      );
    }
  }
  if (!current) {
    const created = await createCustomer(
      tx,
      {
        CustomerCode: row.CustomerCode,
        CustomerName: row.CustomerName,
        EmailAddresses: row.EmailAddresses ?? [],
        Active: row.Active ?? true,
        ExternalId: row.ExternalId,
      },
      actor,
    );
    return { outcome: 'created', id: created.Id };
  }
  const wanted = {
    CustomerCode: row.CustomerCode,
    CustomerName: row.CustomerName,
    EmailAddresses: row.EmailAddresses ?? current.EmailAddresses,
    Active: row.Active ?? current.Active,
    ExternalId: row.ExternalId,
  };
  if (
    wanted.CustomerCode === current.CustomerCode &&
    wanted.CustomerName === current.CustomerName &&
    sameList(wanted.EmailAddresses, current.EmailAddresses) &&
    wanted.Active === current.Active &&
    wanted.ExternalId === current.ExternalId
  ) {
    return { outcome: 'unchanged', id: current.Id };
  }
  await updateCustomer(tx, current.Id, current.Version, wanted, actor);
  return { outcome: 'updated', id: current.Id };
}

// ---------------------------------------------------------------------------- catalog

async function catalogCustomerOf(tx: Db, row: CatalogItemUpsertRow): Promise<number | null> {
  if (row.CustomerExternalId != null) {
    const customer = await customerByExternalId(tx, row.CustomerExternalId);
    if (!customer) {
      throw invalidInput('The row names a customer the portal does not know.', {
        CustomerExternalId: "No customer has this number in the plant's system.",
      });
    }
    return customer.Id;
  }
  if (row.CustomerId != null) {
    if (!(await customerById(tx, row.CustomerId))) {
      throw invalidInput('The row names a customer the portal does not know.', {
        CustomerId: 'There is no such customer.',
      });
    }
    return row.CustomerId;
  }
  return null;
}

/** A catalog item with its price, found by the ERP's number or linked by id, else created. */
export async function upsertCatalogItem(
  tx: Db,
  row: CatalogItemUpsertRow,
  by: Upserter,
): Promise<Applied> {
  const actor = clientActor(by.clientId);
  const customerId = await catalogCustomerOf(tx, row);
  let current = await itemByExternalId(tx, row.ExternalId);
  if (!current && row.Id !== undefined) {
    current = await itemById(tx, row.Id);
    if (!current) throw notFound(`Catalog item ${row.Id} does not exist.`);
    if (current.ExternalId !== null) {
      throw conflict(
        `Item ${current.ItemNumber} is already ${current.ExternalId} in the plant's system.`,
        { Id: `Already linked to ${current.ExternalId}.` },
      );
    }
  }
  const wanted: CatalogItemWrite = {
    ItemNumber: row.ItemNumber,
    Description: row.Description,
    CustomerId: customerId,
    Length: row.Length,
    Width: row.Width,
    Height: row.Height,
    UnitOfMeasure: row.UnitOfMeasure,
    UnitPrice: row.UnitPrice,
    // The plant's system does not send shipping facts: what staff entered stays.
    WeightLbPerUnit: current?.WeightLbPerUnit ?? null,
    UnitsPerPiece: current?.UnitsPerPiece ?? null,
    FreightClass: (current?.FreightClass ?? '') as CatalogItemWrite['FreightClass'],
    Nmfc: current?.Nmfc ?? '',
    Active: row.Active ?? current?.Active ?? true,
    ExternalId: row.ExternalId,
  };
  if (!current) {
    const created = await createCatalogItem(tx, wanted, actor);
    return { outcome: 'created', id: created.Id };
  }
  const unchanged = (Object.keys(wanted) as Array<keyof CatalogItemWrite>).every(
    (key) => wanted[key] === current[key],
  );
  if (unchanged) return { outcome: 'unchanged', id: current.Id };
  await updateCatalogItem(tx, current.Id, current.Version, wanted, actor);
  return { outcome: 'updated', id: current.Id };
}

// ------------------------------------------------------------------------------- orders

type OrderRefRow = Pick<ProductionUpsertRow, 'OrderExternalId' | 'OrderNumber' | 'OrderId'>;

function orderNotFound(row: OrderRefRow): ApiException {
  const [field, value] =
    row.OrderExternalId !== undefined
      ? ['OrderExternalId', `ERP ${row.OrderExternalId}`]
      : row.OrderNumber !== undefined
        ? ['OrderNumber', String(row.OrderNumber)]
        : ['OrderId', `#${row.OrderId}`];
  return notFound(`No order ${value} is in the portal.`, { [field]: 'No such order.' });
}

async function requireOrderOf(tx: Db, row: OrderRefRow): Promise<OrderRecord> {
  const order = await findOrderBy(tx, row);
  if (!order) throw orderNotFound(row);
  return order;
}

/** The line a row names, with its order. */
async function requireLineOf(
  tx: Db,
  row: OrderRefRow & Pick<ProductionUpsertRow, 'LineExternalId' | 'LineNumber' | 'OrderLineId'>,
): Promise<{ order: OrderRecord; line: LineRecord }> {
  if (row.LineExternalId !== undefined) {
    const line = await lineByExternalId(tx, row.LineExternalId);
    if (!line) {
      throw notFound(`No order line ERP ${row.LineExternalId} is in the portal.`, {
        LineExternalId: 'No such line.',
      });
    }
    const order = await findOrderBy(tx, { OrderId: line.OrderId });
    if (!order) throw new Error(`line ${line.Id} has no order`);
    return { order, line };
  }
  const order = await requireOrderOf(tx, row);
  const line = await lineOfOrder(tx, order.Id, row);
  if (!line) {
    const [field, value] =
      row.OrderLineId !== undefined
        ? ['OrderLineId', `#${row.OrderLineId}`]
        : ['LineNumber', String(row.LineNumber)];
    throw notFound(`Order ${order.OrderNumber} has no line ${value}.`, {
      [field]: 'No such line on this order.',
    });
  }
  return { order, line };
}

/**
 * The ERP's acknowledgement: the order's and its lines' ERP numbers (an `order.erp_linked` event
 * when they change), then the confirmation with the promised dates through the order machine, or,
 * on an order already confirmed, the moves of the promised dates that changed.
 */
export async function acknowledgeOrder(
  tx: Db,
  row: OrderAcknowledgementRow,
  by: Upserter,
): Promise<Applied> {
  const party = clientParty(by.clientId);
  const found =
    row.OrderNumber !== undefined || row.OrderId !== undefined
      ? await findOrderBy(tx, row)
      : await orderByExternalId(tx, row.ExternalId);
  if (!found) {
    throw row.OrderNumber !== undefined || row.OrderId !== undefined
      ? orderNotFound(row)
      : notFound(`No order is ERP ${row.ExternalId} yet: name it by its OrderNumber.`, {
          OrderNumber: 'Name the order the first time it is acknowledged.',
        });
  }
  // Locked from here on: the machine's moves below take it again, in the same transaction.
  let order = await requireOrder(tx, found.CustomerId, found.Id, { lock: true });
  if (order.ExternalId !== null && order.ExternalId !== row.ExternalId) {
    throw conflict(`Order ${order.OrderNumber} is already ERP ${order.ExternalId}.`, {
      ExternalId: `The order is already ERP ${order.ExternalId}.`,
    });
  }
  const taken = await orderByExternalId(tx, row.ExternalId);
  if (taken && taken.Id !== order.Id) {
    throw conflict(`ERP ${row.ExternalId} is already order ${taken.OrderNumber}.`, {
      ExternalId: `Already order ${taken.OrderNumber}.`,
    });
  }

  const lines = await linesOfOrder(tx, order.Id);
  const named = row.Lines.map((l, index) => {
    const line = lines.find((candidate) =>
      l.OrderLineId !== undefined
        ? candidate.Id === l.OrderLineId
        : candidate.LineNumber === l.LineNumber,
    );
    if (!line) {
      throw notFound(
        `Order ${order.OrderNumber} has no line ${l.LineNumber ?? `#${l.OrderLineId}`}.`,
        {
          [`Lines.${index}.${l.OrderLineId !== undefined ? 'OrderLineId' : 'LineNumber'}`]:
            'No such line on this order.',
        },
      );
    }
    return { ...l, line, index };
  });
  const relinked: Array<{ Id: number; ExternalId: string; LineNumber: number }> = [];
  for (const l of named) {
    if (l.ExternalId === undefined || l.ExternalId === l.line.ExternalId) continue;
    const other = await lineByExternalId(tx, l.ExternalId);
    if (other && other.Id !== l.line.Id) {
      throw conflict(`ERP line ${l.ExternalId} is already another order line.`, {
        [`Lines.${l.index}.ExternalId`]: 'Already another line.',
      });
    }
    relinked.push({ Id: l.line.Id, ExternalId: l.ExternalId, LineNumber: l.line.LineNumber });
  }

  let changed = false;
  if (order.ExternalId !== row.ExternalId || relinked.length > 0) {
    const linked = await setOrderExternalIds(tx, order.Id, row.ExternalId, relinked);
    await recordOrderEvent(tx, party, order, {
      kind: 'order.erp_linked',
      entity: 'orders',
      entityId: order.Id,
      data: {
        ExternalId: row.ExternalId,
        Lines: relinked.map((l) => ({ LineNumber: l.LineNumber, ExternalId: l.ExternalId })),
      },
      before: { ExternalId: order.ExternalId, Version: order.Version },
      after: { ExternalId: linked.ExternalId, Version: linked.Version, Lines: relinked },
    });
    order = linked;
    changed = true;
  }

  const promised = named.flatMap((l) =>
    l.PromisedShipDate === undefined ? [] : [{ line: l.line, date: l.PromisedShipDate }],
  );
  if (order.Status === 'Submitted') {
    await changeOrderStatus(tx, order.CustomerId, order.Id, party, {
      to: 'Confirmed',
      note: row.Note,
      version: order.Version,
      promisedDates: promised.map((p) => ({ OrderLineId: p.line.Id, PromisedShipDate: p.date })),
    });
    return { outcome: 'updated', id: order.Id };
  }
  // On an order already confirmed, the dates that changed move as staff would move them; the
  // service refuses it for an order no longer in work (shipped, closed, cancelled).
  const moved = promised.filter((p) => p.line.PromisedShipDate !== p.date);
  for (const { line, date } of moved) {
    const current = (await linesOfOrder(tx, order.Id)).find((l) => l.Id === line.Id)!;
    await changePromisedDate(tx, order.CustomerId, order.Id, line.Id, party, {
      promised: date,
      reason: row.Note || "Acknowledged again by the plant's system",
      version: current.Version,
    });
    changed = true;
  }
  return { outcome: changed ? 'updated' : 'unchanged', id: order.Id };
}

/** A line's produced quantity, absolute: the same figure again changes nothing. */
export async function upsertProduction(
  tx: Db,
  row: ProductionUpsertRow,
  by: Upserter,
): Promise<Applied> {
  const { order, line } = await requireLineOf(tx, row);
  if (line.QtyProduced === row.QtyProduced) return { outcome: 'unchanged', id: line.Id };
  await recordProduction(tx, order.CustomerId, order.Id, line.Id, clientParty(by.clientId), {
    qtyProduced: row.QtyProduced,
    version: line.Version,
  });
  return { outcome: 'updated', id: line.Id };
}

/** An order's status, moved by the order machine as staff would move it. */
export async function upsertOrderStatus(
  tx: Db,
  row: OrderStatusUpsertRow,
  by: Upserter,
): Promise<Applied> {
  const order = await requireOrderOf(tx, row);
  if (order.Status === row.Status) return { outcome: 'unchanged', id: order.Id };
  await changeOrderStatus(tx, order.CustomerId, order.Id, clientParty(by.clientId), {
    to: row.Status as OrderStatus,
    note: row.Note,
    version: order.Version,
  });
  return { outcome: 'updated', id: order.Id };
}

// ---------------------------------------------------------------------- releases, shipments

/** A release by the plant's number: made (requested or scheduled), or moved by the machine. */
export async function upsertRelease(tx: Db, row: ReleaseUpsertRow, by: Upserter): Promise<Applied> {
  const party = clientParty(by.clientId);
  const { order, line } = await requireLineOf(tx, row);
  const existing = await releaseByExternalId(tx, row.ExternalId);
  if (!existing) {
    if (row.Status === 'cancelled') {
      throw invalidInput('A release is made requested or scheduled, then cancelled.', {
        Status: 'Choose requested or scheduled for a new release.',
      });
    }
    const [id] = await createReleases(tx, order.CustomerId, order.Id, party, {
      RequestedShipDate: row.RequestedShipDate,
      Lines: [{ OrderLineId: line.Id, Qty: row.Qty, ExternalId: row.ExternalId }],
    });
    if (row.Status === 'scheduled') {
      await changeReleaseStatus(tx, order.CustomerId, order.Id, id!, party, {
        to: 'scheduled',
        version: 1,
      });
    }
    return { outcome: 'created', id: id! };
  }
  const fields: Record<string, string> = {};
  if (existing.OrderLineId !== line.Id) fields.LineExternalId = 'A release stays on its line.';
  if (existing.Qty !== row.Qty) fields.Qty = `The release is of ${existing.Qty}.`;
  if (existing.RequestedShipDate !== row.RequestedShipDate) {
    fields.RequestedShipDate = `The release is for ${existing.RequestedShipDate}.`;
  }
  if (Object.keys(fields).length > 0) {
    throw conflict(
      "A release's line, quantity and date do not change once made: cancel it and release again under a new number.",
      fields,
    );
  }
  if (existing.Status === row.Status) return { outcome: 'unchanged', id: existing.Id };
  await changeReleaseStatus(tx, order.CustomerId, order.Id, existing.Id, party, {
    to: row.Status as ReleaseStatus,
    version: existing.Version,
  });
  return { outcome: 'updated', id: existing.Id };
}

/**
 * The releases of a line that make up `qty`: whole releases not yet shipped, oldest first. More
 * than the line has released, or a quantity that is not whole releases, refuses the row.
 */
async function releasesMakingUp(
  tx: Db,
  line: LineRecord,
  qty: number,
  index: number,
): Promise<Array<{ id: number; version: number; status: ReleaseStatus }>> {
  const open = await openReleasesOfLine(tx, line.Id);
  const available = open.reduce((sum, r) => sum + r.Qty, 0);
  const field = `Lines.${index}.Qty`;
  if (available < qty) {
    throw conflict(
      `Line ${line.LineNumber} (${line.ItemNumber}) has ${available} released and not shipped, fewer than the ${qty} this shipment ships.`,
      { [field]: `Only ${available} released and not shipped.` },
    );
  }
  const taken = [];
  let sum = 0;
  for (const release of open) {
    if (sum >= qty) break;
    taken.push({
      id: release.Id,
      version: release.Version,
      status: release.Status as ReleaseStatus,
    });
    sum += release.Qty;
  }
  if (sum !== qty) {
    const sizes = open.map(
      (r) => `${r.Qty} (${RELEASE_STATUS_LABELS[r.Status as ReleaseStatus].toLowerCase()})`,
    );
    throw conflict(
      `A shipment ships whole releases: line ${line.LineNumber}'s releases not yet shipped are ${sizes.join(', ')}, oldest first.`,
      { [field]: 'Not a sum of whole releases, oldest first.' },
    );
  }
  return taken;
}

/**
 * A shipment by the plant's number: recorded from the lines' releases (a requested one is
 * scheduled first, as staff would), or, when it exists, its details corrected.
 */
export async function upsertShipment(
  tx: Db,
  row: ShipmentUpsertRow,
  by: Upserter,
): Promise<Applied> {
  const party = clientParty(by.clientId);
  const order = await requireOrderOf(tx, row);
  const lines: Array<{ line: LineRecord; qty: number; index: number }> = [];
  for (const [index, l] of row.Lines.entries()) {
    const { line } = await requireLineOf(tx, {
      ...l,
      ...(l.LineExternalId === undefined ? { OrderId: order.Id } : {}),
    });
    if (line.OrderId !== order.Id) {
      throw invalidInput(`The line is not a line of order ${order.OrderNumber}.`, {
        [`Lines.${index}.LineExternalId`]: `Not a line of order ${order.OrderNumber}.`,
      });
    }
    lines.push({ line, qty: l.Qty, index });
  }
  const perLine = new Map<number, number>();
  for (const { line, qty, index } of lines) {
    if (perLine.has(line.Id)) {
      throw invalidInput('A line appears twice in the shipment.', {
        [`Lines.${index}`]: `Line ${line.LineNumber} is already in this shipment.`,
      });
    }
    perLine.set(line.Id, qty);
  }
  const details = {
    ShipDate: row.ShipDate,
    Carrier: row.Carrier,
    TrackingNumber: row.TrackingNumber,
    BolNumber: row.BolNumber,
    Pieces: row.Pieces,
    WeightLb: row.WeightLb,
    PackageType: row.PackageType,
    FreightClass: row.FreightClass,
    Nmfc: row.Nmfc,
    Scac: row.Scac,
    TrailerNumber: row.TrailerNumber,
    SealNumber: row.SealNumber,
  };

  const existing = await shipmentByExternalId(tx, row.ExternalId);
  if (existing) {
    const shipped = await shippedPerLine(tx, existing.Id);
    const sameLines =
      existing.OrderId === order.Id &&
      shipped.size === perLine.size &&
      [...perLine].every(([lineId, qty]) => shipped.get(lineId) === qty);
    if (!sameLines) {
      throw conflict("A shipment's order and lines do not change once recorded.", {
        Lines: 'Not the lines this shipment shipped.',
      });
    }
    const changed = await updateShipmentDetails(
      tx,
      existing.CustomerId,
      existing.Id,
      party,
      details,
    );
    return { outcome: changed ? 'updated' : 'unchanged', id: existing.Id };
  }

  const releaseIds: number[] = [];
  for (const { line, qty, index } of lines) {
    for (const release of await releasesMakingUp(tx, line, qty, index)) {
      if (release.status === 'requested') {
        await changeReleaseStatus(tx, order.CustomerId, order.Id, release.id, party, {
          to: 'scheduled',
          version: release.version,
        });
      }
      releaseIds.push(release.id);
    }
  }
  const id = await createShipment(tx, order.CustomerId, order.Id, party, {
    ...details,
    ReleaseIds: releaseIds,
    ExternalId: row.ExternalId,
  });
  return { outcome: 'created', id };
}

// ------------------------------------------------------------------- the customer's account

/** Invoices, payments, credit notes and credit limits: through the invoices' own service. */
export const upsertInvoices = (tx: Db, row: InvoiceUpsertRow, by: Upserter): Promise<Applied> =>
  upsertInvoice(tx, row, clientActor(by.clientId));
export const upsertPayments = (tx: Db, row: PaymentUpsertRow, by: Upserter): Promise<Applied> =>
  upsertPayment(tx, row, clientActor(by.clientId));
export const upsertCreditNotes = (
  tx: Db,
  row: CreditNoteUpsertRow,
  by: Upserter,
): Promise<Applied> => upsertCreditNote(tx, row, clientActor(by.clientId));
export const upsertCreditLimits = (
  tx: Db,
  row: CreditLimitUpsertRow,
  by: Upserter,
): Promise<Applied> => upsertCreditLimit(tx, row, clientActor(by.clientId));
