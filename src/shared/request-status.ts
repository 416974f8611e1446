/**
 * The status machine of requests: new → in_review → answered → closed, per type, and who may make
 * each move. The server enforces it (409 for an illegal move, 403 for the wrong side); the screens
 * use it to offer only the actions that would succeed.
 *
 * - quote: staff review and answer with prices (again while answered, to revise them); the
 *   customer accepts or declines the answer, which closes it; staff may close it at any time.
 * - contact: a staff reply is the answer; the requester writing back reopens it for review.
 * - access: staff approve or reject it, which closes it at once (the decision is final and leaves
 *   nothing to wait for); it cannot be closed without a decision, so nobody is left in limbo.
 *
 * Messages are moves too: `reply` (staff) and `write` (requester) keep or advance the status.
 * Nothing moves a closed request, and nobody writes on one.
 */
import type { RequestStatus, RequestType } from './status';

export const REQUEST_ACTIONS = [
  'review',
  'answer',
  'accept',
  'decline',
  'approve',
  'reject',
  'close',
  'reply',
  'write',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** Staff work the inbox; the requester side is the person who asked (and, for a customer's requests, its buyers). */
export type RequestSide = 'staff' | 'requester';

interface Move {
  readonly by: RequestSide;
  /** from → to; a status not listed cannot make this move. */
  readonly moves: Partial<Record<RequestStatus, RequestStatus>>;
}

const STAFF_CLOSE: Move = {
  by: 'staff',
  moves: { new: 'closed', in_review: 'closed', answered: 'closed' },
};
const REVIEW: Move = { by: 'staff', moves: { new: 'in_review' } };

export const REQUEST_TRANSITIONS: Readonly<
  Record<RequestType, Partial<Record<RequestAction, Move>>>
> = {
  quote: {
    review: REVIEW,
    answer: {
      by: 'staff',
      moves: { new: 'answered', in_review: 'answered', answered: 'answered' },
    },
    accept: { by: 'requester', moves: { answered: 'closed' } },
    decline: { by: 'requester', moves: { answered: 'closed' } },
    close: STAFF_CLOSE,
    reply: {
      by: 'staff',
      moves: { new: 'in_review', in_review: 'in_review', answered: 'answered' },
    },
    // Questions about an answered quote keep it answered: the customer may still accept it.
    write: { by: 'requester', moves: { new: 'new', in_review: 'in_review', answered: 'answered' } },
  },
  contact: {
    review: REVIEW,
    reply: { by: 'staff', moves: { new: 'answered', in_review: 'answered', answered: 'answered' } },
    // A follow-up question after the answer needs staff again.
    write: {
      by: 'requester',
      moves: { new: 'new', in_review: 'in_review', answered: 'in_review' },
    },
    close: STAFF_CLOSE,
  },
  access: {
    review: REVIEW,
    approve: { by: 'staff', moves: { new: 'closed', in_review: 'closed' } },
    reject: { by: 'staff', moves: { new: 'closed', in_review: 'closed' } },
    reply: { by: 'staff', moves: { new: 'in_review', in_review: 'in_review' } },
    write: { by: 'requester', moves: { new: 'new', in_review: 'in_review' } },
  },
};

export type TransitionResult =
  | { readonly ok: true; readonly to: RequestStatus }
  | {
      readonly ok: false;
      /** `side`: the other side makes this move (403); `type` / `status`: not possible (409). */
      readonly reason: 'type' | 'side' | 'status';
      readonly message: string;
    };

const TYPE_NAMES: Record<RequestType, { name: string; article: string }> = {
  quote: { name: 'quote request', article: 'A' },
  contact: { name: 'contact message', article: 'A' },
  access: { name: 'access request', article: 'An' },
};

export const STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'New',
  in_review: 'In review',
  answered: 'Answered',
  closed: 'Closed',
};

const ACTION_NAMES: Record<RequestAction, string> = {
  review: 'taken into review',
  answer: 'answered with prices',
  accept: 'accepted',
  decline: 'declined',
  approve: 'approved',
  reject: 'rejected',
  close: 'closed',
  reply: 'replied to',
  write: 'written on',
};

/** The status after `side` makes `action` on a request of `type` in `status`, or why it cannot. */
export function transition(
  type: RequestType,
  status: RequestStatus,
  action: RequestAction,
  side: RequestSide,
): TransitionResult {
  const move = REQUEST_TRANSITIONS[type][action];
  const { name: what, article } = TYPE_NAMES[type];
  if (!move) {
    return {
      ok: false,
      reason: 'type',
      message: `${article} ${what} cannot be ${ACTION_NAMES[action]}.`,
    };
  }
  if (move.by !== side) {
    const who = move.by === 'staff' ? 'Only staff' : 'Only the requester';
    return {
      ok: false,
      reason: 'side',
      message: `${who} can make this change to ${article.toLowerCase()} ${what}.`,
    };
  }
  const to = move.moves[status];
  if (to === undefined) {
    const label = STATUS_LABELS[status].toLowerCase();
    return {
      ok: false,
      reason: 'status',
      message:
        status === 'closed'
          ? `This ${what} is closed: it cannot be ${ACTION_NAMES[action]} any more.`
          : `${article} ${what} that is ${label} cannot be ${ACTION_NAMES[action]}.`,
    };
  }
  return { ok: true, to };
}

/** Whether `side` may make `action` now: what a screen asks before offering a button. */
export function canTransition(
  type: RequestType,
  status: RequestStatus,
  action: RequestAction,
  side: RequestSide,
): boolean {
  return transition(type, status, action, side).ok;
}
