/**
 * Compiles the help pages (Markdown) at build time: importing `page.md` gives
 * `{ title, html, text }`. The page ships no Markdown parser, and the HTML is part of the route
 * chunk, so the service worker's precache makes every help page readable offline.
 */
import { marked } from 'marked';
import type { Plugin } from 'vite';

export function markdownPages(): Plugin {
  return {
    name: 'portal-markdown-pages',
    transform(source, id) {
      if (!id.endsWith('.md')) return null;
      const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? '';
      // The first heading is the page's <h1>, rendered by the page itself.
      const body = source.replace(/^#\s+.+$/m, '');
      const html = marked.parse(body, { async: false, gfm: true });
      // Plain text for the docs search and the index's extracts: the Markdown without its markup.
      // Emphasis marks go without a trace (a space in their place would read "Open Quote
      // request ."); block marks (list bullets and numbers, quotes, table rules) become
      // a space; a hyphen inside a word (an item number) stays.
      const text = body
        .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
        // A heading ends its sentence, so it does not run into the paragraph after it.
        .replace(
          /^#+\s+(.*?)([.?!:])?\s*$/gm,
          (_, heading: string, stop?: string) => `${heading}${stop ?? '.'}`,
        )
        .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, ' ')
        .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, ' ')
        .replace(/[#>|]/g, ' ')
        .replace(/[*_`]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      return {
        code: `export default ${JSON.stringify({ title, html, text })};`,
        map: null,
      };
    },
  };
}
