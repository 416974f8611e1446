import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { markdownPages } from './scripts/lib/vite-markdown';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), markdownPages()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup-unit.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
