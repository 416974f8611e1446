import { describe, expect, it } from 'vitest';
import { DOC_PAGES } from '../../../shared/access';
import { DOCS, searchDocs } from './doc-pages';

describe('help pages', () => {
  it('has a titled page with real text for each of the seven doc routes', () => {
    for (const page of DOC_PAGES) {
      expect(DOCS[page].title.length).toBeGreaterThan(3);
      expect(DOCS[page].text.split(' ').length).toBeGreaterThan(80);
      expect(DOCS[page].html).toContain('<h2');
    }
  });

  it('finds pages by every word of the query, case-insensitively', () => {
    expect(searchDocs('')).toHaveLength(DOC_PAGES.length);
    expect(searchDocs('Tracking number')).toContain('open-orders');
    expect(searchDocs('quantity breaks')).toEqual(expect.arrayContaining(['quote-request']));
    expect(searchDocs('password')).toEqual(expect.arrayContaining(['login']));
    expect(searchDocs('zzzz-nothing')).toEqual([]);
  });
});
