import { describe, expect, it } from 'vitest';
import { REQUEST_ACTIONS, canTransition, transition, type RequestSide } from './request-status';
import { REQUEST_STATUSES, REQUEST_TYPES } from './status';

/**
 * Every allowed move, written out independently of the table it tests:
 * `type action side from>to`. Whatever is not here must be refused.
 */
const ALLOWED = `
quote review staff new>in_review
quote answer staff new>answered
quote answer staff in_review>answered
quote answer staff answered>answered
quote accept requester answered>closed
quote decline requester answered>closed
quote close staff new>closed
quote close staff in_review>closed
quote close staff answered>closed
quote reply staff new>in_review
quote reply staff in_review>in_review
quote reply staff answered>answered
quote write requester new>new
quote write requester in_review>in_review
quote write requester answered>answered
contact review staff new>in_review
contact reply staff new>answered
contact reply staff in_review>answered
contact reply staff answered>answered
contact write requester new>new
contact write requester in_review>in_review
contact write requester answered>in_review
contact close staff new>closed
contact close staff in_review>closed
contact close staff answered>closed
access review staff new>in_review
access approve staff new>closed
access approve staff in_review>closed
access reject staff new>closed
access reject staff in_review>closed
access reply staff new>in_review
access reply staff in_review>in_review
access write requester new>new
access write requester in_review>in_review
`
  .trim()
  .split('\n')
  .map((line) => {
    const [type, action, side, move] = line.split(' ') as [string, string, string, string];
    const [from, to] = move.split('>') as [string, string];
    return { type, action, side, from, to };
  });

/** Which side an action belongs to for a type, when the type has it at all. */
function sideOf(type: string, action: string): string | undefined {
  return ALLOWED.find((m) => m.type === type && m.action === action)?.side;
}

const SIDES: RequestSide[] = ['staff', 'requester'];

describe('request status machine', () => {
  const combinations = REQUEST_TYPES.flatMap((type) =>
    REQUEST_STATUSES.flatMap((status) =>
      REQUEST_ACTIONS.flatMap((action) => SIDES.map((side) => ({ type, status, action, side }))),
    ),
  );

  it('covers every type × status × action × side', () => {
    expect(combinations).toHaveLength(3 * 4 * 9 * 2);
  });

  it.each(combinations)('$type / $status / $action by $side', ({ type, status, action, side }) => {
    const result = transition(type, status, action, side);
    const allowed = ALLOWED.find(
      (m) => m.type === type && m.action === action && m.side === side && m.from === status,
    );
    if (allowed) {
      expect(result).toEqual({ ok: true, to: allowed.to });
      expect(canTransition(type, status, action, side)).toBe(true);
      return;
    }
    expect(result.ok).toBe(false);
    expect(canTransition(type, status, action, side)).toBe(false);
    if (result.ok) return;
    const owner = sideOf(type, action);
    const reason = owner === undefined ? 'type' : owner !== side ? 'side' : 'status';
    expect(result.reason).toBe(reason);
    expect(result.message.length).toBeGreaterThan(10);
  });

  it('lets nothing leave a closed request', () => {
    for (const type of REQUEST_TYPES) {
      for (const action of REQUEST_ACTIONS) {
        for (const side of SIDES) expect(transition(type, 'closed', action, side).ok).toBe(false);
      }
    }
  });

  it('says plainly why a move is refused', () => {
    expect(transition('quote', 'new', 'accept', 'requester')).toMatchObject({
      ok: false,
      reason: 'status',
      message: 'A quote request that is new cannot be accepted.',
    });
    expect(transition('quote', 'answered', 'accept', 'staff')).toMatchObject({
      reason: 'side',
      message: 'Only the requester can make this change to a quote request.',
    });
    expect(transition('access', 'new', 'answer', 'staff')).toMatchObject({
      reason: 'type',
      message: 'An access request cannot be answered with prices.',
    });
    expect(transition('contact', 'closed', 'reply', 'staff')).toMatchObject({
      reason: 'status',
      message: 'This contact message is closed: it cannot be replied to any more.',
    });
  });
});
