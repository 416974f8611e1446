import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterStart } from './register';

/** Whether `promise` has settled once every timer due by now has run. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('afterStart (when the service worker registers)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Stands in for the browser's requestIdleCallback: the callbacks asked for, run by the test. */
  function idleCallbacks(): Array<{ run: () => void; timeout?: number }> {
    const asked: Array<{ run: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
      asked.push({ run, timeout: options?.timeout });
      return asked.length;
    });
    return asked;
  }

  it('waits for the first page to be shown, then for an idle moment', async () => {
    vi.useFakeTimers();
    const idle = idleCallbacks();
    let show!: () => void;
    const shown = new Promise<void>((resolve) => (show = resolve));
    const started = afterStart(shown, { atTheLatestMs: 10_000, idleTimeoutMs: 2_000 });

    expect(await settledYet(started)).toBe(false);
    expect(idle).toHaveLength(0);

    show();
    expect(await settledYet(started)).toBe(false);
    expect(idle.map((i) => i.timeout)).toEqual([2_000]);

    idle[0]!.run();
    expect(await settledYet(started)).toBe(true);
  });

  it('does not wait for ever for a first page that is never shown', async () => {
    vi.useFakeTimers();
    const idle = idleCallbacks();
    void afterStart(new Promise(() => undefined), { atTheLatestMs: 10_000 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(idle).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveLength(1);
  });

  it('goes on when showing the first page failed', async () => {
    vi.useFakeTimers();
    const idle = idleCallbacks();
    void afterStart(Promise.reject(new Error('chunk failed to load')));
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveLength(1);
  });

  it('waits for the next task where the browser has no requestIdleCallback', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const started = afterStart(Promise.resolve());
    expect(await settledYet(started)).toBe(true);
  });
});
