/**
 * How much of one process a single person may take (docs/decisions/037): `authenticate` asks here
 * for every request once it knows who is calling.
 *
 * - At most `running` requests of one person run at once; further ones wait their turn in a short
 *   queue of `waiting`, so a page's burst of parallel queries still succeeds, only a little later.
 *   Past the queue a request is refused at once, 429 with `Retry-After`. One person's flood then
 *   holds at most `running` requests' worth of the process, and everyone else's requests go on.
 * - Reads (GET, HEAD) count against a budget per person and window. It is kept in this process,
 *   a counter in memory: a database write per read would double the cost of every read, which is
 *   what the budget is there to protect. With N replicas a person may make N times the budget in
 *   all, which is fine: its purpose is to protect each process. Writes have their own limits in
 *   the database (rate-limit.ts), and documents a strict one there too (READ_LIMITS).
 *
 * The numbers, and why:
 *
 * - `running` 4: a page of the app sends up to about six reads at once as it opens (the caller's
 *   record, the dashboard, the unread count, a list and its filters' options); four at a time
 *   serve them in two short turns, and a script with 8 or 80 connections gets no more of the
 *   process than that.
 * - `waiting` 16: a page's burst and a second tab's together wait rather than fail; more than
 *   twenty requests in flight from one person is not a person.
 * - `reads` 1,200 a minute: a page opens with about six reads, "show more" and paging is one a
 *   click, a CSV export of 10,000 rows reads 50 pages of 200 in a few seconds, the unread count
 *   is asked every 30 s per tab. A busy person stays under 200 a minute; twenty reads a second
 *   for a whole minute is a script.
 */
import { tooMany } from './errors';

export interface PersonLoadRules {
  /** Requests of one person that run at once. */
  running: number;
  /** Requests of one person that wait for a turn; beyond them a request is refused. */
  waiting: number;
  /** How long a request may wait for its turn before it is refused instead. */
  maxWaitMs: number;
  /** Reads of one person per window. */
  reads: { limit: number; windowSeconds: number };
}

export const PERSON_LOAD: PersonLoadRules = {
  running: 4,
  waiting: 16,
  maxWaitMs: 20_000,
  reads: { limit: 1_200, windowSeconds: 60 },
};

/** Seconds a refused request is told to wait for a turn: the running ones take moments. */
const RETRY_BUSY_AFTER = 1;

interface Turns {
  running: number;
  queue: Array<{ start: () => void }>;
}

interface ReadWindow {
  start: number;
  count: number;
}

/** What a refusal says, for the answer's `Retry-After` and message. */
export class PersonLoadRefusal {
  constructor(
    readonly retryAfterSeconds: number,
    readonly message: string,
  ) {}

  toException() {
    return tooMany(this.message);
  }
}

export class PersonLoad {
  private readonly turns = new Map<string, Turns>();
  private readonly reads = new Map<string, ReadWindow>();
  private lastSweep: number;

  constructor(
    readonly rules: PersonLoadRules = PERSON_LOAD,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  /**
   * Counts one read of `uid`; a refusal once the window's budget is spent (the refused read
   * counts too, so hammering does not shorten the wait).
   */
  countRead(uid: string): PersonLoadRefusal | null {
    const now = this.now();
    const windowMs = this.rules.reads.windowSeconds * 1000;
    this.sweep(now, windowMs);
    let window = this.reads.get(uid);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.reads.set(uid, window);
    }
    window.count++;
    if (window.count <= this.rules.reads.limit) return null;
    return new PersonLoadRefusal(
      Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
      'You have made too many requests in a short time. Please wait a minute and try again.',
    );
  }

  /**
   * A turn for one request of `uid`: at once while fewer than `running` run, else after a wait in
   * the queue; a refusal when the queue is full or the wait too long. Call the returned `done`
   * once the request is answered, whatever happened.
   */
  async enter(uid: string): Promise<(() => void) | PersonLoadRefusal> {
    let turns = this.turns.get(uid);
    if (!turns) {
      turns = { running: 0, queue: [] };
      this.turns.set(uid, turns);
    }
    const done = this.doneOf(uid, turns);
    if (turns.running < this.rules.running) {
      turns.running++;
      return done;
    }
    if (turns.queue.length >= this.rules.waiting) {
      return new PersonLoadRefusal(
        RETRY_BUSY_AFTER,
        'You have too many requests running at once. Wait a moment and try again.',
      );
    }
    const queue = turns.queue;
    return new Promise((resolve) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          resolve(done);
        },
      };
      // A turn that never comes (the running requests stuck on a slow database) is refused
      // rather than held forever.
      const timer = setTimeout(() => {
        const at = queue.indexOf(entry);
        if (at >= 0) queue.splice(at, 1);
        resolve(
          new PersonLoadRefusal(
            RETRY_BUSY_AFTER,
            'Your earlier requests are still running. Wait a moment and try again.',
          ),
        );
      }, this.rules.maxWaitMs);
      queue.push(entry);
    });
  }

  /** Requests of `uid` waiting for a turn (for the tests and the bench). */
  waitingOf(uid: string): number {
    return this.turns.get(uid)?.queue.length ?? 0;
  }

  /** Hands the turn to the next in the queue, or frees it; forgets a person with nothing left. */
  private doneOf(uid: string, turns: Turns): () => void {
    let called = false;
    return () => {
      if (called) return;
      called = true;
      const next = turns.queue.shift();
      if (next) {
        // The turn passes on: `running` stays as it is.
        next.start();
        return;
      }
      turns.running--;
      if (turns.running === 0 && turns.queue.length === 0) this.turns.delete(uid);
    };
  }

  /** Drops the read windows that are over, at most once a window. */
  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < windowMs) return;
    this.lastSweep = now;
    for (const [uid, window] of this.reads) {
      if (now - window.start >= windowMs) this.reads.delete(uid);
    }
  }
}
