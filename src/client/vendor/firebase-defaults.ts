/**
 * A stand-in for @firebase/util's `postinstall.mjs`, which the build gives that package in its
 * place (scripts/lib/vite-lean-imports.ts). Firebase looks for defaults (an app's config, emulator
 * hosts, experimental settings) first here, then on `globalThis`, then in a cookie: with nothing
 * found, each look reads `document.cookie`, a synchronous round trip to the browser's cookie store,
 * once as its Auth module is evaluated and again as the app starts. Those reads were a sixth of the
 * modules' evaluation on both first pages (docs/decisions/025). The portal configures Firebase in
 * code (lib/firebase.ts) and sets no such defaults anywhere: "none" is answered here at once.
 */
export const getDefaultsFromPostinstall = (): Record<string, never> => ({});
