/**
 * Zod compiles object schemas with `new Function` when it may, and finds out whether it may by
 * trying, which the page's Content-Security-Policy (no 'unsafe-eval',
 * src/server/http/security-headers.ts) reports as a violation. Told up front, it parses without
 * compiling. Imported first by main.tsx, before any schema is built.
 *
 * Told without importing zod, so that zod stays out of the first load and comes with the pages
 * that parse: zod keeps its settings in `globalThis.__zod_globalConfig` (one object for every copy
 * of zod on the page) and adopts the object it finds there when it loads.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
