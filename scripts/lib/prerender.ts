/**
 * The prerender of the sign-in page (scripts/prerender.ts, docs/decisions/009): renders the page
 * in Chromium from the built shell and returns index.html with the page's markup and critical CSS
 * in it. The snapshot is always the online page, whatever the network of the machine that builds
 * it: a visitor's first paint must never say "Signing in needs a connection" because the build
 * ran without one.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Runs in the page: the rules of its stylesheets that style what it shows now. A style rule is
 * kept when its selector, with states and pseudo-elements (:hover, ::before…) set aside, matches
 * an element (a selector the browser cannot read that way is kept); at-rules keep their kept
 * rules; keyframes, font faces and layer orders are kept whole. Of the custom properties (most
 * of Mantine's stylesheet: every shade of every colour), only those the page uses stay.
 *
 * The source goes to the page as written, so it has no named inner functions (tsx would wrap
 * them in a helper the page lacks).
 */
function criticalCss(): string {
  const states =
    /::?(?:hover|focus|focus-visible|focus-within|active|visited|checked|disabled|invalid|valid|indeterminate|autofill|placeholder-shown|placeholder|before|after|selection|marker|backdrop|first-letter|first-line|-webkit-[\w-]+|-moz-[\w-]+)(?![\w-])/g;
  const varReference = /var\(\s*(--[\w-]+)/g;
  // Depth first, in order; '}' closes the at-rule opened before the children were pushed.
  const kept: Array<CSSRule | string> = [];
  const stack: Array<CSSRule | '}'> = [];
  for (const sheet of Array.from(document.styleSheets).reverse())
    if (sheet.href !== null) stack.push(...Array.from(sheet.cssRules).reverse());
  while (stack.length > 0) {
    const rule = stack.pop()!;
    if (rule === '}') {
      kept.push('}');
    } else if (rule instanceof CSSStyleRule) {
      const selector = rule.selectorText.replace(states, '');
      let used = true;
      try {
        used = document.querySelector(selector === '' ? '*' : selector) !== null;
      } catch {
        /* not a selector once its states are gone: keep the rule */
      }
      if (used) kept.push(rule);
    } else if (rule instanceof CSSGroupingRule) {
      kept.push(`${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{`);
      stack.push('}', ...Array.from(rule.cssRules).reverse());
    } else {
      kept.push(rule.cssText);
    }
  }

  // Custom properties in use: referenced by a kept declaration, by the page's own style elements
  // and attributes, or by a custom property in use. The references are read from declarations'
  // text (a shorthand holding var() reads as empty longhands), less the custom properties, which
  // count only once they are used themselves.
  const scratch = new CSSStyleSheet();
  const definitions = new Map<string, string[]>();
  const referencing: string[] = Array.from(
    document.querySelectorAll('style, [style]'),
    (element) =>
      element instanceof HTMLStyleElement
        ? (element.textContent ?? '')
        : (element.getAttribute('style') ?? ''),
  );
  for (const rule of kept) {
    if (typeof rule === 'string') {
      referencing.push(rule);
    } else if (rule instanceof CSSStyleRule) {
      scratch.replaceSync(rule.cssText);
      const copy = (scratch.cssRules[0] as CSSStyleRule).style;
      for (const name of Array.from(copy).filter((n) => n.startsWith('--'))) {
        definitions.set(name, [...(definitions.get(name) ?? []), copy.getPropertyValue(name)]);
        copy.removeProperty(name);
      }
      referencing.push(copy.cssText);
    }
  }
  const used = new Set<string>();
  const pending = referencing.flatMap((text) =>
    Array.from(text.matchAll(varReference), (m) => m[1]!),
  );
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    for (const value of definitions.get(name) ?? [])
      for (const match of value.matchAll(varReference)) pending.push(match[1]!);
  }

  let css = kept
    .map((rule) => {
      if (typeof rule === 'string') return rule;
      scratch.replaceSync(rule.cssText);
      const copy = scratch.cssRules[0] as CSSStyleRule;
      for (const name of Array.from(copy.style))
        if (name.startsWith('--') && !used.has(name)) copy.style.removeProperty(name);
      return copy.style.length > 0 ? copy.cssText : '';
    })
    .join('');
  // At-rules left empty go, inner ones first.
  let before;
  do {
    before = css;
    css = css.replace(/@[^{};]*\{\}/g, '');
  } while (css !== before);
  return css;
}

/**
 * Puts the app's script tags in place once the prerendered page has painted: when the browser
 * reports its first contentful paint (the moment it is on screen, which can be well after the
 * frame was drawn), or after a second where paint timing is missing. A hidden tab paints
 * nothing, so it gets them at once.
 */
const LOAD_AFTER_PAINT = `(() => {
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    document.head.append(document.importNode(document.getElementById('app-scripts').content, true));
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState !== 'visible' || painted()) return load();
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.includes('paint'))
    new PerformanceObserver(() => painted() && load()).observe({ type: 'paint' });
  setTimeout(load, 1000);
})();`;

/**
 * Runs in the page before its scripts: the browser reports itself online, and its online and
 * offline events never reach the page, so the snapshot shows the page a connected visitor sees.
 */
const ALWAYS_ONLINE = `(() => {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
  for (const type of ['online', 'offline'])
    window.addEventListener(type, (event) => event.stopImmediatePropagation(), true);
})();`;

export interface PrerenderOptions {
  /** The folder of the build (scripts and stylesheets the shell names). */
  dist: string;
  /**
   * Takes the browser offline once the page has rendered, before the snapshot, as a build machine
   * without a network would have it (tests: the output must not change).
   */
  offline?: boolean;
}

/** index.html with the sign-in page prerendered into `shell` (the unrendered index.html). */
export async function prerenderSignInPage(
  shell: string,
  { dist, offline = false }: PrerenderOptions,
): Promise<string> {
  if (shell.includes('data-prerendered')) throw new Error('the shell is already prerendered');
  // A static server over dist for the snapshot: no API is needed to show the sign-in page.
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = path === '/' || !extname(path) ? 'index.html' : path.slice(1);
    try {
      const body = file === 'index.html' ? shell : readFileSync(join(dist, file));
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(ALWAYS_ONLINE);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    if (offline) {
      await context.setOffline(true);
      // Whatever the page would do about it has happened by the next frames.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
    }
    // What the page hides (the other tab's form) goes: nobody sees it before React renders it again,
    // and whether React has rendered it yet when the snapshot is taken is a matter of timing.
    await page.evaluate(() => {
      for (const element of Array.from(document.querySelectorAll('#root *')))
        if (!(element instanceof HTMLStyleElement) && getComputedStyle(element).display === 'none')
          element.replaceChildren();
    });
    const snapshot = await page.evaluate(() => ({
      root: document.getElementById('root')?.innerHTML ?? '',
      styles: Array.from(document.head.querySelectorAll('style[data-mantine-styles]'))
        .map((style) => style.outerHTML)
        .join(''),
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light',
    }));
    if (!snapshot.root.includes('Sign in')) throw new Error('the sign-in page did not render');
    if (
      !snapshot.root.includes('Create an account') ||
      snapshot.root.includes('needs a connection')
    )
      throw new Error('the sign-in page rendered its offline state');
    const critical = await page.evaluate(criticalCss);
    const stylesheets = [...shell.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link);
    if (stylesheets.length === 0 || critical.length === 0)
      throw new Error('no stylesheet to inline the sign-in page’s rules from');

    let prerendered = shell
      .replace(
        '<html lang="en">',
        `<html lang="en" data-mantine-color-scheme="${snapshot.scheme}">`,
      )
      // Before the stylesheets, which repeat these rules in their own order once switched on.
      .replace(stylesheets[0]!, (link) => `<style data-critical>${critical}</style>${link}`)
      .replace('</head>', `${snapshot.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root"><div inert data-prerendered>${snapshot.root}</div></div>`,
      );
    if (!prerendered.includes('data-prerendered')) throw new Error('index.html has no empty #root');
    // The stylesheets no longer hold up the first paint: fetched at low priority, switched on by
    // the app before it renders (src/client/main.tsx), when whatever else they style may appear.
    for (const link of stylesheets)
      prerendered = prerendered.replace(link, link.replace('>', ' media="print" data-deferred>'));
    // The app's scripts are asked for once the page has painted (docs/decisions/009): their tags
    // wait in a template that a few lines at the end of the body put in place then.
    const scripts = [
      ...prerendered.matchAll(
        /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g,
      ),
    ].map(([tag]) => tag);
    if (!scripts.some((tag) => tag.startsWith('<script')))
      throw new Error('index.html has no module script');
    for (const tag of scripts) prerendered = prerendered.replace(tag, '');
    prerendered = prerendered.replace(
      '</body>',
      () =>
        `<template id="app-scripts">${scripts.join('')}</template><script>${LOAD_AFTER_PAINT}</script></body>`,
    );
    return prerendered;
  } finally {
    await browser.close();
    server.close();
  }
}
