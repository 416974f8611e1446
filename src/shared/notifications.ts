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
import { formatDate, formatMinorUnits } from './format';

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
  order_confirmed: {
    audience: 'buyer',
    label: 'Order confirmed',
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
    case 'order_confirmed': {
      const promised = text(data.PromisedShipDate);
      return {
        title: `Order${ofOrder} confirmed`,
        body: promised
          ? `Promised to ship by ${formatDate(promised)}.`
          : 'The plant confirmed your order.',
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
    case 'release_scheduled':
      return {
        title: `Release scheduled on order${ofOrder}`,
        body: 'A release is scheduled.',
        link,
      };
    case 'shipment_recorded': {
      const carrier = text(data.Carrier);
      const tracking = text(data.TrackingNumber);
      return {
        title: `Order${ofOrder} shipped`,
        body:
          [carrier, tracking && `tracking ${tracking}`].filter(Boolean).join(', ') || 'Shipped.',
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
      return { title: `Release requested on order${ofOrder}`, body: '', link };
    case 'new_request':
      return { title: `New ${text(data.RequestType) || 'request'}`, body: request, link };
    case 'buyer_reply':
      return { title: 'Buyer replied', body: request, link };
    case 'quote_decided':
      return { title: 'Quote decided', body: request, link };
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
