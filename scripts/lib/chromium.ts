import { existsSync } from 'node:fs';

/** Debian's Chromium, driven by Playwright (which never downloads a browser here). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same Blink and V8 as the browser above, without the
 * browser's own layer (windows, profiles, push messaging). The journeys run in it, a sixth less
 * processor time for the same pages (docs/decisions/047); a machine without the package runs
 * them in the browser itself.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROME_HEADLESS_SHELL_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : CHROMIUM_PATH);

/** Flags that keep Chromium from reaching for Google's hosts on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
