import { describe, expect, it } from 'vitest';
import { topicOf } from '../../shared/notifications';
import { decide, type EventFacts, type Person, type RuleEvent } from './rules';

const ACME = 1;
const GLOBEX = 2;

function person(uid: string, over: Partial<Person> = {}): Person {
  return {
    UserId: uid.length,
    Uid: uid,
    Email: `${uid}@example.test`,
    Active: true,
    CustomerId: null,
    RoleIds: over.CustomerId != null ? [3] : [1],
    WorksInbox: false,
    Choices: {},
    ...over,
  };
}

const admin = person('admin', { WorksInbox: true });
const webAdmin = person('webadmin', { WorksInbox: true });
const rep = person('rep');
const acmeBuyer = person('acme-buyer', { CustomerId: ACME });
const acmeOther = person('acme-other', { CustomerId: ACME });
const globexBuyer = person('globex-buyer', { CustomerId: GLOBEX });
const everyone = [admin, webAdmin, rep, acmeBuyer, acmeOther, globexBuyer];

function event(over: Partial<RuleEvent>): RuleEvent {
  return {
    Kind: 'shipment.recorded',
    ByStaff: true,
    Data: {},
    ActorUid: 'admin',
    CustomerId: ACME,
    ...over,
  };
}

const shipped = event({});
const orderFacts: EventFacts = {
  people: everyone,
  orderPlacedByUid: 'acme-buyer',
  customerEmailAddresses: ['orders@acme.test', 'ACME-BUYER@example.test'],
};

/** uid or address of each recipient, with its channels. */
function summary(e: RuleEvent, facts: EventFacts) {
  return (decide(e, facts)?.recipients ?? []).map((r) =>
    r.to === 'person' ? [r.person.Uid, r.channels] : [r.email, r.channels],
  );
}

describe('topics', () => {
  it('names the news of each kind, and none for bookkeeping', () => {
    expect(topicOf(shipped)).toBe('shipment_recorded');
    expect(topicOf(event({ Kind: 'order.cancelled', ByStaff: true }))).toBe('order_cancelled');
    expect(topicOf(event({ Kind: 'order.cancelled', ByStaff: false }))).toBeNull();
    expect(topicOf(event({ Kind: 'request.message', Data: { FromStaff: true } }))).toBe(
      'request_reply',
    );
    expect(topicOf(event({ Kind: 'request.message', Data: { FromStaff: false } }))).toBe(
      'buyer_reply',
    );
    expect(
      topicOf(event({ Kind: 'request.message', Data: { FromStaff: true, Automatic: true } })),
    ).toBeNull();
    expect(topicOf(event({ Kind: 'order_line.quantity_moved' }))).toBeNull();
    expect(topicOf(event({ Kind: 'address.updated' }))).toBeNull();
    expect(decide(event({ Kind: 'release.shipped' }), orderFacts)).toBeNull();
  });
});

describe('approval notices', () => {
  const approver = person('acme-approver', { CustomerId: ACME, RoleIds: [6] });
  const buyingApprover = person('acme-buying-approver', { CustomerId: ACME, RoleIds: [3, 6] });
  const viewer = person('acme-viewer', { CustomerId: ACME, RoleIds: [7] });
  const globexApprover = person('globex-approver', { CustomerId: GLOBEX, RoleIds: [6] });
  const people = [...everyone, approver, buyingApprover, viewer, globexApprover];

  it('ask the customer’s approvers, never the buyer who placed it, a viewer, staff or another customer', () => {
    const waiting = event({
      Kind: 'order.awaiting_approval',
      ByStaff: false,
      ActorUid: 'acme-buyer',
    });
    const facts: EventFacts = {
      people,
      orderPlacedByUid: 'acme-buyer',
      customerEmailAddresses: ['orders@acme.test'],
    };
    expect(summary(waiting, facts)).toEqual([
      ['acme-approver', ['inApp', 'email', 'push']],
      ['acme-buying-approver', ['inApp', 'email', 'push']],
    ]);
    // An approver who placed it is not asked to approve it.
    const own = event({
      Kind: 'order.awaiting_approval',
      ByStaff: false,
      ActorUid: 'acme-buying-approver',
    });
    expect(
      summary(own, { ...facts, orderPlacedByUid: 'acme-buying-approver' }).map(([who]) => who),
    ).toEqual(['acme-approver']);
  });

  it('tell the buyer who placed it of the decision, and nobody else', () => {
    const approved = event({ Kind: 'order.approved', ByStaff: false, ActorUid: 'acme-approver' });
    const facts: EventFacts = {
      people,
      orderPlacedByUid: 'acme-buyer',
      customerEmailAddresses: ['orders@acme.test'],
    };
    expect(summary(approved, facts)).toEqual([['acme-buyer', ['inApp', 'email', 'push']]]);
  });
});

describe('order notices', () => {
  it('reach the buyer who placed the order and the customer’s other notice addresses', () => {
    expect(summary(shipped, orderFacts)).toEqual([
      ['acme-buyer', ['inApp', 'email', 'push']],
      ['orders@acme.test', ['email']],
    ]);
  });

  it('reach every buyer of the customer when staff placed the order', () => {
    const facts = { ...orderFacts, orderPlacedByUid: 'admin' };
    expect(summary(shipped, facts).map(([who]) => who)).toEqual([
      'acme-buyer',
      'acme-other',
      'orders@acme.test',
    ]);
  });

  it('never reach the actor, a deactivated buyer or another customer’s user', () => {
    const facts: EventFacts = {
      people: [...everyone, person('acme-gone', { CustomerId: ACME, Active: false })],
      orderPlacedByUid: 'admin',
      // Another customer's user and a deactivated one listed as notice addresses by mistake.
      customerEmailAddresses: ['globex-buyer@example.test', 'acme-gone@example.test'],
    };
    const told = summary(event({ ActorUid: 'acme-other', ByStaff: false }), facts).map(
      ([who]) => who,
    );
    expect(told).toEqual(['acme-buyer']);
  });

  it('never send a notice address that is the actor’s own', () => {
    const facts = { ...orderFacts, actorEmail: 'orders@acme.test' };
    expect(summary(shipped, facts).map(([who]) => who)).toEqual(['acme-buyer']);
  });

  it('tell no staff of a buyer’s order news', () => {
    const told = summary(shipped, orderFacts).map(([who]) => who);
    expect(told).not.toContain('webadmin');
    expect(told).not.toContain('rep');
  });

  it('honour the person’s choices, with the topic’s defaults for what they left alone', () => {
    const quiet = { ...acmeBuyer, Choices: { shipment_recorded: { email: false } } };
    const facts = { ...orderFacts, people: [quiet], customerEmailAddresses: [] };
    expect(summary(shipped, facts)).toEqual([['acme-buyer', ['inApp', 'push']]]);
    const production = event({ Kind: 'order_line.production_recorded' });
    // Production is recorded often: no email unless asked for, and not to notice addresses.
    expect(summary(production, orderFacts)).toEqual([['acme-buyer', ['inApp', 'push']]]);
    const asked = { ...acmeBuyer, Choices: { production_recorded: { email: true, push: false } } };
    expect(summary(production, { ...orderFacts, people: [asked] })).toEqual([
      ['acme-buyer', ['inApp', 'email']],
    ]);
  });

  it('send a notice address that is a buyer’s only as that buyer chose', () => {
    const noEmail = { ...acmeOther, Choices: { shipment_recorded: { email: false } } };
    const facts: EventFacts = {
      people: [acmeBuyer, noEmail],
      orderPlacedByUid: 'acme-buyer',
      customerEmailAddresses: ['acme-other@example.test'],
    };
    expect(summary(shipped, facts).map(([who]) => who)).toEqual(['acme-buyer']);
    const facts2 = { ...facts, people: [acmeBuyer, acmeOther] };
    expect(summary(shipped, facts2).map(([who]) => who)).toEqual([
      'acme-buyer',
      'acme-other@example.test',
    ]);
  });
});

describe('staff notices', () => {
  it('reach the active staff who work the inbox, never the actor or buyers', () => {
    const facts: EventFacts = {
      people: [...everyone, person('old-admin', { WorksInbox: true, Active: false })],
      orderPlacedByUid: 'acme-buyer',
      customerEmailAddresses: ['orders@acme.test'],
    };
    const placed = event({ Kind: 'order.placed', ActorUid: 'acme-buyer', ByStaff: false });
    expect(summary(placed, facts).map(([who]) => who)).toEqual(['admin', 'webadmin']);
    const byStaff = event({ Kind: 'order.placed', ActorUid: 'admin' });
    expect(summary(byStaff, facts).map(([who]) => who)).toEqual(['webadmin']);
  });

  it('tell staff of a buyer’s reply and of a quote decision', () => {
    const facts: EventFacts = { people: everyone, requester: { Uid: 'acme-buyer', Email: 'x' } };
    const reply = event({
      Kind: 'request.message',
      ActorUid: 'acme-buyer',
      ByStaff: false,
      Data: { FromStaff: false },
    });
    expect(summary(reply, facts).map(([who]) => who)).toEqual(['admin', 'webadmin']);
    const accepted = event({ Kind: 'request.accepted', ActorUid: 'acme-buyer', ByStaff: false });
    expect(decide(accepted, facts)?.topic).toBe('quote_decided');
  });
});

describe('request notices', () => {
  const requestFacts: EventFacts = {
    people: everyone,
    requester: { Uid: 'acme-buyer', Email: 'acme-buyer@example.test' },
  };

  it('reach the requester only', () => {
    const quoted = event({ Kind: 'request.quoted' });
    expect(summary(quoted, requestFacts)).toEqual([['acme-buyer', ['inApp', 'email', 'push']]]);
  });

  it('never reach a requester of another customer', () => {
    const foreign = event({ Kind: 'request.quoted', CustomerId: GLOBEX });
    expect(summary(foreign, requestFacts)).toEqual([]);
  });

  it('answer a rejected access request by email when the asker has no record', () => {
    const rejected = event({ Kind: 'request.rejected', CustomerId: null });
    const facts: EventFacts = {
      people: everyone,
      requester: { Uid: 'newcomer', Email: 'Newcomer@NewCo.test' },
    };
    expect(summary(rejected, facts)).toEqual([['newcomer@newco.test', ['email']]]);
  });

  it('tell an approved asker in the app, whatever customer they were given', () => {
    const approved = event({ Kind: 'request.approved', CustomerId: null });
    const newcomer = person('newcomer', { CustomerId: GLOBEX });
    const facts: EventFacts = {
      people: [...everyone, newcomer],
      requester: { Uid: 'newcomer', Email: newcomer.Email },
    };
    expect(summary(approved, facts)).toEqual([['newcomer', ['inApp', 'email']]]);
  });

  it('tell a deactivated requester nothing, not even by email', () => {
    const gone = person('gone', { CustomerId: ACME, Active: false });
    const facts: EventFacts = {
      people: [gone],
      requester: { Uid: 'gone', Email: gone.Email },
    };
    expect(summary(event({ Kind: 'request.quoted' }), facts)).toEqual([]);
    expect(summary(event({ Kind: 'request.rejected', CustomerId: null }), facts)).toEqual([]);
  });
});

describe('the acknowledgement of an order', () => {
  const placedBy = (actor: string, ByStaff = false) =>
    event({ Kind: 'order.placed', ByStaff, ActorUid: actor });

  it('reaches the buyer who placed it, as their receipt, and the customer’s notice addresses', () => {
    expect(
      (decide(placedBy('acme-buyer'), orderFacts, 'order_received')?.recipients ?? []).map((r) =>
        r.to === 'person' ? r.person.Uid : r.email,
      ),
    ).toEqual(['acme-buyer', 'orders@acme.test']);
    // Staff hear of the same event as a new order, and the buyer does not.
    expect(
      (decide(placedBy('acme-buyer'), orderFacts, 'new_order')?.recipients ?? []).map((r) =>
        r.to === 'person' ? r.person.Uid : r.email,
      ),
    ).toEqual(['admin', 'webadmin']);
  });

  it('reaches every buyer of the customer when staff placed it, never another customer', () => {
    const recipients = (
      decide(
        placedBy('admin', true),
        { ...orderFacts, orderPlacedByUid: 'admin' },
        'order_received',
      )?.recipients ?? []
    ).map((r) => (r.to === 'person' ? r.person.Uid : r.email));
    expect(recipients).toEqual(['acme-buyer', 'acme-other', 'orders@acme.test']);
  });
});

describe('account notices', () => {
  it("reach every one of the customer's people, whoever placed the order billed, and no notice address", () => {
    const viewer = person('acme-viewer', { CustomerId: ACME, RoleIds: [7] });
    const facts = { ...orderFacts, people: [...everyone, viewer] };
    const issued = event({ Kind: 'invoice.issued', ActorUid: 'client:1' });
    expect(topicOf(issued)).toBe('invoice_issued');
    expect(summary(issued, facts)).toEqual([
      ['acme-buyer', ['inApp', 'email']],
      ['acme-other', ['inApp', 'email']],
      ['acme-viewer', ['inApp', 'email']],
    ]);
    const overdue = event({ Kind: 'invoice.overdue', ActorUid: 'system:invoice-reminders' });
    expect(topicOf(overdue)).toBe('invoice_overdue');
    expect(summary(overdue, facts).map(([who]) => who)).toEqual([
      'acme-buyer',
      'acme-other',
      'acme-viewer',
    ]);
    expect(topicOf(event({ Kind: 'invoice.due_soon' }))).toBe('invoice_due_soon');
    expect(topicOf(event({ Kind: 'payment.received' }))).toBeNull();
  });
});
