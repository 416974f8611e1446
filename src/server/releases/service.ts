/**
 * What happens to releases (docs/product/order-and-request-states.md), once routes.ts has said who
 * is asking and for which customer: releasing on-hand inventory of an order's lines, and the moves
 * of the release status machine (src/shared/order-status.ts), each recorded as an event. Knows
 * nothing of HTTP; the SQL is in queries.ts.
 *
 * The rule that a release never exceeds what is on hand is kept by the database: each line's
 * QtyReleased grows only through a conditional UPDATE (`… WHERE qty_released + n <=
 * qty_produced`), which PostgreSQL evaluates against the latest committed row while holding the
 * row lock, so concurrent releases queue on the line and the ones that no longer fit change
 * nothing. The CHECK constraint of order_lines stays the last line of defence.
 */
import { canRelease, checkReleaseTransition, ORDER_STATUS_LABELS } from '../../shared/order-status';
import type { OrderStatus, ReleaseStatus } from '../../shared/status';
import type { Db } from '../db/database';
import { conflict, invalidInput, notFound, staleVersion } from '../http/errors';
import { addToLine, findOrderLine, releaseFromLine, requireOrder } from '../orders/queries';
import { recordLineQty, recordOrderEvent, refuseMove, type ActingParty } from '../orders/service';
import { insertRelease, lockRelease, releaseNumberOf, setReleaseStatus } from './queries';

/**
 * Releases inventory of an order's lines in `tx` (the idempotent create's transaction), one
 * release per line. Lines are taken in id order so two multi-line releases of one order lock them
 * in the same order and cannot deadlock.
 */
export async function createReleases(
  tx: Db,
  customerId: number,
  orderId: number,
  by: ActingParty,
  input: {
    RequestedShipDate: string;
    /** `ExternalId`: the release's number in the plant's system, when the plant's system makes it. */
    Lines: Array<{ OrderLineId: number; Qty: number; ExternalId?: string | undefined }>;
  },
): Promise<number[]> {
  // Locked so that releases of one order are recorded one after the other: each counts the ones
  // before it as committed, and the number written into its event is the one read later
  // (decision 044). The order before its lines, as shipping and production take them.
  const order = await requireOrder(tx, customerId, orderId, { lock: true });
  const status = order.Status as OrderStatus;
  if (!canRelease(status)) {
    throw conflict(
      `Inventory is released while an order is in production or ready; order ${order.OrderNumber} is ${ORDER_STATUS_LABELS[status]}.`,
    );
  }
  const requested = input.Lines.map((line, index) => ({ ...line, index })).sort(
    (a, b) => a.OrderLineId - b.OrderLineId,
  );
  const ids: number[] = [];
  for (const line of requested) {
    const updated = await releaseFromLine(tx, order.Id, line.OrderLineId, line.Qty);
    if (!updated) {
      const current = await findOrderLine(tx, order.Id, line.OrderLineId);
      if (!current) {
        throw invalidInput('Some lines are not lines of this order.', {
          [`Lines.${line.index}.OrderLineId`]: `Order ${order.OrderNumber} has no line ${line.OrderLineId}.`,
        });
      }
      const onHand = current.QtyProduced - current.QtyReleased;
      throw conflict(
        `Line ${current.LineNumber} (${current.ItemNumber}) has ${onHand} on hand, fewer than the ${line.Qty} asked for: nothing was released.`,
        { [`Lines.${line.index}.Qty`]: `Only ${onHand} on hand.` },
      );
    }
    const release = await insertRelease(tx, {
      CustomerId: order.CustomerId,
      OrderId: order.Id,
      OrderLineId: updated.Id,
      Qty: line.Qty,
      RequestedShipDate: input.RequestedShipDate,
      CreatedByUid: by.uid,
      ExternalId: line.ExternalId ?? null,
    });
    await recordOrderEvent(tx, by, order, {
      kind: 'release.requested',
      entity: 'releases',
      entityId: release.Id,
      data: {
        ReleaseId: release.Id,
        ReleaseNumber: await releaseNumberOf(tx, release.Id),
        LineNumber: updated.LineNumber,
        ItemNumber: updated.ItemNumber,
        Qty: release.Qty,
        RequestedShipDate: release.RequestedShipDate,
      },
      after: release,
    });
    await recordLineQty(tx, by, order, updated, 'QtyReleased', line.Qty);
    ids.push(release.Id);
  }
  return ids.sort((a, b) => a - b);
}

/**
 * Schedules or cancels a release (the manual transitions of the release machine), in one
 * transaction. A cancelled release's quantity goes back on hand.
 */
export async function changeReleaseStatus(
  db: Db,
  customerId: number,
  orderId: number,
  releaseId: number,
  by: ActingParty,
  change: { to: ReleaseStatus; version: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const release = await lockRelease(tx, customerId, orderId, releaseId);
    if (!release) throw notFound(`Release #${releaseId} was not found on this order.`);
    if (release.Version !== change.version) throw staleVersion();
    const check = checkReleaseTransition(release.Status as ReleaseStatus, change.to, by.actor);
    if (!check.ok) refuseMove(check);
    const updated = await setReleaseStatus(tx, release.Id, change.to);
    const order = await requireOrder(tx, customerId, orderId);
    const line = await findOrderLine(tx, order.Id, release.OrderLineId);
    await recordOrderEvent(tx, by, order, {
      kind: `release.${change.to}`,
      entity: 'releases',
      entityId: release.Id,
      data: {
        ReleaseId: release.Id,
        ReleaseNumber: await releaseNumberOf(tx, release.Id),
        Qty: release.Qty,
        RequestedShipDate: release.RequestedShipDate,
        Status: change.to,
        // Which line it releases of how many ordered: what the scheduled notice tells.
        ...(line
          ? {
              LineNumber: line.LineNumber,
              ItemNumber: line.ItemNumber,
              QtyOrdered: line.QtyOrdered,
            }
          : {}),
      },
      before: release,
      after: updated,
    });
    if (change.to === 'cancelled') {
      // What was released goes back on hand.
      const line = await addToLine(tx, release.OrderLineId, 'QtyReleased', -release.Qty);
      if (line) await recordLineQty(tx, by, order, line, 'QtyReleased', -release.Qty);
    }
  });
}
