/**
 * How an event of the stream (src/shared/events.ts) is told to a person: the one place that
 * phrases events, for the activity timelines of orders and requests, the staff's audit screen and
 * its CSV. The server phrases each event with `describeEvent` from its public facts (`Data`), so
 * every reader says the same thing the same way; `actorLine` says who did it, as the reader
 * should read it ("by Sam Ortiz, plant staff, on your behalf" to a buyer, of an order staff
 * placed for the company; "by Sam Ortiz, plant staff" of one they confirmed).
 */
import { EVENT_KIND_LABELS, type EventKind } from './events';
import { formatDate, formatMinorUnits, formatQty } from './format';

/**
 * Bookkeeping that a timeline folds into the change that caused it, rather than listing it:
 * - `order_line.quantity_moved`: a release or shipment moved a line's released or shipped
 *   quantity; the release or shipment event already says how much of which line.
 * - `release.shipped`: each release a shipment took; the shipment event tells the quantity,
 *   carrier and tracking number of all of them at once.
 * - `request.status_moved`: a message moved the request's status; the message is the event.
 * A buyer reading an order wants what people did, and these would triple a shipment's entries.
 * The audit screen lists them all: it is the record of every change, not a story.
 */
export const FOLDED_KINDS = [
  'order_line.quantity_moved',
  'release.shipped',
  'request.status_moved',
] as const satisfies readonly EventKind[];

/** The actor uid prefix of the seed and other jobs: shown as "System". */
export const SYSTEM_ACTOR_PREFIX = 'system:';
export const SYSTEM_ACTOR_NAME = 'System';

type Facts = Readonly<Record<string, unknown>>;

const text = (facts: Facts, key: string): string => {
  const value = facts[key];
  return typeof value === 'string' ? value.trim() : '';
};
const num = (facts: Facts, key: string): number | null => {
  const value = facts[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
/** `: the note` when there is one. */
const withNote = (sentence: string, note: string): string =>
  note ? `${sentence}: ${note}` : sentence;

const lineOf = (facts: Facts): string => {
  const line = num(facts, 'LineNumber');
  const item = text(facts, 'ItemNumber');
  if (line === null) return item ? `item ${item}` : 'a line';
  return item ? `line ${line} (${item})` : `line ${line}`;
};

/**
 * " 100024-2": the shipment as buyers name it (its order's number and its place among the
 * order's); an event recorded before shipments had those falls back to " #id".
 */
const shipmentOf = (facts: Facts): string => {
  const number = text(facts, 'ShipmentNumber');
  if (number) return ` ${number}`;
  const id = num(facts, 'ShipmentId');
  return id === null ? '' : ` #${id}`;
};

/**
 * " 100024-R2": the release as buyers name it (its order's number and its place among the
 * order's releases); an event recorded before releases had those falls back to " #id".
 */
const releaseOf = (facts: Facts): string => {
  const number = text(facts, 'ReleaseNumber');
  if (number) return ` ${number}`;
  const id = num(facts, 'ReleaseId');
  return id === null ? '' : ` #${id}`;
};

const qty = (facts: Facts, key = 'Qty'): string => {
  const value = num(facts, key);
  return value === null ? '' : formatQty(value);
};

/**
 * Which spending limit an order went over, from its facts (`OrderValue`, `Currency`, `Over`,
 * `Limit`): "worth $6,000.00, over the $5,000.00 limit per order".
 */
function overLimit(facts: Facts): string {
  const currency = text(facts, 'Currency') || 'USD';
  const value = num(facts, 'OrderValue');
  const limit = num(facts, 'Limit');
  const worth = value === null ? 'it is' : `worth ${formatMinorUnits(value, currency)}, it is`;
  const which = facts.Over === 'month' ? 'monthly limit' : 'limit per order';
  return limit === null
    ? `${worth} over the buyer's spending limit`
    : `${worth} over the ${formatMinorUnits(limit, currency)} ${which}`;
}

/**
 * One sentence of what happened, from the event's kind and its public facts; the kind's label
 * when the facts say no more. Never reads anything but `Data`, which holds only what whoever may
 * read the order or request may read.
 */
export function describeEvent(kind: string, facts: Facts): string {
  const note = text(facts, 'Note');
  switch (kind as EventKind) {
    case 'order.placed': {
      if (facts.AfterApproval === true) return 'Sent the approved order to the plant';
      const lines = num(facts, 'LineCount');
      const po = text(facts, 'PoNumber');
      const count = lines === null ? '' : ` with ${lines} line${lines === 1 ? '' : 's'}`;
      return `Placed the order${count}${po ? `, PO ${po}` : ''}`;
    }
    case 'order.awaiting_approval': {
      const lines = num(facts, 'LineCount');
      const po = text(facts, 'PoNumber');
      const count = lines === null ? '' : ` with ${lines} line${lines === 1 ? '' : 's'}`;
      return `Placed the order${count}${po ? `, PO ${po}` : ''}: ${overLimit(facts)}, so it waits for approval`;
    }
    case 'order.approved':
      return withNote('Approved the order', text(facts, 'Reason'));
    case 'order.rejected':
      return withNote('Rejected the order', text(facts, 'Reason'));
    case 'order.withdrawn':
      return withNote('Withdrew the order while it waited for approval', note);
    case 'order.confirmed':
      return withNote('Confirmed the order', note);
    case 'order.in_production':
      return withNote('Production started', note);
    // Ready and Shipped follow from the quantities: their note names the change that moved them,
    // which the timeline shows just before, so it is left out here.
    case 'order.ready':
      return 'Order ready: everything ordered is produced';
    case 'order.shipped':
      return 'Order shipped: everything ordered has shipped';
    case 'order.closed':
      return withNote('Closed the order', note);
    case 'order.cancelled':
      return withNote('Cancelled the order', note);
    case 'order.erp_linked': {
      const erp = text(facts, 'ExternalId');
      return erp ? `Numbered the order ERP ${erp}` : "Numbered the order in the plant's system";
    }
    case 'order_line.production_recorded': {
      const produced = qty(facts, 'QtyProduced');
      const onHand = qty(facts, 'OnHand');
      const figures = [produced && `${produced} produced`, onHand && `${onHand} on hand`]
        .filter(Boolean)
        .join(', ');
      return `Recorded production on ${lineOf(facts)}${figures ? `: ${figures}` : ''}`;
    }
    case 'order_line.promised_date_changed': {
      const promised = text(facts, 'PromisedShipDate');
      const was = text(facts, 'Was');
      const sentence = promised
        ? `Promised ${lineOf(facts)} for ${formatDate(promised)}`
        : `Took the promised date off ${lineOf(facts)}`;
      return withNote(
        `${sentence}${was ? ` (was ${formatDate(was)})` : ''}`,
        text(facts, 'Reason'),
      );
    }
    case 'order_line.quantity_moved': {
      const released = num(facts, 'QtyReleased');
      const shipped = num(facts, 'QtyShipped');
      const figure =
        released !== null
          ? `${formatQty(released)} released`
          : shipped !== null
            ? `${formatQty(shipped)} shipped`
            : '';
      return `${lineOf(facts).replace(/^l/, 'L')} now has ${figure || 'new quantities'}`;
    }
    case 'release.requested': {
      const date = text(facts, 'RequestedShipDate');
      return `Released ${qty(facts) || 'inventory'} of ${lineOf(facts)} for shipment${date ? ` on ${formatDate(date)}` : ''}`;
    }
    case 'release.scheduled':
    case 'release.cancelled':
    case 'release.shipped': {
      const amount = qty(facts);
      const what = `release${releaseOf(facts)}${amount ? ` (${amount})` : ''}`;
      if (kind === 'release.cancelled') return `Cancelled ${what}`;
      if (kind === 'release.shipped') {
        const shipment = text(facts, 'ShipmentNumber');
        return `Shipped ${what}${shipment ? ` in shipment ${shipment}` : ''}`;
      }
      const date = text(facts, 'RequestedShipDate');
      return `Scheduled ${what}${date ? ` for ${formatDate(date)}` : ''}`;
    }
    case 'shipment.recorded': {
      const carrier = text(facts, 'Carrier');
      const tracking = text(facts, 'TrackingNumber');
      const amount = qty(facts);
      return [
        `Shipped ${amount || 'the released inventory'}`,
        carrier && ` by ${carrier}`,
        tracking && `, tracking number ${tracking}`,
      ].join('');
    }
    case 'shipment.updated': {
      const carrier = text(facts, 'Carrier');
      const tracking = text(facts, 'TrackingNumber');
      return [
        `Updated shipment${shipmentOf(facts)}`,
        carrier && `: ${carrier}`,
        tracking && `, tracking number ${tracking}`,
      ].join('');
    }
    case 'shipment.proof_attached':
      return `Attached a proof of delivery to shipment${shipmentOf(facts)}`;
    case 'request.created': {
      const subject = text(facts, 'Subject');
      return subject ? `Sent the request “${subject}”` : 'Sent the request';
    }
    case 'request.message':
      return facts.FromStaff === true ? 'Replied on the thread' : 'Wrote on the thread';
    case 'request.in_review':
      return 'Took the request into review';
    case 'request.quoted':
      return 'Sent prices for the quote';
    case 'request.accepted':
      return 'Accepted the quote';
    case 'request.declined':
      return withNote('Declined the quote', text(facts, 'Reason'));
    case 'request.approved':
      return 'Approved the access request';
    case 'request.rejected':
      return withNote('Rejected the access request', text(facts, 'Reason'));
    case 'request.closed':
      return 'Closed the request';
    case 'request.status_moved': {
      const status = text(facts, 'Status');
      return status ? `The request is now ${status.replace(/_/g, ' ')}` : 'The request moved on';
    }
    case 'invoice.issued':
    case 'invoice.updated':
    case 'invoice.voided': {
      const number = text(facts, 'InvoiceNumber');
      const currency = text(facts, 'Currency');
      const total = num(facts, 'Total');
      const what = `invoice ${number}`;
      if (kind === 'invoice.voided') return `Voided ${what}`;
      if (kind === 'invoice.updated') return `Corrected ${what}`;
      const worth = total === null || !currency ? '' : ` for ${formatMinorUnits(total, currency)}`;
      const due = text(facts, 'DueDate');
      return `Issued ${what}${worth}${due ? `, due ${formatDate(due)}` : ''}`;
    }
    default:
      // A kind with no sentence of its own (the administration's): its label says it.
      return (EVENT_KIND_LABELS[kind as EventKind] as string | undefined) ?? kind;
  }
}

/**
 * What a customer's own people do, so that staff doing it act in their place: placing, approving
 * or withdrawing an order, releasing inventory, asking for a quote and answering it. Everything
 * else staff do (confirming, promising, producing, shipping, closing) is the plant's own work,
 * never "on your behalf" — the buyer did not ask staff to do it for them.
 */
export const CUSTOMER_ACT_KINDS = [
  'order.placed',
  'order.awaiting_approval',
  'order.approved',
  'order.rejected',
  'order.withdrawn',
  'release.requested',
  'request.created',
  'request.accepted',
  'request.declined',
  'order_list.created',
  'order_list.updated',
  'order_list.deleted',
  'address.created',
  'address.updated',
  'address.deleted',
] as const satisfies readonly EventKind[];

/** Whether staff doing `kind` for a customer acted in its people's place (the event's OnBehalf). */
export const actsInCustomersPlace = (kind: string): boolean =>
  (CUSTOMER_ACT_KINDS as readonly string[]).includes(kind);

/** What the reader needs to know of who acted. */
export interface EventActorFacts {
  /** The event's kind: only a customer's own acts are done on its behalf. */
  Kind: string;
  ActorName: string;
  /** The company of a customer's person who acted; null for staff and the portal's jobs. */
  ActorCompany?: string | null;
  ByStaff: boolean;
  OnBehalf: boolean;
  /** The plant's system acted, through an integration client (`ActorName` is the client's). */
  ByClient: boolean;
}

/**
 * Who did it, as the reader reads it: a customer's person with their company ("by Dana Lee,
 * Acme Packaging"); a buyer is told that plant staff acted on the company's behalf ("by Sam
 * Ortiz, plant staff, on your behalf") when they did what the company's people do
 * (`CUSTOMER_ACT_KINDS`); staff read "for the customer". The plant's own work reads "plant staff",
 * whatever an event stored before this rule says. A change the plant's
 * system made reads "by the plant's system (ERP production)" to a buyer, and names the
 * integration client first to staff, who manage it ("by ERP production, the plant's system").
 */
export function actorLine(event: EventActorFacts, reader: 'buyer' | 'staff'): string {
  if (event.ByClient) {
    return reader === 'buyer'
      ? `by the plant's system (${event.ActorName})`
      : `by ${event.ActorName}, the plant's system`;
  }
  // The portal's own jobs (the demo seed, imports) are nobody's staff and act for no one.
  if (event.ActorName === SYSTEM_ACTOR_NAME) return `by ${event.ActorName}`;
  if (!event.ByStaff) {
    return event.ActorCompany
      ? `by ${event.ActorName}, ${event.ActorCompany}`
      : `by ${event.ActorName}`;
  }
  if (!event.OnBehalf || !actsInCustomersPlace(event.Kind)) {
    return `by ${event.ActorName}, plant staff`;
  }
  return reader === 'buyer'
    ? `by ${event.ActorName}, plant staff, on your behalf`
    : `by ${event.ActorName}, plant staff, for the customer`;
}

/** What `recordName` reads of an event: the row it changed, its facts, and the row's copies. */
export interface EventRecordFacts {
  Entity: string;
  EntityId: string;
  Data: Facts;
  Before?: Facts | null;
  After?: Facts | null;
}

/**
 * The record an event changed, as the portal names it to people ("order 100027 line 2, item
 * ACM-1003", "shipment 100027-1", "item ACM-1003", "customer ACME"), never a table and a row id;
 * from the event's facts, else the row as it was after (or before) the change. What it cannot
 * name better reads as the kind of record and its number.
 */
export function recordName(event: EventRecordFacts): string {
  const facts = event.Data;
  const row = { ...(event.Before ?? {}), ...(event.After ?? {}) };
  const fact = (key: string) => text(facts, key) || text(row, key);
  const order = num(facts, 'OrderNumber');
  const ofOrder = order === null ? '' : `order ${order} `;
  switch (event.Entity) {
    case 'orders':
      return order === null ? `order #${event.EntityId}` : `order ${order}`;
    case 'order_lines': {
      const line = num(facts, 'LineNumber') ?? num(row, 'LineNumber');
      const item = fact('ItemNumber');
      const where = `${ofOrder}line ${line ?? `#${event.EntityId}`}`;
      return item ? `${where}, item ${item}` : where;
    }
    case 'releases': {
      const number = text(facts, 'ReleaseNumber');
      return number ? `release ${number}` : `${ofOrder}release #${event.EntityId}`;
    }
    case 'shipments': {
      const number = text(facts, 'ShipmentNumber');
      return number ? `shipment ${number}` : `${ofOrder}shipment #${event.EntityId}`;
    }
    case 'shipment_proofs': {
      const number = text(facts, 'ShipmentNumber');
      const id = num(facts, 'ShipmentId');
      return `proof of delivery of shipment ${number || (id === null ? '' : `#${id}`)}`.trim();
    }
    case 'requests': {
      const subject = fact('Subject');
      return subject ? `request “${subject}”` : `request #${event.EntityId}`;
    }
    case 'request_messages':
      return 'message on a request';
    case 'customers': {
      const code = fact('CustomerCode');
      return code ? `customer ${code}` : `customer #${event.EntityId}`;
    }
    case 'users': {
      const email = fact('Email');
      return email ? `user ${email}` : `user #${event.EntityId}`;
    }
    case 'roles':
      return fact('Name') ? `role ${fact('Name')}` : `role #${event.EntityId}`;
    case 'catalog_items': {
      const item = fact('ItemNumber');
      return item ? `item ${item}` : `item #${event.EntityId}`;
    }
    case 'order_lists':
      return fact('Name') ? `saved list “${fact('Name')}”` : `saved list #${event.EntityId}`;
    case 'ship_to_addresses':
      return fact('Name') ? `address “${fact('Name')}”` : `address #${event.EntityId}`;
    case 'integration_clients':
      return fact('Name') ? `system ${fact('Name')}` : `system #${event.EntityId}`;
    case 'integration_keys': {
      const client = fact('Client');
      const prefix = fact('Prefix');
      return `API key${prefix ? ` ${prefix}…` : ''}${client ? ` of ${client}` : ''}`;
    }
    default:
      return `${event.Entity.replace(/_/g, ' ')} #${event.EntityId}`;
  }
}
