import { describe, expect, it } from 'vitest';
import { actorLine, actsInCustomersPlace, describeEvent, recordName } from './activity';

describe('describeEvent', () => {
  it('tells a shipment by its quantity, carrier and tracking number', () => {
    expect(
      describeEvent('shipment.recorded', {
        Qty: 1200,
        Carrier: 'UPS',
        TrackingNumber: '1Z999AA10123456784',
      }),
    ).toBe('Shipped 1,200 by UPS, tracking number 1Z999AA10123456784');
  });

  it('names the line, its new promise, the old one and the reason', () => {
    expect(
      describeEvent('order_line.promised_date_changed', {
        LineNumber: 2,
        ItemNumber: 'ACM-1001',
        PromisedShipDate: '2026-12-04',
        Was: '2026-11-30',
        Reason: 'Board arrives late',
      }),
    ).toBe('Promised line 2 (ACM-1001) for 4 Dec 2026 (was 30 Nov 2026): Board arrives late');
  });

  it('adds a status note when there is one', () => {
    expect(describeEvent('order.cancelled', { Note: 'Duplicate order' })).toBe(
      'Cancelled the order: Duplicate order',
    );
    expect(describeEvent('order.cancelled', { Note: '' })).toBe('Cancelled the order');
  });

  it('tells an order over a limit, its approval, rejection and withdrawal', () => {
    expect(
      describeEvent('order.awaiting_approval', {
        LineCount: 2,
        PoNumber: 'PO-9',
        OrderValue: 660_000,
        Currency: 'USD',
        Over: 'order',
        Limit: 500_000,
      }),
    ).toBe(
      'Placed the order with 2 lines, PO PO-9: worth $6,600.00, it is over the $5,000.00 limit per order, so it waits for approval',
    );
    expect(
      describeEvent('order.awaiting_approval', { OrderValue: 100, Over: 'month', Limit: 50 }),
    ).toBe(
      'Placed the order: worth $1.00, it is over the $0.50 monthly limit, so it waits for approval',
    );
    expect(describeEvent('order.approved', { Reason: 'Budget agreed' })).toBe(
      'Approved the order: Budget agreed',
    );
    expect(describeEvent('order.rejected', { Reason: 'Too much' })).toBe(
      'Rejected the order: Too much',
    );
    expect(describeEvent('order.withdrawn', { Note: '' })).toBe(
      'Withdrew the order while it waited for approval',
    );
    expect(describeEvent('order.placed', { AfterApproval: true })).toBe(
      'Sent the approved order to the plant',
    );
  });

  it('says what it can from missing or odd facts, and falls back to the label, then the kind', () => {
    expect(describeEvent('release.scheduled', { Qty: 'lots' })).toBe('Scheduled release');
    expect(describeEvent('customer.updated', {})).toBe('Customer changed');
    expect(describeEvent('something.new', {})).toBe('something.new');
  });
});

describe('actorLine', () => {
  const staff = {
    Kind: 'order.placed',
    ActorName: 'Sam Ortiz',
    ByStaff: true,
    OnBehalf: true,
    ByClient: false,
  };

  it("tells a buyer that staff acted on the company's behalf", () => {
    expect(actorLine(staff, 'buyer')).toBe('by Sam Ortiz, plant staff, on your behalf');
    expect(actorLine(staff, 'staff')).toBe('by Sam Ortiz, plant staff, for the customer');
  });

  it("names buyers and staff's own changes plainly", () => {
    expect(
      actorLine(
        {
          Kind: 'order.placed',
          ActorName: 'Alex Kim',
          ByStaff: false,
          OnBehalf: false,
          ByClient: false,
        },
        'buyer',
      ),
    ).toBe('by Alex Kim');
    expect(actorLine({ ...staff, OnBehalf: false }, 'buyer')).toBe('by Sam Ortiz, plant staff');
    expect(actorLine({ ...staff, ActorName: 'System' }, 'buyer')).toBe('by System');
    // A customer's person, with their company: whoever reads it knows whose side acted.
    expect(
      actorLine(
        {
          Kind: 'release.requested',
          ActorName: 'Dana Lee',
          ActorCompany: 'Acme Packaging',
          ByStaff: false,
          OnBehalf: false,
          ByClient: false,
        },
        'staff',
      ),
    ).toBe('by Dana Lee, Acme Packaging');
  });

  it("tells a buyer the plant's system acted, and names the client to staff", () => {
    const client = {
      Kind: 'order.confirmed',
      ActorName: 'ERP production',
      ByStaff: true,
      OnBehalf: true,
      ByClient: true,
    };
    expect(actorLine(client, 'buyer')).toBe("by the plant's system (ERP production)");
    expect(actorLine(client, 'staff')).toBe("by ERP production, the plant's system");
  });
});

describe('who acted, for each kind of actor', () => {
  const staff = { ActorName: 'Sam Ortiz', ByStaff: true, OnBehalf: true, ByClient: false };
  const buyer = { ActorName: 'Alex Kim', ByStaff: false, OnBehalf: false, ByClient: false };

  it("says 'on your behalf' only of what staff did in the buyer's place", () => {
    for (const kind of [
      'order.placed',
      'order.awaiting_approval',
      'order.withdrawn',
      'release.requested',
      'request.created',
      'request.accepted',
    ]) {
      expect(actsInCustomersPlace(kind), kind).toBe(true);
      expect(actorLine({ ...staff, Kind: kind }, 'buyer'), kind).toBe(
        'by Sam Ortiz, plant staff, on your behalf',
      );
    }
  });

  it("tells the plant's own work as the plant's, whatever was stored", () => {
    for (const kind of [
      'order.confirmed',
      'order.in_production',
      'order_line.promised_date_changed',
      'order_line.production_recorded',
      'release.scheduled',
      'shipment.recorded',
      'order.closed',
      'request.quoted',
    ]) {
      expect(actsInCustomersPlace(kind), kind).toBe(false);
      // An event stored before the rule still read OnBehalf: the line follows the kind.
      expect(actorLine({ ...staff, Kind: kind }, 'buyer'), kind).toBe('by Sam Ortiz, plant staff');
      expect(actorLine({ ...staff, Kind: kind }, 'staff'), kind).toBe('by Sam Ortiz, plant staff');
    }
  });

  it("names a customer's person, the portal's jobs and the plant's system for what they are", () => {
    expect(actorLine({ ...buyer, Kind: 'order.placed' }, 'buyer')).toBe('by Alex Kim');
    expect(
      actorLine({ ...buyer, Kind: 'order.approved', ActorCompany: 'Acme Packaging' }, 'staff'),
    ).toBe('by Alex Kim, Acme Packaging');
    expect(actorLine({ ...staff, Kind: 'order.placed', ActorName: 'System' }, 'buyer')).toBe(
      'by System',
    );
    const plant = { ...staff, Kind: 'shipment.recorded', ActorName: 'ERP', ByClient: true };
    expect(actorLine(plant, 'buyer')).toBe("by the plant's system (ERP)");
    expect(actorLine(plant, 'staff')).toBe("by ERP, the plant's system");
  });
});

describe('the integration events', () => {
  it('say the ERP number an order was given, and what changed on a shipment', () => {
    expect(describeEvent('order.erp_linked', { ExternalId: '4500123' })).toBe(
      'Numbered the order ERP 4500123',
    );
    expect(
      describeEvent('shipment.updated', { ShipmentId: 7, Carrier: 'UPS', TrackingNumber: '1Z9' }),
    ).toBe('Updated shipment #7: UPS, tracking number 1Z9');
    // A shipment is named as buyers name it, by its order's number and its place in the order.
    expect(
      describeEvent('shipment.updated', {
        ShipmentId: 7,
        ShipmentNumber: '100024-2',
        Carrier: 'UPS',
      }),
    ).toBe('Updated shipment 100024-2: UPS');
    expect(
      describeEvent('shipment.proof_attached', { ShipmentId: 7, ShipmentNumber: '100024-1' }),
    ).toBe('Attached a proof of delivery to shipment 100024-1');
    // So is a release, in every move of its machine; one from before numbers keeps its id.
    expect(
      describeEvent('release.scheduled', {
        ReleaseId: 9,
        ReleaseNumber: '100024-R2',
        Qty: 60,
        RequestedShipDate: '2030-03-22',
      }),
    ).toBe('Scheduled release 100024-R2 (60) for 22 Mar 2030');
    expect(describeEvent('release.cancelled', { ReleaseId: 9, ReleaseNumber: '100024-R2' })).toBe(
      'Cancelled release 100024-R2',
    );
    expect(
      describeEvent('release.shipped', {
        ReleaseId: 9,
        ReleaseNumber: '100024-R2',
        ShipmentNumber: '100024-1',
        Qty: 60,
      }),
    ).toBe('Shipped release 100024-R2 (60) in shipment 100024-1');
    expect(describeEvent('release.cancelled', { ReleaseId: 9, Qty: 60 })).toBe(
      'Cancelled release #9 (60)',
    );
  });
});

describe('recordName', () => {
  const named = (Entity: string, Data: Record<string, unknown>, After?: Record<string, unknown>) =>
    recordName({ Entity, EntityId: '41', Data, After: After ?? null });

  it("names what changed in the portal's words, not by table and row id", () => {
    expect(named('orders', { OrderNumber: 100027 })).toBe('order 100027');
    expect(
      named('order_lines', { OrderNumber: 100027, LineNumber: 2, ItemNumber: 'ACM-1003' }),
    ).toBe('order 100027 line 2, item ACM-1003');
    expect(named('shipments', { OrderNumber: 100027, ShipmentNumber: '100027-1' })).toBe(
      'shipment 100027-1',
    );
    // A release is named like a shipment, by its order's number and its place in the order, with
    // an "R" so that it never reads as the order's shipment of the same place.
    expect(
      named('releases', { OrderNumber: 100027, ReleaseId: 41, ReleaseNumber: '100027-R2' }),
    ).toBe('release 100027-R2');
    expect(named('catalog_items', { ItemNumber: 'ACM-1003' })).toBe('item ACM-1003');
    expect(named('customers', { CustomerCode: 'ACME' })).toBe('customer ACME');
    expect(named('users', { Email: 'dana@acme.test' })).toBe('user dana@acme.test');
    expect(named('order_lists', {}, { Name: 'Weekly boxes' })).toBe('saved list “Weekly boxes”');
    expect(named('ship_to_addresses', { Name: 'Dock 4' })).toBe('address “Dock 4”');
    expect(named('requests', { Subject: 'Pallet labels' })).toBe('request “Pallet labels”');
    expect(named('integration_keys', { Client: 'ERP', Prefix: 'cp_ab12' })).toBe(
      'API key cp_ab12… of ERP',
    );
  });

  it('still says what kind of record it was when the facts are missing', () => {
    expect(named('orders', {})).toBe('order #41');
    expect(named('shipments', { OrderNumber: 100027 })).toBe('order 100027 shipment #41');
    expect(named('releases', { OrderNumber: 100027, ReleaseId: 41 })).toBe(
      'order 100027 release #41',
    );
    expect(named('something_new', {})).toBe('something new #41');
  });
});
