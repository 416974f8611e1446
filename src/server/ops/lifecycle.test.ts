import { describe, expect, it } from 'vitest';
import { ProcessLifecycle } from './lifecycle';

describe('ProcessLifecycle', () => {
  it('goes from starting to ready to draining, never back to ready', () => {
    const lifecycle = new ProcessLifecycle();
    expect(lifecycle.state()).toBe('starting');
    lifecycle.ready();
    expect(lifecycle.state()).toBe('ready');
    lifecycle.drain();
    lifecycle.ready();
    expect(lifecycle.state()).toBe('draining');
  });

  it('stops background work in the order it was added, each once, past a failing one', async () => {
    const lifecycle = new ProcessLifecycle();
    const stopped: string[] = [];
    lifecycle.addBackgroundWork({ name: 'housekeeping', stop: () => void stopped.push('a') });
    lifecycle.addBackgroundWork({
      name: 'broken',
      stop: () => {
        throw new Error('stuck');
      },
    });
    lifecycle.addBackgroundWork({
      name: 'dispatcher',
      stop: async () => {
        await Promise.resolve();
        stopped.push('c');
      },
    });
    const failures: string[] = [];
    await lifecycle.stopBackgroundWork((name) => failures.push(name));
    await lifecycle.stopBackgroundWork((name) => failures.push(name));
    expect(stopped).toEqual(['a', 'c']);
    expect(failures).toEqual(['broken']);
  });
});
