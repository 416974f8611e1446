// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnline } from './use-online';

let renders = 0;
function Status() {
  renders++;
  return <p>{useOnline() ? 'online' : 'offline'}</p>;
}

/** The browser's connection drops or returns, as it tells the page. */
function connection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
  renders = 0;
});

describe('useOnline', () => {
  it('says offline from the first render when the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { container } = render(<Status />);
    expect(container.textContent).toBe('offline');
    expect(renders).toBe(1);
  });

  it('renders once when it appears, with nothing changed', () => {
    const { container } = render(<Status />);
    expect(container.textContent).toBe('online');
    expect(renders).toBe(1);
  });

  it("follows the browser's offline and online events", () => {
    const { container } = render(<Status />);
    act(() => connection(false));
    expect(container.textContent).toBe('offline');
    act(() => connection(true));
    expect(container.textContent).toBe('online');
  });
});
