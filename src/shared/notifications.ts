/**
 * What the portal tells people (docs/product/notifications.md): the topics of its notifications,
 * who each is for, and which channels are on until the person says otherwise. A topic is what a
 * person chooses about on the settings page; several event kinds can feed one topic, and most kinds
 * (an address edit, a line's bookkeeping) feed none.
 *
 * Shared by the server (which decides who hears of an event) and the client (the settings page
 * lists the topics of the person's audience with these labels and defaults).
 */
import type { EventKind } from './events';
import { can, isCustomerRole, type Capability } from './roles';
import { formatCount, formatDate, formatMinorUnits, formatQty, formatUnits } from './format';

/** Who a topic is for: a customer's people ('buyer'), or the staff who work the inbox. */
export type Audience = 'buyer' | 'staff';

/**
 * Whose notices a person may choose about: a customer's person's (orders and requests), or
 * staff's inbox.
 */
export const audienceOf = (roleName: string | null | undefined): Audience =>
  isCustomerRole(roleName) ? 'buyer' : 'staff';

/** The channels besides the in-app list, which every notification reaches. */
export type ChoosableChannel = 'email' | 'push';
export type Channel = 'inApp' | ChoosableChannel;

interface TopicInfo {
  audience: Audience;
  /** Only those of the audience who may do this hear of it (and see it on the settings page). */
  capability?: Capability;
  label: string;
  /** Order notices also go to the customer's notice addresses (EmailAddresses). */
  orderNotice: boolean;
  /**
   * A receipt: the person who made the change hears of it too (the acknowledgement of the order
   * they placed), where every other topic spares the actor news of their own doing.
   */
  receipt?: boolean;
  defaults: Record<ChoosableChannel, boolean>;
}

const on = { email: true, push: true };

export const NOTIFICATION_TOPICS = {
  approval_requested: {
    audience: 'buyer',
    capability: 'order:approve',
    label: 'An order waits for your approval',
    orderNotice: false,
    defaults: on,
  },
  approval_decided: {
    audience: 'buyer',
    label: 'Your order was approved or rejected',
    orderNotice: false,
    defaults: on,
  },
  // The acknowledgement of an order as the plant receives it (on approval, for one that waited):
  // what the buyer and the customer's notice addresses file against their PO.
  order_received: {
    audience: 'buyer',
    label: 'Order received (acknowledgement of your order)',
    orderNotice: true,
    receipt: true,
    defaults: on,
  },
  order_confirmed: {
    audience: 'buyer',
    label: 'Order confirmed (promised dates)',
    orderNotice: true,
    defaults: on,
  },
  // A promise moved after the confirmation, with the plant's reason: the buyer plans around it.
  promised_date_changed: {
    audience: 'buyer',
    label: 'A promised date changed',
    orderNotice: true,
    defaults: on,
  },
  order_ready: { audience: 'buyer', label: 'Order ready', orderNotice: true, defaults: on },
  order_cancelled: {
    audience: 'buyer',
    label: 'Order cancelled by the plant',
    orderNotice: true,
    defaults: on,
  },
  // One per line and recording: a busy order records production many times, so email waits
  // until the person asks for it; the in-app list and push tell it quietly.
  production_recorded: {
    audience: 'buyer',
    label: 'Production recorded (inventory to release)',
    orderNotice: false,
    defaults: { email: false, push: true },
  },
  release_scheduled: {
    audience: 'buyer',
    label: 'Release scheduled',
    orderNotice: true,
    defaults: on,
  },
  shipment_recorded: {
    audience: 'buyer',
    label: 'Shipment on its way (carrier and tracking)',
    orderNotice: true,
    defaults: on,
  },
  quote_answered: { audience: 'buyer', label: 'Quote answered', orderNotice: false, defaults: on },
  request_reply: {
    audience: 'buyer',
    label: 'Plant staff replied to a request',
    orderNotice: false,
    defaults: on,
  },
  access_decided: {
    audience: 'buyer',
    label: 'Access request approved or rejected',
    orderNotice: false,
    defaults: { email: true, push: false },
  },
  // The customer's account (docs/product/invoices.md): told to every one of its people.
  invoice_issued: {
    audience: 'buyer',
    label: 'New invoice',
    orderNotice: false,
    defaults: { email: true, push: false },
  },
  invoice_due_soon: {
    audience: 'buyer',
    label: 'Invoice due in a few days',
    orderNotice: false,
    defaults: { email: true, push: false },
  },
  invoice_overdue: {
    audience: 'buyer',
    label: 'Invoice overdue',
    orderNotice: false,
    defaults: on,
  },
  new_order: { audience: 'staff', label: 'New order', orderNotice: false, defaults: on },
  new_release: {
    audience: 'staff',
    label: 'New release request',
    orderNotice: false,
    defaults: on,
  },
  new_request: {
    audience: 'staff',
    label: 'New quote, contact or access request',
    orderNotice: false,
    defaults: on,
  },
  buyer_reply: {
    audience: 'staff',
    label: 'Buyer replied to a request',
    orderNotice: false,
    defaults: on,
  },
  quote_decided: {
    audience: 'staff',
    label: 'Quote accepted or declined',
    orderNotice: false,
    defaults: on,
  },
  webhook_paused: {
    audience: 'staff',
    label: "A webhook to the plant's systems was paused after a day of failures",
    orderNotice: false,
    defaults: on,
  },
} as const satisfies Record<string, TopicInfo>;

export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;

export const NOTIFICATION_TOPIC_LIST = Object.keys(NOTIFICATION_TOPICS) as NotificationTopic[];

/** The topic's capability, if only some of its audience hear of it. */
export const topicCapability = (topic: NotificationTopic): Capability | undefined =>
  (NOTIFICATION_TOPICS[topic] as TopicInfo).capability;

/**
 * The topics a person may hear of and choose about: their audience's, less those that need a
 * capability their roles do not give (an approval request is for approvers).
 */
export function topicsFor(roleName: string, roleIds: readonly number[]): NotificationTopic[] {
  const audience = audienceOf(roleName);
  return NOTIFICATION_TOPIC_LIST.filter((topic) => {
    const capability = topicCapability(topic);
    return (
      NOTIFICATION_TOPICS[topic].audience === audience &&
      (capability === undefined || can(roleIds, capability))
    );
  });
}

/** A person's own choices: per topic, per channel; what is missing takes the topic's default. */
export type NotificationChoices = Partial<
  Record<NotificationTopic, Partial<Record<ChoosableChannel, boolean>>>
>;

/** Whether `channel` is on for `topic` with these choices. */
export function channelOn(
  choices: NotificationChoices,
  topic: NotificationTopic,
  channel: ChoosableChannel,
): boolean {
  return choices[topic]?.[channel] ?? NOTIFICATION_TOPICS[topic].defaults[channel];
}

/** The facts of an event that decide its topic. */
export interface TopicSource {
  Kind: EventKind | string;
  ByStaff: boolean;
  Data: Readonly<Record<string, unknown>>;
}

/**
 * The topic an event is told under, or null when nobody is told of it. Staff cancelling an order
 * is news to its buyers; a buyer cancelling their own is not news to anyone. A message on a
 * request is a reply to the other side; the thread's own account of a decision (`Automatic`) is
 * told by that decision's event instead.
 */
export function topicOf({ Kind, ByStaff, Data }: TopicSource): NotificationTopic | null {
  switch (Kind) {
    case 'order.awaiting_approval':
      return 'approval_requested';
    case 'order.approved':
    case 'order.rejected':
      return 'approval_decided';
    case 'order.confirmed':
      return 'order_confirmed';
    case 'order.ready':
      return 'order_ready';
    case 'order.cancelled':
      return ByStaff ? 'order_cancelled' : null;
    case 'order_line.production_recorded':
      return 'production_recorded';
    case 'order_line.promised_date_changed':
      // The promises the confirmation makes are told by the confirmation itself.
      return Data.AtConfirmation === true ? null : 'promised_date_changed';
    case 'release.scheduled':
      return 'release_scheduled';
    case 'shipment.recorded':
      return 'shipment_recorded';
    case 'request.quoted':
      return 'quote_answered';
    case 'request.message':
      if (Data.Automatic === true) return null;
      return Data.FromStaff === true ? 'request_reply' : 'buyer_reply';
    case 'request.approved':
    case 'request.rejected':
      return 'access_decided';
    case 'order.placed':
      return 'new_order';
    case 'release.requested':
      return 'new_release';
    case 'request.created':
      return 'new_request';
    case 'request.accepted':
    case 'request.declined':
      return 'quote_decided';
    case 'webhook.paused':
      return 'webhook_paused';
    case 'invoice.issued':
      return 'invoice_issued';
    case 'invoice.due_soon':
      return 'invoice_due_soon';
    case 'invoice.overdue':
      return 'invoice_overdue';
    default:
      return null;
  }
}

/**
 * Every topic an event is told under: its one topic, and for an order the plant receives, the
 * buyer's acknowledgement beside the staff's "new order" (their audiences never overlap, so no one
 * is told twice).
 */
export function topicsOf(source: TopicSource): NotificationTopic[] {
  const topic = topicOf(source);
  if (topic === null) return [];
  return source.Kind === 'order.placed' ? [topic, 'order_received'] : [topic];
}

/** What a notification says: a title, a short text and the page it opens (nothing more). */
export interface NotificationText {
  title: string;
  body: string;
  /** The app path of the page concerned, e.g. `/app/order/12`; null when there is none. */
  link: string | null;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * The words of a notification, from its topic and the event's public facts (`Data`) only: what
 * a timeline may show, the notification may say.
 */
export function describeNotification(
  topic: NotificationTopic,
  data: Readonly<Record<string, unknown>>,
  subject: { entity: string | null; id: number | null },
): NotificationText {
  const order = text(data.OrderNumber);
  const request = text(data.Subject);
  let link: string | null = null;
  if (subject.id !== null && subject.entity === 'orders') link = `/app/order/${subject.id}`;
  if (subject.id !== null && subject.entity === 'requests') {
    link =
      NOTIFICATION_TOPICS[topic].audience === 'staff'
        ? `/app/requests/${subject.id}`
        : '/app/quote-request';
  }
  const ofOrder = order ? ` ${order}` : '';
  // "100024-R2", which names the order too; a notice of an event from before releases had
  // numbers names the order alone.
  const release = text(data.ReleaseNumber);
  switch (topic) {
    case 'approval_requested': {
      const value = typeof data.OrderValue === 'number' ? data.OrderValue : null;
      const currency = text(data.Currency) || 'USD';
      const po = text(data.PoNumber);
      return {
        title: `Order${ofOrder} waits for your approval`,
        body: [po && `PO ${po}`, value !== null && formatMinorUnits(value, currency)]
          .filter(Boolean)
          .join(', '),
        link,
      };
    }
    case 'approval_decided': {
      const approved = text(data.Decision) === 'approved';
      return {
        title: `Order${ofOrder} ${approved ? 'approved' : 'rejected'}`,
        body:
          text(data.Reason) ||
          (approved ? 'It went to the plant.' : 'It was cancelled and will not be made.'),
        link,
      };
    }
    case 'order_received': {
      const lines = linesOf(data);
      const po = text(data.PoNumber);
      return {
        title: `Order${ofOrder} received`,
        body: [
          po && `PO ${po}`,
          lines.length > 0 && formatCount(lines.length, 'line'),
          text(data.ShipTo) && `to ${text(data.ShipTo)}`,
        ]
          .filter(Boolean)
          .join(', '),
        link,
      };
    }
    case 'order_confirmed': {
      const promised = text(data.PromisedShipDate);
      const late = linesOf(data).filter((l) => l.Late === true);
      const lateWords =
        late.length === 0
          ? ''
          : ` ${late.length === 1 ? 'Line' : 'Lines'} ${late.map((l) => l.LineNumber).join(', ')} ${late.length === 1 ? 'is' : 'are'} already late.`;
      return {
        title: `Order${ofOrder} confirmed`,
        body:
          (promised
            ? `Promised to ship by ${formatDate(promised)}.`
            : 'The plant confirmed your order.') + lateWords,
        link,
      };
    }
    case 'promised_date_changed': {
      const item = text(data.ItemNumber);
      const was = text(data.Was);
      const reason = text(data.Reason);
      return {
        title: `New promised date on order${ofOrder}`,
        body:
          `Line ${text(data.LineNumber)}${item ? ` (${item})` : ''} now ships by ` +
          `${formatDate(text(data.PromisedShipDate))}${was ? `, was ${formatDate(was)}` : ''}.` +
          (reason ? ` Reason: ${reason}` : ''),
        link,
      };
    }
    case 'order_ready':
      return { title: `Order${ofOrder} ready`, body: 'Everything is produced.', link };
    case 'order_cancelled':
      return {
        title: `Order${ofOrder} cancelled`,
        body: text(data.Note) || 'The plant cancelled the order.',
        link,
      };
    case 'production_recorded':
      return {
        title: `Production recorded on order${ofOrder}`,
        body: 'Inventory is on hand to release.',
        link,
      };
    case 'release_scheduled': {
      const qty = typeof data.Qty === 'number' ? formatUnits(data.Qty) : '';
      const line = text(data.LineNumber);
      const item = text(data.ItemNumber);
      const date = text(data.RequestedShipDate);
      return {
        title: release ? `Release ${release} scheduled` : `Release scheduled on order${ofOrder}`,
        body:
          qty && date
            ? `${qty}${line ? ` of line ${line}${item ? ` (${item})` : ''}` : ''} to ship ${formatDate(date)}.`
            : 'A release is scheduled.',
        link,
      };
    }
    case 'shipment_recorded': {
      const carrier = text(data.Carrier);
      const tracking = text(data.TrackingNumber);
      const lines = linesOf(data);
      const holds =
        lines.length === 1
          ? shippedOf(lines[0]!)
          : lines.length > 1
            ? formatCount(lines.length, 'line')
            : '';
      return {
        title: `Order${ofOrder} shipped`,
        body:
          [holds, carrier, tracking && `tracking ${tracking}`].filter(Boolean).join(', ') ||
          'Shipped.',
        link: link && `${link}/shipment`,
      };
    }
    case 'quote_answered':
      return { title: 'Quote answered', body: request, link };
    case 'request_reply':
      return { title: 'Plant staff replied', body: request, link };
    case 'access_decided':
      return {
        title: text(data.Decision) === 'approved' ? 'Access approved' : 'Access request answered',
        body: text(data.Reason),
        link: '/app',
      };
    case 'new_order':
      return {
        title: `New order${ofOrder}`,
        body: text(data.PoNumber) && `PO ${text(data.PoNumber)}`,
        link,
      };
    case 'new_release':
      return {
        title: release ? `Release ${release} requested` : `Release requested on order${ofOrder}`,
        body: '',
        link,
      };
    case 'new_request':
      return { title: `New ${text(data.RequestType) || 'request'}`, body: request, link };
    case 'buyer_reply':
      return { title: 'Buyer replied', body: request, link };
    case 'quote_decided':
      return { title: 'Quote decided', body: request, link };
    case 'webhook_paused':
      return {
        title: 'Webhook paused',
        body: `${text(data.Url)} failed for a day; no webhooks go to it until it is resumed.`,
        link: '/app/integrations',
      };
    case 'invoice_issued':
    case 'invoice_due_soon':
    case 'invoice_overdue': {
      const number = text(data.InvoiceNumber);
      const currency = text(data.Currency) || 'USD';
      const due = text(data.DueDate);
      const amount =
        typeof data.Open === 'number'
          ? data.Open
          : typeof data.Total === 'number'
            ? data.Total
            : null;
      const id = typeof data.InvoiceId === 'number' ? data.InvoiceId : null;
      const title =
        topic === 'invoice_issued'
          ? `New invoice ${number}`
          : topic === 'invoice_due_soon'
            ? `Invoice ${number} is due ${due ? formatDate(due) : 'soon'}`
            : `Invoice ${number} is overdue`;
      return {
        title,
        body: [
          amount !== null && `${formatMinorUnits(amount, currency)} to pay`,
          due && topic !== 'invoice_due_soon' && `due ${formatDate(due)}`,
        ]
          .filter(Boolean)
          .join(', '),
        link: id === null ? '/app/invoices' : `/app/invoices/${id}`,
      };
    }
  }
}

/** A line of an order as an event's `Data.Lines` holds it: what a notice lists of it. */
export interface NoticeLineData {
  LineNumber: number;
  ItemNumber: string;
  Description?: string;
  QtyOrdered: number;
  RequestedShipDate?: string | null;
  PromisedShipDate?: string | null;
  /** Confirmation: the promised date had already passed when the plant confirmed it. */
  Late?: boolean;
  /** Shipment: how many this shipment holds, and how many have shipped with it. */
  Qty?: number;
  QtyShipped?: number;
}

function linesOf(data: Readonly<Record<string, unknown>>): NoticeLineData[] {
  const lines = data.Lines;
  if (!Array.isArray(lines)) return [];
  return lines.filter(
    (l): l is NoticeLineData =>
      typeof l === 'object' &&
      l !== null &&
      typeof (l as NoticeLineData).LineNumber === 'number' &&
      typeof (l as NoticeLineData).QtyOrdered === 'number',
  );
}

/** "60 of 280 — 220 to follow", or "280 of 280 — complete" when the line has shipped in full. */
export function shippedOf(line: NoticeLineData): string {
  const qty = line.Qty ?? 0;
  const toFollow = Math.max(0, line.QtyOrdered - (line.QtyShipped ?? qty));
  const part = `${formatQty(qty)} of ${formatQty(line.QtyOrdered)}`;
  return toFollow > 0 ? `${part} — ${formatQty(toFollow)} to follow` : `${part} — complete`;
}

/** One line of a notice: the item, its quantity and its date, and what to watch. */
export interface NoticeLine {
  line: number;
  item: string;
  description: string;
  qty: string;
  date: string;
  /** Said plainly when the line needs attention (late, later than asked); empty otherwise. */
  flag: string;
}

/** The facts and lines a full notice (an email) lists below its title and text. */
export interface NoticeDetails {
  facts: Array<{ label: string; value: string }>;
  lines: NoticeLine[];
}

/**
 * What a full notice lists, from the event's public facts: the PO, the ship-to, the dates and
 * each line. The in-app list and push say the title and text only; an email says all of it.
 */
export function noticeDetails(
  topic: NotificationTopic,
  data: Readonly<Record<string, unknown>>,
): NoticeDetails {
  const facts: NoticeDetails['facts'] = [];
  const fact = (label: string, value: string) => {
    if (value) facts.push({ label, value });
  };
  const order = text(data.OrderNumber);
  if (order) fact('Order', order);
  fact('PO', text(data.PoNumber));
  const base = (l: NoticeLineData) => ({
    line: l.LineNumber,
    item: l.ItemNumber,
    description: l.Description ?? '',
  });
  switch (topic) {
    case 'order_received':
      fact('Ship to', text(data.ShipTo));
      fact(
        'Requested ship date',
        data.RequestedShipDate ? formatDate(text(data.RequestedShipDate)) : '',
      );
      return {
        facts,
        lines: linesOf(data).map((l) => ({
          ...base(l),
          qty: formatQty(l.QtyOrdered),
          date: `Requested ${formatDate(l.RequestedShipDate ?? text(data.RequestedShipDate))}`,
          flag: '',
        })),
      };
    case 'order_confirmed':
      fact(
        'Ships complete by',
        data.PromisedShipDate ? formatDate(text(data.PromisedShipDate)) : '',
      );
      return {
        facts,
        lines: linesOf(data).map((l) => ({
          ...base(l),
          qty: formatQty(l.QtyOrdered),
          date: l.PromisedShipDate
            ? `Promised ${formatDate(l.PromisedShipDate)}`
            : 'No date promised yet',
          flag:
            l.Late === true
              ? 'Late: the promised date has already passed'
              : l.PromisedShipDate &&
                  l.RequestedShipDate &&
                  l.PromisedShipDate > l.RequestedShipDate
                ? `Later than you asked (${formatDate(l.RequestedShipDate)})`
                : '',
        })),
      };
    case 'promised_date_changed':
      fact(
        'Line',
        `${text(data.LineNumber)}${data.ItemNumber ? ` (${text(data.ItemNumber)})` : ''}`,
      );
      fact('New promised date', formatDate(text(data.PromisedShipDate)));
      fact('Was', data.Was ? formatDate(text(data.Was)) : '');
      fact('Reason', text(data.Reason));
      return { facts, lines: [] };
    case 'new_release':
      fact('Release', text(data.ReleaseNumber));
      return { facts, lines: [] };
    case 'release_scheduled':
      fact('Release', text(data.ReleaseNumber));
      fact(
        'Line',
        `${text(data.LineNumber)}${data.ItemNumber ? ` (${text(data.ItemNumber)})` : ''}`,
      );
      fact('Quantity', typeof data.Qty === 'number' ? formatUnits(data.Qty) : '');
      fact('Ship date', data.RequestedShipDate ? formatDate(text(data.RequestedShipDate)) : '');
      return { facts, lines: [] };
    case 'shipment_recorded':
      fact('Shipped on', data.ShipDate ? formatDate(text(data.ShipDate)) : '');
      fact('Carrier', text(data.Carrier));
      fact('Tracking number', text(data.TrackingNumber));
      fact('Bill of lading', text(data.BolNumber));
      return {
        facts,
        lines: linesOf(data).map((l) => ({
          ...base(l),
          qty: shippedOf(l),
          date: '',
          flag: '',
        })),
      };
    default:
      return { facts, lines: [] };
  }
}
