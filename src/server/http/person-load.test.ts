import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSON_LOAD, PersonLoad, PersonLoadRefusal } from './person-load';

const rules = { running: 2, waiting: 2, maxWaitMs: 1_000, reads: { limit: 3, windowSeconds: 60 } };

async function turn(load: PersonLoad, uid: string): Promise<() => void> {
  const got = await load.enter(uid);
  if (got instanceof PersonLoadRefusal) throw new Error(got.message);
  return got;
}

afterEach(() => vi.useRealTimers());

describe('PersonLoad turns', () => {
  it('runs a few at once, queues the next in order, and refuses past the queue', async () => {
    const load = new PersonLoad(rules);
    const running = [await turn(load, 'a'), await turn(load, 'a')];
    const started: number[] = [];
    const queued = [1, 2].map((n) =>
      load.enter('a').then((got) => {
        started.push(n);
        return got;
      }),
    );
    expect(load.waitingOf('a')).toBe(2);
    const refused = await load.enter('a');
    expect(refused).toBeInstanceOf(PersonLoadRefusal);
    expect((refused as PersonLoadRefusal).retryAfterSeconds).toBe(1);
    // Another person has turns of their own.
    expect(typeof (await load.enter('b'))).toBe('function');
    running[0]!();
    await queued[0];
    expect(started).toEqual([1]);
    running[1]!();
    await queued[1];
    expect(started).toEqual([1, 2]);
    expect(load.waitingOf('a')).toBe(0);
  });

  it('frees a turn once whatever calls it twice, and forgets a person with nothing left', async () => {
    const load = new PersonLoad(rules);
    const done = await turn(load, 'a');
    done();
    done();
    const again = [await turn(load, 'a'), await turn(load, 'a')];
    expect(load.waitingOf('a')).toBe(0);
    for (const d of again) d();
  });

  it('refuses a wait that lasts past maxWaitMs, and drops it from the queue', async () => {
    vi.useFakeTimers();
    const load = new PersonLoad(rules);
    await turn(load, 'a');
    await turn(load, 'a');
    const waiting = load.enter('a');
    expect(load.waitingOf('a')).toBe(1);
    await vi.advanceTimersByTimeAsync(rules.maxWaitMs);
    expect(await waiting).toBeInstanceOf(PersonLoadRefusal);
    expect(load.waitingOf('a')).toBe(0);
  });
});

describe('PersonLoad reads', () => {
  it('counts reads per person and window, and says how long to wait', () => {
    let now = 1_000_000;
    const load = new PersonLoad(rules, () => now);
    for (let n = 0; n < rules.reads.limit; n++) expect(load.countRead('a')).toBeNull();
    now += 15_000;
    const refused = load.countRead('a');
    expect(refused?.retryAfterSeconds).toBe(45);
    expect(load.countRead('b')).toBeNull();
    now += 45_000;
    expect(load.countRead('a')).toBeNull();
  });

  it('has the rules its header states', () => {
    expect(PERSON_LOAD).toMatchObject({
      running: 4,
      waiting: 16,
      reads: { limit: 1_200, windowSeconds: 60 },
    });
  });
});
