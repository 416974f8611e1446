// Component tests opt in to a DOM with `// @vitest-environment jsdom` at the top of the file.
import { afterEach } from 'vitest';

// Test files share one module graph (isolate: false), so Testing Library's own clean-up, which
// registers once when its module first loads, would serve the first file only.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
