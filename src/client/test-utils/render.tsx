/**
 * Component-test rendering (Mantine's vite-template pattern): wraps the UI in MantineProvider
 * with `env="test"` (no transitions, no portals) and installs the browser APIs jsdom lacks.
 * Files using it start with `// @vitest-environment jsdom`.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render as testingLibraryRender } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { theme } from '../ui/theme';

function installDomPolyfills() {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  Element.prototype.scrollIntoView ??= () => {};
  // Mantine's autosize Textarea re-measures when web fonts load.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
}

installDomPolyfills();
// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

export function render(ui: ReactNode) {
  return testingLibraryRender(<>{ui}</>, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    ),
  });
}
