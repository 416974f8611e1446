/**
 * Who hears of an event, and on which channels (docs/product/notifications.md). Pure: the
 * dispatcher loads the facts (the people who could be concerned, the order's placer, the request's
 * requester, the customer's notice addresses) and this decides, so every rule is tested without a
 * database.
 *
 * The rules that hold whatever the topic:
 * - the person who made the change is never told of it, except by a receipt (the acknowledgement
 *   of the order they placed);
 * - a deactivated person is told nothing;
 * - a buyer hears only of their own customer's events (tenancy holds on every channel), the one
 *   exception being a person's own access request, which belongs to no customer yet;
 * - a topic for those who may do something (an approval request, for approvers) reaches only the
 *   people whose roles let them, and never the person whose order it is;
 * - every recipient person gets the in-app notification; email and push follow their choices.
 */
import { can } from '../../shared/roles';
import {
  channelOn,
  NOTIFICATION_TOPICS,
  topicCapability,
  topicOf,
  type Channel,
  type NotificationChoices,
  type NotificationTopic,
  type TopicSource,
} from '../../shared/notifications';

export interface RuleEvent extends TopicSource {
  ActorUid: string;
  CustomerId: number | null;
}

/** A person with a portal record who could be told. */
export interface Person {
  UserId: number;
  Uid: string;
  Email: string;
  Active: boolean;
  /** The buyer's customer; null for staff. */
  CustomerId: number | null;
  /** Every role the person holds (src/shared/roles.ts). */
  RoleIds: readonly number[];
  /** Staff who work the inbox (the administrators): they hear of new orders and requests. */
  WorksInbox: boolean;
  Choices: NotificationChoices;
}

export interface EventFacts {
  /** Everyone the event might concern: the customer's buyers, inbox staff, the requester. */
  people: readonly Person[];
  /** Order events: the uid of whoever placed the order. */
  orderPlacedByUid?: string | null | undefined;
  /** Request events: who asked. An access request's asker may have no portal record (yet). */
  requester?: { Uid: string; Email: string } | null | undefined;
  /** The customer's EmailAddresses, which receive its order notices. */
  customerEmailAddresses?: readonly string[] | undefined;
  /** The actor's email, so an address that is the actor's own is not told either. */
  actorEmail?: string | null | undefined;
}

export type Recipient =
  | { to: 'person'; person: Person; channels: Channel[] }
  /** A notice address without a portal record: email only, no choices of its own. */
  | { to: 'address'; email: string; channels: ['email'] };

export interface Decision {
  topic: NotificationTopic;
  recipients: Recipient[];
}

/** The customer's account's topics (docs/product/invoices.md). */
const ACCOUNT_TOPICS: ReadonlySet<NotificationTopic> = new Set([
  'invoice_issued',
  'invoice_due_soon',
  'invoice_overdue',
]);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function channelsOf(person: Person, topic: NotificationTopic): Channel[] {
  const channels: Channel[] = ['inApp'];
  if (channelOn(person.Choices, topic, 'email')) channels.push('email');
  if (channelOn(person.Choices, topic, 'push')) channels.push('push');
  return channels;
}

/**
 * The topic of `event` and who is told of it how; null when the event tells nobody anything.
 * `topic` is the event's, given by a caller that has worked it out already.
 */
export function decide(
  event: RuleEvent,
  facts: EventFacts,
  topic: NotificationTopic | null = topicOf(event),
): Decision | null {
  if (topic === null) return null;
  const info = NOTIFICATION_TOPICS[topic];
  const capability = topicCapability(topic);
  // A receipt is for the one who acted; every other notice spares them news of their own doing.
  const receipt = 'receipt' in info && info.receipt === true;
  const notActor = (uid: string) => receipt || uid !== event.ActorUid;
  const eligible = facts.people.filter(
    (p) => p.Active && notActor(p.Uid) && (capability === undefined || can(p.RoleIds, capability)),
  );

  let people: Person[];
  if (capability !== undefined) {
    // Those of the customer who may act on it, but not the person whose order it is.
    people = eligible.filter(
      (p) =>
        event.CustomerId !== null &&
        p.CustomerId === event.CustomerId &&
        p.Uid !== facts.orderPlacedByUid,
    );
  } else if (info.audience === 'staff') {
    people = eligible.filter((p) => p.CustomerId === null && p.WorksInbox);
  } else if (event.Kind.startsWith('request.')) {
    const requester = facts.requester;
    people =
      requester == null
        ? []
        : eligible.filter(
            (p) =>
              p.Uid === requester.Uid &&
              // Tenancy: a request of a customer reaches that customer's buyer only; an access
              // request (no customer) reaches the person who asked, whatever they became.
              (event.CustomerId === null || p.CustomerId === event.CustomerId),
          );
  } else {
    // Order notices: the buyer who placed the order; when staff placed it for the customer,
    // every buyer of the customer, since no one of them asked more than the others.
    const buyers = eligible.filter(
      (p) => event.CustomerId !== null && p.CustomerId === event.CustomerId,
    );
    // An invoice is the company's to pay, not its buyer's: every one of its people hears of it.
    const placer = ACCOUNT_TOPICS.has(topic)
      ? []
      : buyers.filter((p) => p.Uid === facts.orderPlacedByUid);
    people = placer.length > 0 ? placer : buyers;
  }

  const recipients: Recipient[] = people.map((person) => ({
    to: 'person',
    person,
    channels: channelsOf(person, topic),
  }));

  const addresses: string[] = [];
  if (info.orderNotice && event.CustomerId !== null) {
    addresses.push(...(facts.customerEmailAddresses ?? []));
  }
  // An access request rejected (or approved before the record existed) still deserves an answer
  // by email: the asker has no portal record to be told in.
  if (
    topic === 'access_decided' &&
    facts.requester != null &&
    people.length === 0 &&
    !facts.people.some((p) => p.Uid === facts.requester?.Uid)
  ) {
    addresses.push(facts.requester.Email);
  }
  const told = people.map((p) => p.Email);
  for (const email of addresses) {
    // A notice address that is a person's follows that person: their choice of email, and none
    // at all when they are deactivated, the actor, or another customer's.
    const known = facts.people.find((p) => sameEmail(p.Email, email));
    if (
      known !== undefined &&
      !(
        known.Active &&
        notActor(known.Uid) &&
        known.CustomerId === event.CustomerId &&
        channelOn(known.Choices, topic, 'email')
      )
    )
      continue;
    if (!receipt && facts.actorEmail != null && sameEmail(facts.actorEmail, email)) continue;
    if (told.some((t) => sameEmail(t, email))) continue;
    told.push(email);
    recipients.push({ to: 'address', email: email.trim().toLowerCase(), channels: ['email'] });
  }
  return { topic, recipients };
}
