import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRouteData, loadSearchData } from './route-data';

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

describe('loadSearchData', () => {
  it('waits for the loads when the page is opened or preloaded', async () => {
    onlineManager.setOnline(true);
    for (const cause of ['enter', 'preload'] as const) {
      let finish!: () => void;
      let settled = false;
      const loading = loadSearchData(
        cause,
        () => new Promise<void>((resolve) => (finish = resolve)),
      );
      void loading.then(() => (settled = true));
      await Promise.resolve();
      await Promise.resolve();
      expect(settled).toBe(false);
      finish();
      await loading;
      expect(settled).toBe(true);
    }
  });

  it('starts the loads but does not wait when only the search changed on the page', async () => {
    onlineManager.setOnline(true);
    const load = vi.fn(() => new Promise<never>(() => {}));
    const failing = vi.fn(() => Promise.reject(new Error('refused')));
    await expect(loadSearchData('stay', load, failing)).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledOnce();
    expect(failing).toHaveBeenCalledOnce();
  });

  it('offline, starts nothing, as loadRouteData does', async () => {
    onlineManager.setOnline(false);
    const load = vi.fn(() => Promise.resolve());
    await loadSearchData('stay', load);
    await loadSearchData('enter', load);
    expect(load).not.toHaveBeenCalled();
  });
});
