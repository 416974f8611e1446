/**
 * The order and release status machines (docs/product/order-and-request-states.md), shared so that
 * the screens offer exactly the actions the API will accept, and the API refuses everything else
 * with the same words.
 *
 * Orders: (AwaitingApproval →) Submitted → Confirmed → InProduction → Ready → Shipped → Closed,
 * Cancelled from AwaitingApproval (the buyer withdraws it, or an approver rejects it), Submitted
 * (buyer or staff) or Confirmed (staff). An order over its buyer's spending limit is placed as
 * AwaitingApproval and reaches the plant as Submitted only when one of the customer's approvers
 * approves it; the plant sees it meanwhile and cannot move it. People move an order by hand only
 * along the "manual" transitions; Ready and Shipped follow from the line quantities
 * (`deriveOrderStatus`) when staff record production or a shipment, never from a request to set
 * them.
 *
 * Releases: requested → scheduled (staff) → shipped (by a shipment), or cancelled: by the buyer
 * while still requested, by staff until it ships.
 */
import type { OrderStatus, ReleaseStatus } from './status';

/**
 * Who asks: a buyer of the order's customer, staff acting on its behalf, or one of the customer's
 * approvers deciding on an order that waits for approval.
 */
export type Actor = 'buyer' | 'staff' | 'approver';

interface Transition<S extends string> {
  readonly from: S;
  readonly to: S;
  /** Who may ask for it; empty for a transition that only follows from quantities. */
  readonly by: readonly Actor[];
  /** What the action is called on a button. */
  readonly label: string;
}

export const ORDER_TRANSITIONS = [
  { from: 'AwaitingApproval', to: 'Submitted', by: ['approver'], label: 'Approve order' },
  { from: 'AwaitingApproval', to: 'Cancelled', by: ['approver'], label: 'Reject order' },
  // Only the buyer who placed it withdraws it (orders/service.ts checks who placed it).
  { from: 'AwaitingApproval', to: 'Cancelled', by: ['buyer'], label: 'Withdraw order' },
  { from: 'Submitted', to: 'Confirmed', by: ['staff'], label: 'Confirm order' },
  { from: 'Submitted', to: 'Cancelled', by: ['buyer', 'staff'], label: 'Cancel order' },
  { from: 'Confirmed', to: 'InProduction', by: ['staff'], label: 'Start production' },
  { from: 'Confirmed', to: 'Cancelled', by: ['staff'], label: 'Cancel order' },
  { from: 'Shipped', to: 'Closed', by: ['staff'], label: 'Close order' },
  // Derived from the quantities (`deriveOrderStatus`), never asked for.
  { from: 'Confirmed', to: 'InProduction', by: [], label: 'Production recorded' },
  { from: 'Confirmed', to: 'Ready', by: [], label: 'Fully produced' },
  { from: 'InProduction', to: 'Ready', by: [], label: 'Fully produced' },
  { from: 'Ready', to: 'InProduction', by: [], label: 'Production corrected' },
  { from: 'Ready', to: 'Shipped', by: [], label: 'Fully shipped' },
] as const satisfies readonly Transition<OrderStatus>[];

/** Statuses only the quantities lead to. */
export const DERIVED_ORDER_STATUSES: readonly OrderStatus[] = ['Ready', 'Shipped'];

/** Statuses in which an order still waits for something (the dashboard's "open orders"). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  'AwaitingApproval',
  'Submitted',
  'Confirmed',
  'InProduction',
  'Ready',
];

/** Human words for a status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  AwaitingApproval: 'Awaiting approval',
  Submitted: 'Submitted',
  Confirmed: 'Confirmed',
  InProduction: 'In production',
  Ready: 'Ready',
  Shipped: 'Shipped',
  Closed: 'Closed',
  Cancelled: 'Cancelled',
};

export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

export type TransitionCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /**
       * `actor`: the transition exists but this person may not make it (the API answers 403);
       * the others are illegal in the current state (409).
       */
      readonly reason: 'unchanged' | 'derived' | 'illegal' | 'actor';
      readonly message: string;
    };

const who = (by: readonly Actor[]) => {
  if (!by.includes('approver')) return by.includes('buyer') ? 'buyers and staff' : 'staff';
  return by.includes('buyer')
    ? "the customer's approvers and the buyer who placed it"
    : "the customer's approvers";
};

/** May `actor` move an order from `from` to `to` by asking? */
export function checkOrderTransition(
  from: OrderStatus,
  to: OrderStatus,
  actor: Actor,
): TransitionCheck {
  const label = ORDER_STATUS_LABELS;
  if (from === to) {
    return { ok: false, reason: 'unchanged', message: `The order is already ${label[to]}.` };
  }
  if (to === 'Ready') {
    return {
      ok: false,
      reason: 'derived',
      message:
        'An order becomes Ready by itself when every line is fully produced: record production instead.',
    };
  }
  if (to === 'Shipped') {
    return {
      ok: false,
      reason: 'derived',
      message:
        'An order becomes Shipped by itself when every line has shipped: record a shipment instead.',
    };
  }
  const manual = ORDER_TRANSITIONS.filter((t) => t.from === from && t.to === to && t.by.length > 0);
  if (manual.length === 0) {
    return {
      ok: false,
      reason: 'illegal',
      message: `An order that is ${label[from]} cannot become ${label[to]}.`,
    };
  }
  if (!manual.some((t) => (t.by as readonly Actor[]).includes(actor))) {
    const by = manual.flatMap((t) => t.by as readonly Actor[]);
    return {
      ok: false,
      reason: 'actor',
      message: `Only ${who(by)} can move an order from ${label[from]} to ${label[to]}.`,
    };
  }
  return { ok: true };
}

export interface OrderAction {
  readonly to: OrderStatus;
  readonly label: string;
}

/**
 * The buttons to offer `actor` on an order in `status`. An approver's decisions are offered by
 * the approval panel, which asks for them with `actor` 'approver'.
 */
export function orderActionsFor(status: OrderStatus, actor: Actor): OrderAction[] {
  return ORDER_TRANSITIONS.filter(
    (t) => t.from === status && (t.by as readonly Actor[]).includes(actor),
  ).map((t) => ({ to: t.to, label: t.label }));
}

/** Staff record production once an order is confirmed and until it has shipped. */
export const canRecordProduction = (status: OrderStatus): boolean =>
  status === 'Confirmed' || status === 'InProduction' || status === 'Ready';

/** Produced inventory can be released, and released inventory shipped, while the order is in work. */
export const canRelease = (status: OrderStatus): boolean =>
  status === 'InProduction' || status === 'Ready';
export const canShip = canRelease;

export interface LineQuantities {
  readonly QtyOrdered: number;
  readonly QtyProduced: number;
  readonly QtyShipped: number;
}

/**
 * The status the quantities call for, after production or a shipment was recorded. Orders not in
 * work (Submitted, Closed, Cancelled) keep theirs: quantities never move them.
 */
export function deriveOrderStatus(
  current: OrderStatus,
  lines: readonly LineQuantities[],
): OrderStatus {
  if (
    current !== 'Confirmed' &&
    current !== 'InProduction' &&
    current !== 'Ready' &&
    current !== 'Shipped'
  ) {
    return current;
  }
  if (lines.length === 0) return current;
  if (lines.every((l) => l.QtyShipped >= l.QtyOrdered)) return 'Shipped';
  if (lines.every((l) => l.QtyProduced >= l.QtyOrdered)) return 'Ready';
  if (current === 'Confirmed' && lines.every((l) => l.QtyProduced === 0)) return 'Confirmed';
  return 'InProduction';
}

/**
 * Quantities of a line as the screens show them (pending = ordered − shipped). A cancelled order
 * waits for nothing: nothing of it is pending or still to produce.
 */
export interface LineFigures {
  readonly pending: number;
  /** Produced and not yet released (releases that were cancelled count as not released). */
  readonly onHand: number;
  /** Ordered and not produced yet. */
  readonly toProduce: number;
}

export function lineFigures(
  line: LineQuantities & { readonly QtyReleased: number },
  status: OrderStatus,
): LineFigures {
  const cancelled = status === 'Cancelled';
  return {
    pending: cancelled ? 0 : line.QtyOrdered - line.QtyShipped,
    onHand: line.QtyProduced - line.QtyReleased,
    toProduce: cancelled ? 0 : line.QtyOrdered - line.QtyProduced,
  };
}

export const RELEASE_TRANSITIONS = [
  { from: 'requested', to: 'scheduled', by: ['staff'], label: 'Schedule', verb: 'schedule' },
  {
    from: 'requested',
    to: 'cancelled',
    by: ['buyer', 'staff'],
    label: 'Cancel release',
    verb: 'cancel',
  },
  { from: 'scheduled', to: 'cancelled', by: ['staff'], label: 'Cancel release', verb: 'cancel' },
  // Made by recording a shipment, never asked for.
  { from: 'scheduled', to: 'shipped', by: [], label: 'Shipped', verb: 'ship' },
] as const satisfies readonly (Transition<ReleaseStatus> & { verb: string })[];

/** May `actor` move a release from `from` to `to` by asking? */
export function checkReleaseTransition(
  from: ReleaseStatus,
  to: ReleaseStatus,
  actor: Actor,
): TransitionCheck {
  const label = RELEASE_STATUS_LABELS;
  if (from === to) {
    return {
      ok: false,
      reason: 'unchanged',
      message: `The release is already ${label[to].toLowerCase()}.`,
    };
  }
  if (to === 'shipped') {
    return {
      ok: false,
      reason: 'derived',
      message: 'A release ships by recording a shipment that includes it.',
    };
  }
  const manual = RELEASE_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.length > 0);
  if (!manual) {
    return {
      ok: false,
      reason: 'illegal',
      message: `A release that is ${label[from].toLowerCase()} cannot become ${label[to].toLowerCase()}.`,
    };
  }
  if (!(manual.by as readonly Actor[]).includes(actor)) {
    return {
      ok: false,
      reason: 'actor',
      message: `Only ${who(manual.by)} can ${manual.verb} a ${label[from].toLowerCase()} release.`,
    };
  }
  return { ok: true };
}

export interface ReleaseAction {
  readonly to: ReleaseStatus;
  readonly label: string;
}

export function releaseActionsFor(status: ReleaseStatus, actor: Actor): ReleaseAction[] {
  return RELEASE_TRANSITIONS.filter(
    (t) => t.from === status && (t.by as readonly Actor[]).includes(actor),
  ).map((t) => ({ to: t.to, label: t.label }));
}

/**
 * A line is late when the date the plant promised has passed and some of it is still pending
 * (ordered − shipped, 0 on a cancelled order). `today` is `YYYY-MM-DD`, the server's calendar.
 */
export function isLineLate(
  line: LineQuantities & { readonly QtyReleased: number; readonly PromisedShipDate: string | null },
  status: OrderStatus,
  today: string,
): boolean {
  return (
    line.PromisedShipDate !== null &&
    line.PromisedShipDate < today &&
    lineFigures(line, status).pending > 0
  );
}

/** Orders whose lines' promised dates may still change: confirmed, and not yet all shipped. */
export function canChangePromisedDate(status: OrderStatus): boolean {
  return status === 'Confirmed' || status === 'InProduction' || status === 'Ready';
}
