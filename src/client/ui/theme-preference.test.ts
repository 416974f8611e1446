/** The theme choice on the device: through a real IndexedDB (fake-indexeddb's, in memory). */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { ThemeName } from './theme';
import { idbColorSchemeManager, readStoredTheme, storedTheme } from './theme-preference';

/** A stored theme that answers when the test says so. */
function later() {
  let answer!: (name: ThemeName) => void;
  const promise = new Promise<ThemeName>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('the theme choice', () => {
  it('is kept on the device and read back at the next start', async () => {
    expect(await storedTheme()).toBe('LIGHT');
    idbColorSchemeManager('LIGHT').set('dark');
    await vi.waitFor(async () => expect(await storedTheme()).toBe('ONE_DARK'));
    expect(await readStoredTheme()).toBe('ONE_DARK');
  });

  it('starts with the default when the database does not answer in time', async () => {
    expect(await readStoredTheme(new Promise<ThemeName>(() => {}), 5)).toBe('LIGHT');
  });

  it('applies a stored theme that answers after the first render began', async () => {
    const stored = later();
    const manager = idbColorSchemeManager('LIGHT', stored.promise);
    const told = vi.fn();
    manager.subscribe(told);
    expect(manager.get('light')).toBe('light');
    stored.answer('ONE_DARK');
    await vi.waitFor(() => expect(told).toHaveBeenCalledWith('dark'));
    expect(manager.get('light')).toBe('dark');
  });

  it('tells a subscriber of a late theme that came before it subscribed', async () => {
    const stored = later();
    const manager = idbColorSchemeManager('LIGHT', stored.promise);
    stored.answer('ONE_DARK');
    await stored.promise;
    const told = vi.fn();
    manager.subscribe(told);
    expect(told).toHaveBeenCalledWith('dark');
  });

  it('keeps what the person chose over a stored theme that answers later', async () => {
    const stored = later();
    const manager = idbColorSchemeManager('LIGHT', stored.promise);
    const told = vi.fn();
    manager.subscribe(told);
    manager.set('light');
    stored.answer('ONE_DARK');
    await stored.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).not.toHaveBeenCalled();
    expect(manager.get('light')).toBe('light');
  });
});
