/**
 * Zod compiles object schemas with `new Function` when it may, and finds out whether it may by
 * trying, which the page's Content-Security-Policy (no 'unsafe-eval', src/server/security-headers.ts)
 * reports as a violation. Told up front, it parses without compiling. Imported first by main.tsx,
 * before any schema parses (env.ts parses at import).
 */
import { z } from 'zod';

z.config({ jitless: true });
