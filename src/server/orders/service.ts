/**
 * What happens to orders (docs/product/order-and-request-states.md), once routes.ts has said who is
 * asking and for which customer: placing one, the moves of the order status machine
 * (src/shared/order-status.ts) with their history, production counts, and the event of each change.
 * Releases and shipments move orders through `applyDerivedStatus` here. Knows nothing of HTTP; the
 * SQL is in queries.ts.
 */
import { shipToCopyFor } from '../addresses/service';
import {
  canChangePromisedDate,
  canRecordProduction,
  checkOrderTransition,
  deriveOrderStatus,
  isLineLate,
  ORDER_STATUS_LABELS,
  type Actor,
} from '../../shared/order-status';
import { formatDate, formatShipTo } from '../../shared/format';
import { localToday, monthOf } from '../../shared/calendar-date';
import { orderValueMinor } from '../../shared/money';
import { checkOfferedItem, matchOfferedItem } from '../../shared/offered-items';
import { refusal } from '../../shared/quick-order';
import type { OrderCreate } from '../../shared/schemas/order';
import type { OrderStatus } from '../../shared/status';
import { ORDER_STATUS_EVENT, type EventKind } from '../../shared/events';
import type { Db } from '../db/database';
import { conflict, forbidden, invalidInput, staleVersion } from '../http/errors';
import { clientActorUid, recordEvent, type EventSource, type NewEvent } from '../events';
import {
  findOfferedItems,
  findOrderingCustomer,
  insertOrder,
  lockPlacerLimits,
  spentBetween,
  insertStatusHistory,
  linesOfOrder,
  requireOrder,
  requireOrderLine,
  setOrderStatus,
  setPromisedShipDate,
  setQtyProduced,
  type LineRecord,
  type OrderRecord,
} from './queries';

/**
 * Who acts, as the event stream and the status history record them: a person (a buyer or staff),
 * a job, or the plant's system through an integration client, which the machines treat as staff.
 */
export interface ActingParty {
  /** The person's uid, `system:<task>`, or `client:<id>` (`clientActorUid`). */
  uid: string;
  actor: Actor;
  /** The integration client acting, if it is one. */
  clientId?: number | undefined;
}

/** An integration client as the order machines see it: the plant's side. */
export const clientParty = (clientId: number): ActingParty => ({
  uid: clientActorUid(clientId),
  actor: 'staff',
  clientId,
});

/**
 * Records an event of `order` (or of a line, release or shipment of it) by `by`: it belongs to
 * the order's customer and shows on the order's activity timeline, with the order's number.
 */
export function recordOrderEvent(
  tx: Db,
  by: ActingParty,
  order: Pick<OrderRecord, 'Id' | 'CustomerId' | 'OrderNumber'>,
  event: Omit<NewEvent, 'subject'>,
): Promise<number> {
  const source: EventSource = {
    uid: by.uid,
    staff: by.actor === 'staff',
    clientId: by.clientId,
    customerId: order.CustomerId,
  };
  return recordEvent(tx, source, {
    ...event,
    subject: { entity: 'orders', id: order.Id },
    data: { OrderNumber: order.OrderNumber, ...event.data },
  });
}

/** A refused move of a machine: 403 when it is the other side's, 409 when the status forbids it. */
export function refuseMove(check: { reason: string; message: string }): never {
  throw check.reason === 'actor' ? forbidden(check.message) : conflict(check.message);
}

/**
 * Records a change to one of a line's running quantities (`QtyReleased`, `QtyShipped`) by
 * `delta`, from the line as it is after the change: the bookkeeping side of a release or shipment.
 */
export async function recordLineQty(
  tx: Db,
  by: ActingParty,
  order: OrderRecord,
  line: LineRecord,
  column: 'QtyReleased' | 'QtyShipped',
  delta: number,
): Promise<void> {
  await recordOrderEvent(tx, by, order, {
    kind: 'order_line.quantity_moved',
    entity: 'order_lines',
    entityId: line.Id,
    data: { LineNumber: line.LineNumber, ItemNumber: line.ItemNumber, [column]: line[column] },
    before: { [column]: line[column] - delta, Version: line.Version - 1 },
    after: { [column]: line[column], Version: line.Version },
  });
}

/**
 * What the acknowledgement of an order lists (the `order.placed` event's public facts): its ship-to
 * as the order's copy says it, its requested date and each line with its quantity and date.
 */
function placedFacts(
  order: Pick<OrderRecord, 'ShipTo' | 'ShipToAddress' | 'RequestedShipDate'>,
  lines: ReadonlyArray<
    Pick<
      LineRecord,
      'LineNumber' | 'ItemNumber' | 'Description' | 'QtyOrdered' | 'RequestedShipDate'
    >
  >,
): Record<string, unknown> {
  return {
    ShipTo: formatShipTo(order.ShipTo, order.ShipToAddress),
    RequestedShipDate: order.RequestedShipDate,
    Lines: [...lines]
      .sort((a, b) => a.LineNumber - b.LineNumber)
      .map((l) => ({
        LineNumber: l.LineNumber,
        ItemNumber: l.ItemNumber,
        Description: l.Description,
        QtyOrdered: l.QtyOrdered,
        RequestedShipDate: l.RequestedShipDate,
      })),
  };
}

async function recordStatus(
  tx: Db,
  order: OrderRecord,
  to: OrderStatus,
  by: ActingParty,
  note: string,
  facts: Record<string, unknown> = {},
  /** The event's kind when it is not the status's own (a rejection is a cancellation). */
  kind: EventKind = ORDER_STATUS_EVENT[to],
): Promise<OrderRecord> {
  const updated = await setOrderStatus(tx, order.Id, to);
  await insertStatusHistory(tx, {
    OrderId: order.Id,
    FromStatus: order.Status,
    ToStatus: to,
    ActorUid: by.uid,
    Note: note,
  });
  await recordOrderEvent(tx, by, order, {
    kind,
    entity: 'orders',
    entityId: order.Id,
    data: { PoNumber: order.PoNumber, Status: to, Note: note, ...facts },
    before: order,
    after: updated,
  });
  return updated;
}

/**
 * After quantities changed: moves the (locked) order to the status its lines call for, with a
 * history entry, when that differs from the current one.
 */
export async function applyDerivedStatus(
  tx: Db,
  order: OrderRecord,
  by: ActingParty,
  note: string,
): Promise<void> {
  const lines = await linesOfOrder(tx, order.Id);
  const current = order.Status as OrderStatus;
  const next = deriveOrderStatus(current, lines);
  if (next !== current) await recordStatus(tx, order, next, by, note);
}

/**
 * Resolves the lines' items among those offered to the customer; field errors otherwise. Saved
 * order lists resolve their lines the same way.
 */
export async function resolveItems(tx: Db, customerId: number, input: Pick<OrderCreate, 'Lines'>) {
  const ids = input.Lines.flatMap((l) => (l.CatalogItemId != null ? [l.CatalogItemId] : []));
  const numbers = input.Lines.flatMap((l) =>
    l.CatalogItemId == null && l.ItemNumber ? [l.ItemNumber] : [],
  );
  const candidates = await findOfferedItems(tx, customerId, { ids, numbers });
  const fields: Record<string, string> = {};
  const lineOfItem = new Map<number, number>();
  const items = input.Lines.map((line, index) => {
    const field = line.CatalogItemId != null ? 'CatalogItemId' : 'ItemNumber';
    const path = `Lines.${index}.${field}`;
    const { item, refusal: refused } =
      line.CatalogItemId != null
        ? checkOfferedItem(
            candidates.find((c) => c.Id === line.CatalogItemId),
            line.ItemNumber || `#${line.CatalogItemId}`,
          )
        : matchOfferedItem(candidates, line.ItemNumber ?? '');
    if (refused !== null) {
      fields[path] = refused;
      return null;
    }
    const earlier = lineOfItem.get(item.Id);
    if (earlier !== undefined) {
      fields[path] = refusal.duplicateLine(item.ItemNumber, earlier + 1);
      return null;
    }
    lineOfItem.set(item.Id, index);
    return item;
  });
  if (Object.keys(fields).length > 0) {
    throw invalidInput('Some lines cannot be ordered.', fields);
  }
  return items.map((item) => item!);
}

/** Which of the placer's spending limits an order goes over, if any. */
interface OverLimit {
  over: 'order' | 'month';
  limit: number;
}

/**
 * Whether an order worth `value` (minor units) goes over a limit of the person placing it: their
 * limit per order, or their monthly one with what they placed since the month began (on the
 * server's calendar, `today`; orders cancelled or still waiting for approval spend nothing).
 * Equal to a limit is within it. Staff ordering on a customer's behalf have no limits; a
 * customer's person without one neither.
 */
async function overLimit(
  tx: Db,
  customerId: number,
  by: ActingParty,
  value: number,
  today: string,
): Promise<OverLimit | null> {
  if (by.actor === 'staff') return null;
  const limits = await lockPlacerLimits(tx, by.uid, customerId);
  if (limits === null) return null;
  if (limits.OrderLimit !== null && value > limits.OrderLimit) {
    return { over: 'order', limit: limits.OrderLimit };
  }
  if (limits.MonthlyLimit !== null) {
    const { first, last } = monthOf(today);
    const spent = await spentBetween(tx, by.uid, customerId, first, last);
    if (spent + value > limits.MonthlyLimit) return { over: 'month', limit: limits.MonthlyLimit };
  }
  return null;
}

/**
 * Places an order in `tx` (the idempotent create's transaction) from items offered to the
 * customer, with its first history entry and its audit. Refused for an inactive customer. Its
 * value is worked out from today's catalog prices; an order over the buyer's spending limit is
 * placed as AwaitingApproval (its approvers are told), any other as Submitted (the plant is
 * told). `today` is the server's calendar day, from its clock.
 */
export async function createOrder(
  tx: Db,
  customerId: number,
  by: ActingParty,
  input: OrderCreate,
  today: string,
): Promise<number> {
  const customer = await findOrderingCustomer(tx, customerId);
  if (!customer?.Active) {
    throw conflict(
      `${customer?.CustomerName ?? 'This customer'} is not active: no new orders can be placed.`,
    );
  }
  const items = await resolveItems(tx, customerId, input);
  const shipToAddress = await shipToCopyFor(tx, customerId, input.ShipToAddressId);
  const value = orderValueMinor(
    input.Lines.map((line, index) => ({
      QtyOrdered: line.QtyOrdered,
      UnitPrice: items[index]!.UnitPrice,
    })),
    customer.Currency,
  );
  const over = await overLimit(tx, customerId, by, value, today);
  const { order, lines } = await insertOrder(
    tx,
    {
      CustomerId: customerId,
      PoNumber: input.PoNumber,
      RequestedShipDate: input.RequestedShipDate ?? null,
      ShipTo: input.ShipTo,
      ShipToAddress: shipToAddress,
      Notes: input.Notes,
      Status: over === null ? 'Submitted' : 'AwaitingApproval',
      CreatedByUid: by.uid,
      OrderValue: value,
      Currency: customer.Currency,
      PlacedOn: today,
    },
    input.Lines.map((line, index) => {
      const item = items[index]!;
      return {
        LineNumber: index + 1,
        CatalogItemId: item.Id,
        ItemNumber: item.ItemNumber,
        Description: item.Description,
        QtyOrdered: line.QtyOrdered,
        UnitPrice: item.UnitPrice,
        RequestedShipDate: line.RequestedShipDate ?? null,
      };
    }),
  );
  await insertStatusHistory(tx, {
    OrderId: order.Id,
    FromStatus: null,
    ToStatus: order.Status,
    ActorUid: by.uid,
    Note: '',
  });
  // `item_numbers` is filled by a trigger once the lines are in, after this row was returned:
  // the event names the lines themselves instead.
  const { ItemNumbers: _itemNumbers, ...placed } = order;
  await recordOrderEvent(tx, by, order, {
    kind: over === null ? 'order.placed' : 'order.awaiting_approval',
    entity: 'orders',
    entityId: order.Id,
    data: {
      PoNumber: order.PoNumber,
      Status: order.Status,
      LineCount: lines.length,
      OrderValue: value,
      Currency: customer.Currency,
      ...(over === null ? {} : { Over: over.over, Limit: over.limit }),
      ...placedFacts(order, lines),
    },
    after: { ...placed, Lines: lines },
  });
  return order.Id;
}

/**
 * One of the customer's approvers decides on an order that waits for approval, in one
 * transaction under the order's lock. Approving moves it to Submitted: `order.approved` tells
 * the buyer, and `order.placed` follows, which is what the plant hears of a new order. Rejecting
 * cancels it with the reason the buyer reads. Nobody approves their own order (403); an order
 * already decided (by another approver at the same moment, say) is a 409 that says so, before a
 * stale version's 412.
 */
export async function decideApproval(
  db: Db,
  customerId: number,
  orderId: number,
  by: ActingParty,
  change: { decision: 'approve' | 'reject'; reason: string; version: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireOrder(tx, customerId, orderId, { lock: true });
    const status = order.Status as OrderStatus;
    if (status !== 'AwaitingApproval') {
      throw conflict(
        `Order ${order.OrderNumber} was already decided: it is ${ORDER_STATUS_LABELS[status]} now.`,
      );
    }
    if (order.CreatedByUid === by.uid) {
      throw forbidden('Nobody approves their own order: another approver of your company does.');
    }
    if (order.Version !== change.version) throw staleVersion();
    const approver: ActingParty = { uid: by.uid, actor: 'approver' };
    const to: OrderStatus = change.decision === 'approve' ? 'Submitted' : 'Cancelled';
    const check = checkOrderTransition(status, to, 'approver');
    if (!check.ok) refuseMove(check);
    const facts = {
      Decision: change.decision === 'approve' ? 'approved' : 'rejected',
      Reason: change.reason,
    };
    const decided = await recordStatus(
      tx,
      order,
      to,
      approver,
      change.reason,
      facts,
      change.decision === 'approve' ? 'order.approved' : 'order.rejected',
    );
    if (change.decision === 'approve') {
      await recordOrderEvent(tx, approver, decided, {
        kind: 'order.placed',
        entity: 'orders',
        entityId: order.Id,
        data: {
          PoNumber: order.PoNumber,
          Status: decided.Status,
          OrderValue: order.OrderValue,
          Currency: order.Currency,
          AfterApproval: true,
          ...placedFacts(order, await linesOfOrder(tx, order.Id)),
        },
      });
    }
  });
}

/**
 * A line's promise as the history says it, its days written as every screen writes them:
 * "Line 2 promised for 4 Dec 2026 (was 1 May 2026): reason".
 */
export function promiseNote(
  lineNumber: number,
  promised: string | null,
  was: string | null,
  reason = '',
): string {
  const now =
    promised === null
      ? `Line ${lineNumber} has no promised date`
      : `Line ${lineNumber} promised for ${formatDate(promised)}`;
  const before = was === null ? '' : ` (was ${formatDate(was)})`;
  return `${now}${before}${reason ? `: ${reason}` : ''}`;
}

/**
 * Sets a line's promised date (the line as read under the order's lock, at its Version), with its
 * audit and an entry in the order's history naming the line.
 */
async function promiseLine(
  tx: Db,
  order: OrderRecord,
  line: LineRecord,
  by: ActingParty,
  promised: string | null,
  reason = '',
  atConfirmation = false,
): Promise<void> {
  const updated = await setPromisedShipDate(tx, line.Id, line.Version, promised);
  if (!updated) throw staleVersion();
  await recordOrderEvent(tx, by, order, {
    kind: 'order_line.promised_date_changed',
    entity: 'order_lines',
    entityId: line.Id,
    data: {
      LineNumber: line.LineNumber,
      ItemNumber: line.ItemNumber,
      PromisedShipDate: updated.PromisedShipDate,
      Was: line.PromisedShipDate,
      Reason: reason,
      // The confirmation tells these promises itself; a later change is a notice of its own.
      ...(atConfirmation ? { AtConfirmation: true } : {}),
    },
    before: { PromisedShipDate: line.PromisedShipDate, Version: line.Version },
    after: { PromisedShipDate: updated.PromisedShipDate, Version: updated.Version, Reason: reason },
  });
  await insertStatusHistory(tx, {
    OrderId: order.Id,
    FromStatus: order.Status,
    ToStatus: order.Status,
    ActorUid: by.uid,
    Note: promiseNote(line.LineNumber, promised, line.PromisedShipDate, reason),
    OrderLineId: line.Id,
  });
}

/**
 * A status change asked for by a person (the manual transitions of the machine), in one
 * transaction. Confirming promises each line a ship date: the one given for it, else the order's
 * requested date (none when it has none).
 */
export async function changeOrderStatus(
  db: Db,
  customerId: number,
  orderId: number,
  by: ActingParty,
  change: {
    to: OrderStatus;
    note: string;
    version: number;
    promisedDates?: ReadonlyArray<{ OrderLineId: number; PromisedShipDate: string }> | undefined;
    /** The server's calendar day (its clock), which says whether a promise is late already. */
    today?: string | undefined;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireOrder(tx, customerId, orderId, { lock: true });
    if (order.Version !== change.version) throw staleVersion();
    const from = order.Status as OrderStatus;
    const check = checkOrderTransition(from, change.to, by.actor);
    if (!check.ok) refuseMove(check);
    if (from === 'AwaitingApproval') {
      // Withdrawing: the machine lets only a buyer cancel here, and only the one who placed it.
      if (order.CreatedByUid !== by.uid) {
        throw forbidden(
          'Only the buyer who placed an order withdraws it while it waits for approval.',
        );
      }
      await recordStatus(tx, order, change.to, by, change.note, {}, 'order.withdrawn');
      return;
    }
    if (change.to !== 'Confirmed') {
      await recordStatus(tx, order, change.to, by, change.note);
      return;
    }
    const lines = (await linesOfOrder(tx, order.Id)).sort((a, b) => a.LineNumber - b.LineNumber);
    const given = new Map<number, string>();
    const fields: Record<string, string> = {};
    (change.promisedDates ?? []).forEach((p, index) => {
      if (lines.some((l) => l.Id === p.OrderLineId)) given.set(p.OrderLineId, p.PromisedShipDate);
      else
        fields[`PromisedDates.${index}.OrderLineId`] =
          `Order ${order.OrderNumber} has no line ${p.OrderLineId}.`;
    });
    if (Object.keys(fields).length > 0) {
      throw invalidInput('Some promised dates are for lines not on this order.', fields);
    }
    const promises = lines.map((line) => ({
      line,
      promised: given.get(line.Id) ?? line.RequestedShipDate ?? order.RequestedShipDate,
    }));
    // The order ships complete by its latest promised line: what the confirmation tells buyers.
    const dates = promises.flatMap((p) => (p.promised === null ? [] : [p.promised])).sort();
    // Each line's promise, and plainly which are late already (promised for a day gone by), as
    // the confirmation tells the buyer.
    const today = change.today ?? localToday(new Date());
    const confirmed = await recordStatus(tx, order, change.to, by, change.note, {
      PromisedShipDate: dates.at(-1) ?? null,
      Lines: promises.map(({ line, promised }) => ({
        LineNumber: line.LineNumber,
        ItemNumber: line.ItemNumber,
        Description: line.Description,
        QtyOrdered: line.QtyOrdered,
        RequestedShipDate: line.RequestedShipDate ?? order.RequestedShipDate,
        PromisedShipDate: promised,
        Late: isLineLate({ ...line, PromisedShipDate: promised }, 'Confirmed', today),
      })),
    });
    for (const { line, promised } of promises) {
      if (promised !== line.PromisedShipDate) {
        await promiseLine(tx, confirmed, line, by, promised, '', true);
      }
    }
  });
}

/**
 * Staff move a line's promised ship date, saying why, in one transaction: while the order is in
 * work and the line not shipped in full; the line's Version guards against a change made since it
 * was loaded.
 */
export async function changePromisedDate(
  db: Db,
  customerId: number,
  orderId: number,
  lineId: number,
  by: ActingParty,
  change: { promised: string; reason: string; version: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireOrder(tx, customerId, orderId, { lock: true });
    const line = await requireOrderLine(tx, order, lineId);
    const status = order.Status as OrderStatus;
    if (!canChangePromisedDate(status)) {
      throw conflict(
        status === 'Submitted'
          ? `Order ${order.OrderNumber} is not confirmed yet: promised dates are set when it is confirmed.`
          : `Order ${order.OrderNumber} is ${ORDER_STATUS_LABELS[status]}: its promised dates no longer change.`,
      );
    }
    if (line.QtyShipped >= line.QtyOrdered) {
      throw conflict(
        `Line ${line.LineNumber} has shipped in full: its promised date no longer changes.`,
      );
    }
    if (line.Version !== change.version) throw staleVersion();
    if (line.PromisedShipDate === change.promised) {
      throw invalidInput(`Line ${line.LineNumber} is already promised for ${change.promised}.`, {
        PromisedShipDate: 'Choose a different date.',
      });
    }
    await promiseLine(tx, order, line, by, change.promised, change.reason);
  });
}

/**
 * Sets how much of a line has been produced, in one transaction. The order row is locked first,
 * so two lines finished at once both count towards Ready; the line's Version guards against
 * overwriting a change made since it was loaded (a release, or another person's count).
 */
export async function recordProduction(
  db: Db,
  customerId: number,
  orderId: number,
  lineId: number,
  by: ActingParty,
  change: { qtyProduced: number; version: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await requireOrder(tx, customerId, orderId, { lock: true });
    const line = await requireOrderLine(tx, order, lineId);
    const status = order.Status as OrderStatus;
    if (!canRecordProduction(status)) {
      throw conflict(
        `Production is recorded once an order is confirmed and until it is fully produced and shipped; order ${order.OrderNumber} is ${ORDER_STATUS_LABELS[status]}.`,
      );
    }
    if (line.Version !== change.version) throw staleVersion();
    if (change.qtyProduced > line.QtyOrdered) {
      throw invalidInput(`Line ${line.LineNumber} has only ${line.QtyOrdered} ordered.`, {
        QtyProduced: `At most the ${line.QtyOrdered} ordered.`,
      });
    }
    if (change.qtyProduced < line.QtyReleased) {
      throw conflict(
        `${line.QtyReleased} of line ${line.LineNumber} are already released, so production cannot be less.`,
        { QtyProduced: `At least the ${line.QtyReleased} already released.` },
      );
    }
    // The version again: a release may have changed the line since it was read above.
    const updated = await setQtyProduced(tx, line.Id, change.version, change.qtyProduced);
    if (!updated) throw staleVersion();
    await recordOrderEvent(tx, by, order, {
      kind: 'order_line.production_recorded',
      entity: 'order_lines',
      entityId: line.Id,
      data: {
        LineNumber: line.LineNumber,
        ItemNumber: line.ItemNumber,
        QtyProduced: updated.QtyProduced,
        OnHand: updated.QtyProduced - updated.QtyReleased,
      },
      before: line,
      after: updated,
    });
    await applyDerivedStatus(tx, order, by, `Production recorded on line ${line.LineNumber}`);
  });
}
