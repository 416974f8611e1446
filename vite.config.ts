import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { START_EMULATOR_PORT, START_PORT } from './scripts/lib/constants';
import { markdownPages } from './scripts/lib/vite-markdown';
import { leanImports } from './scripts/lib/vite-lean-imports';
import { buildInfo } from './scripts/lib/vite-build-info';

const THEME_COLOR = '#bf0d31';

/** In `npm run dev` the API and the Auth emulator run beside Vite; the page reaches both through Vite. */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? START_PORT}`;
const emulatorTarget = `http://127.0.0.1:${START_EMULATOR_PORT}`;

export default defineConfig({
  plugins: [
    markdownPages(),
    leanImports(),
    buildInfo(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels in its component's chunk: the loaders import the features' API
      // files (and their schemas), which the first load must not carry, and one chunk per page
      // keeps the requests of a navigation as they were.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // public/sw-bridge is not used: src/client/pwa owns registration through workbox-window.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/*.png', 'screenshots/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        rollupFormat: 'iife',
      },
      manifest: {
        id: '/app',
        name: 'Customer Portal',
        short_name: 'Portal',
        description: 'Place and follow orders, request quotes and track shipments.',
        lang: 'en',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Orders',
            url: '/app/order/all',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Quote request',
            url: '/app/quote-request',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        screenshots: [
          {
            src: '/screenshots/phone.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Sign-in on a phone',
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Sign-in on a desktop',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/identitytoolkit.googleapis.com': emulatorTarget,
      '/securetoken.googleapis.com': emulatorTarget,
      '/emulator': emulatorTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // For scripts/prerender.ts, which writes /app's own shell from it and then deletes it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page needs at start get a chunk of their own. Mantine has none: its
          // components (and charts, date pickers, number inputs) go with the pages that use them,
          // so the sign-in page does not load the admin screens' tables, selects and modals. Nor
          // has TanStack Query: the first load needs its client, not the observers and hooks of
          // the pages that read data, which go with those pages.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/ },
            {
              name: 'router',
              test: /node_modules[\\/]@tanstack[\\/](router-core|react-router|history|store|react-store)[\\/]/,
            },
            // Zod stays out of the first load: it comes with the pages that parse, after the
            // entry has told it not to compile (src/client/lib/zod-jitless.ts, without importing
            // it). Were it a chunk the entry imports, its schemas would be built before the
            // entry's own code runs and try `new Function`, which the CSP reports.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
