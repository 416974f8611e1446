import { describe, expect, it } from 'vitest';
import {
  canChangePromisedDate,
  isLineLate,
  canRecordProduction,
  canRelease,
  checkOrderTransition,
  checkReleaseTransition,
  deriveOrderStatus,
  lineFigures,
  orderActionsFor,
  releaseActionsFor,
  type Actor,
} from './order-status';
import { ORDER_STATUSES, RELEASE_STATUSES } from './status';

const ACTORS: readonly Actor[] = ['buyer', 'staff', 'approver'];

/** Every transition a person may ask for, written out by hand: `from>to` → who. */
const ALLOWED_ORDER: Record<string, readonly Actor[]> = {
  'AwaitingApproval>Submitted': ['approver'],
  'AwaitingApproval>Cancelled': ['approver', 'buyer'],
  'Submitted>Confirmed': ['staff'],
  'Submitted>Cancelled': ['buyer', 'staff'],
  'Confirmed>InProduction': ['staff'],
  'Confirmed>Cancelled': ['staff'],
  'Shipped>Closed': ['staff'],
};

describe('checkOrderTransition, for every pair of statuses and every actor', () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      for (const actor of ACTORS) {
        const allowedFor = ALLOWED_ORDER[`${from}>${to}`];
        const expected = allowedFor?.includes(actor)
          ? 'ok'
          : from === to
            ? 'unchanged'
            : to === 'Ready' || to === 'Shipped'
              ? 'derived'
              : allowedFor
                ? 'actor'
                : 'illegal';
        it(`${from} → ${to} by ${actor}: ${expected}`, () => {
          const check = checkOrderTransition(from, to, actor);
          expect(check.ok ? 'ok' : check.reason).toBe(expected);
          if (!check.ok) expect(check.message.length).toBeGreaterThan(10);
        });
      }
    }
  }

  it('explains refusals in words a person understands', () => {
    expect(checkOrderTransition('Shipped', 'Cancelled', 'staff')).toEqual({
      ok: false,
      reason: 'illegal',
      message: 'An order that is Shipped cannot become Cancelled.',
    });
    expect(checkOrderTransition('Submitted', 'Confirmed', 'buyer')).toMatchObject({
      reason: 'actor',
      message: 'Only staff can move an order from Submitted to Confirmed.',
    });
    expect(checkOrderTransition('InProduction', 'Ready', 'staff')).toMatchObject({
      reason: 'derived',
      message: expect.stringContaining('record production'),
    });
  });

  it('leaves an order that waits for approval to its approvers and its buyer, never to the plant', () => {
    expect(checkOrderTransition('AwaitingApproval', 'Confirmed', 'staff')).toMatchObject({
      reason: 'illegal',
      message: 'An order that is Awaiting approval cannot become Confirmed.',
    });
    expect(checkOrderTransition('AwaitingApproval', 'Cancelled', 'staff')).toMatchObject({
      reason: 'actor',
      message:
        "Only the customer's approvers and the buyer who placed it can move an order from Awaiting approval to Cancelled.",
    });
    expect(checkOrderTransition('AwaitingApproval', 'Submitted', 'buyer')).toMatchObject({
      reason: 'actor',
      message:
        "Only the customer's approvers can move an order from Awaiting approval to Submitted.",
    });
    expect(checkOrderTransition('Submitted', 'Confirmed', 'approver')).toMatchObject({
      reason: 'actor',
    });
  });
});

describe('orderActionsFor', () => {
  it('offers exactly the allowed transitions, with button labels', () => {
    for (const status of ORDER_STATUSES) {
      for (const actor of ACTORS) {
        const expected = Object.entries(ALLOWED_ORDER)
          .filter(([key, by]) => key.startsWith(`${status}>`) && by.includes(actor))
          .map(([key]) => key.split('>')[1]);
        expect(orderActionsFor(status, actor).map((a) => a.to)).toEqual(expected);
      }
    }
    expect(orderActionsFor('Submitted', 'buyer')).toEqual([
      { to: 'Cancelled', label: 'Cancel order' },
    ]);
    expect(orderActionsFor('Submitted', 'staff').map((a) => a.label)).toEqual([
      'Confirm order',
      'Cancel order',
    ]);
    expect(orderActionsFor('AwaitingApproval', 'buyer')).toEqual([
      { to: 'Cancelled', label: 'Withdraw order' },
    ]);
    expect(orderActionsFor('AwaitingApproval', 'approver').map((a) => a.label)).toEqual([
      'Approve order',
      'Reject order',
    ]);
    expect(orderActionsFor('AwaitingApproval', 'staff')).toEqual([]);
  });
});

describe('deriveOrderStatus', () => {
  const line = (QtyOrdered: number, QtyProduced: number, QtyShipped = 0) => ({
    QtyOrdered,
    QtyProduced,
    QtyShipped,
  });

  it('leaves orders that are not in work alone', () => {
    for (const status of ['Submitted', 'Closed', 'Cancelled'] as const) {
      expect(deriveOrderStatus(status, [line(5, 5, 5)])).toBe(status);
    }
  });

  it('keeps a confirmed order confirmed until something is produced', () => {
    expect(deriveOrderStatus('Confirmed', [line(5, 0), line(3, 0)])).toBe('Confirmed');
    expect(deriveOrderStatus('Confirmed', [line(5, 1), line(3, 0)])).toBe('InProduction');
  });

  it('is Ready when every line is fully produced, and back in production after a correction', () => {
    expect(deriveOrderStatus('InProduction', [line(5, 5), line(3, 3)])).toBe('Ready');
    expect(deriveOrderStatus('Confirmed', [line(5, 5)])).toBe('Ready');
    expect(deriveOrderStatus('Ready', [line(5, 4), line(3, 3)])).toBe('InProduction');
  });

  it('is Shipped only when every line has shipped in full', () => {
    expect(deriveOrderStatus('Ready', [line(5, 5, 5), line(3, 3, 2)])).toBe('Ready');
    expect(deriveOrderStatus('Ready', [line(5, 5, 5), line(3, 3, 3)])).toBe('Shipped');
    expect(deriveOrderStatus('Shipped', [line(5, 5, 5)])).toBe('Shipped');
  });

  it('keeps an InProduction order in production even if production was corrected to zero', () => {
    expect(deriveOrderStatus('InProduction', [line(5, 0)])).toBe('InProduction');
  });
});

describe('what may happen in each status', () => {
  it('records production from Confirmed until Ready', () => {
    expect(ORDER_STATUSES.filter(canRecordProduction)).toEqual([
      'Confirmed',
      'InProduction',
      'Ready',
    ]);
  });
  it('releases while in production or ready', () => {
    expect(ORDER_STATUSES.filter(canRelease)).toEqual(['InProduction', 'Ready']);
  });
  it('computes pending, on hand and still to produce', () => {
    const line = { QtyOrdered: 10, QtyProduced: 7, QtyReleased: 4, QtyShipped: 2 };
    expect(lineFigures(line, 'InProduction')).toEqual({ pending: 8, onHand: 3, toProduce: 3 });
  });
  it('leaves nothing pending or to produce on a cancelled order', () => {
    const line = { QtyOrdered: 300, QtyProduced: 0, QtyReleased: 0, QtyShipped: 0 };
    expect(lineFigures(line, 'Submitted')).toMatchObject({ pending: 300, toProduce: 300 });
    expect(lineFigures(line, 'Cancelled')).toEqual({ pending: 0, onHand: 0, toProduce: 0 });
  });
});

const ALLOWED_RELEASE: Record<string, readonly Actor[]> = {
  'requested>scheduled': ['staff'],
  'requested>cancelled': ['buyer', 'staff'],
  'scheduled>cancelled': ['staff'],
};

describe('checkReleaseTransition, for every pair of statuses and both actors', () => {
  for (const from of RELEASE_STATUSES) {
    for (const to of RELEASE_STATUSES) {
      for (const actor of ACTORS) {
        const allowedFor = ALLOWED_RELEASE[`${from}>${to}`];
        const expected = allowedFor?.includes(actor)
          ? 'ok'
          : from === to
            ? 'unchanged'
            : to === 'shipped'
              ? 'derived'
              : allowedFor
                ? 'actor'
                : 'illegal';
        it(`${from} → ${to} by ${actor}: ${expected}`, () => {
          const check = checkReleaseTransition(from, to, actor);
          expect(check.ok ? 'ok' : check.reason).toBe(expected);
        });
      }
    }
  }

  it('offers the buyer only the cancel of a requested release', () => {
    expect(releaseActionsFor('requested', 'buyer')).toEqual([
      { to: 'cancelled', label: 'Cancel release' },
    ]);
    expect(releaseActionsFor('scheduled', 'buyer')).toEqual([]);
    expect(releaseActionsFor('scheduled', 'staff').map((a) => a.to)).toEqual(['cancelled']);
    expect(releaseActionsFor('shipped', 'staff')).toEqual([]);
    expect(checkReleaseTransition('scheduled', 'cancelled', 'buyer')).toMatchObject({
      reason: 'actor',
      message: 'Only staff can cancel a scheduled release.',
    });
  });
});

describe('isLineLate', () => {
  const line = (promised: string | null, shipped = 0) => ({
    QtyOrdered: 10,
    QtyProduced: 10,
    QtyReleased: shipped,
    QtyShipped: shipped,
    PromisedShipDate: promised,
  });
  const today = '2030-03-10';

  it('is late only when the promised day has passed and something is pending', () => {
    expect(isLineLate(line('2030-03-09'), 'InProduction', today)).toBe(true);
    expect(isLineLate(line('2030-03-09', 9), 'Ready', today)).toBe(true);
    expect(isLineLate(line('2030-03-10'), 'InProduction', today)).toBe(false);
    expect(isLineLate(line(null), 'InProduction', today)).toBe(false);
    expect(isLineLate(line('2030-03-09', 10), 'Shipped', today)).toBe(false);
    expect(isLineLate(line('2030-03-09'), 'Cancelled', today)).toBe(false);
  });

  it('lets promised dates change from confirmation until the order has shipped', () => {
    expect(ORDER_STATUSES.filter(canChangePromisedDate)).toEqual([
      'Confirmed',
      'InProduction',
      'Ready',
    ]);
  });
});
