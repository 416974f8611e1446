// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnline } from './use-online';

let renders = 0;
function Status() {
  renders++;
  return <p>{useOnline() ? 'online' : 'offline'}</p>;
}

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
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
    act(() => goOffline(true));
    expect(container.textContent).toBe('offline');
    act(() => goOffline(false));
    expect(container.textContent).toBe('online');
  });
});
