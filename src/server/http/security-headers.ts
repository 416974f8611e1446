/**
 * The headers a browser needs to keep the portal's pages and answers to themselves, on every
 * answer of the process (pages, files, API): a Content-Security-Policy that allows only the
 * portal's own scripts (and, by hash, the prerendered sign-in page's inline loader), no framing,
 * no MIME sniffing, no referrer leaving the origin, and no powerful browser features.
 *
 * Not here: Strict-Transport-Security. TLS ends at the proxy in front of the portal, and that proxy
 * sets HSTS (docs/operations/production.md); sent over plain HTTP the header means nothing, and on
 * a LAN address it would pin a name to HTTPS that has none.
 *
 * A route that sets one of these headers itself keeps its own (the customer logo's sandboxing
 * policy, decision 005).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** Firebase Authentication's endpoints, which the page calls itself outside the emulator. */
const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

/** `'sha256-…'` sources for the inline scripts of the built HTML pages in `staticDir`. */
export function inlineScriptHashes(staticDir: string): string[] {
  const hashes = new Set<string>();
  for (const page of ['index.html', 'shell.html', 'app.html']) {
    const path = join(staticDir, page);
    if (!existsSync(path)) continue;
    const html = readFileSync(path, 'utf8');
    for (const [, body] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (body?.trim())
        hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes];
}

export function securityHeaders(scriptHashes: string[] = []): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
      // Mantine sets CSS variables in style attributes and injects its style elements.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...FIREBASE_AUTH_ORIGINS],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: true,
    referrerPolicy: 'same-origin',
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: 'same-origin',
    // Same site, not same origin: a logo may be shown by a page of the company's other hosts.
    crossOriginResourcePolicy: 'same-site',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      hid: [],
    },
    overwrite: false,
  });
}
