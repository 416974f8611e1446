import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRouteData } from './route-data';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('loadRouteData', () => {
  it('online, waits until every load has settled', async () => {
    onlineManager.setOnline(true);
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    let settled = false;
    const loading = loadRouteData(
      () => slow,
      () => Promise.resolve('fast'),
    ).then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await loading;
    expect(settled).toBe(true);
  });

  it('online, leaves a failed load to the page: it resolves, neither throws nor rejects', async () => {
    onlineManager.setOnline(true);
    await expect(
      loadRouteData(
        () => Promise.reject(new Error('404')),
        () => {
          throw new Error('at once');
        },
      ),
    ).resolves.toBeUndefined();
  });

  it('offline, starts no load and resolves at once', async () => {
    onlineManager.setOnline(false);
    const load = vi.fn(() => new Promise<never>(() => {}));
    await expect(loadRouteData(load)).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('offline by the browser alone (a reload without a connection), starts no load', async () => {
    onlineManager.setOnline(true);
    vi.stubGlobal('navigator', { onLine: false });
    const load = vi.fn(() => new Promise<never>(() => {}));
    await expect(loadRouteData(load)).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('stops waiting when the connection drops while a load is paused', async () => {
    onlineManager.setOnline(true);
    const loading = loadRouteData(() => new Promise<never>(() => {}));
    onlineManager.setOnline(false);
    await expect(loading).resolves.toBeUndefined();
  });
});
